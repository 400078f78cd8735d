// users-and-wallets §2 "wallet balance widget": the user's wallet balance with 2 decimals (§9), USD with symbol D when
// the wallet names no currency (§9); hidden for roles 4 and 64 (§6, schemas/screens/user-details.json walletBalance).
import { useId } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { useConfig } from '../../../config/context';
import type { RuleContext } from '../../../config/rules';
import { currencyOf, formatMoney } from '../../../render/format';
import { walletShows } from '../wallet-rules';

export const WALLET_BALANCE_LABEL = 'Wallet balance';

export interface WalletHolder {
  wallet?: { currency?: string | null; balance?: string | null } | null;
}

export interface WalletBalanceProps {
  user: WalletHolder;
  /** The staff member's rule context: whose role decides whether the widget shows. */
  context: RuleContext;
}

export function WalletBalance({ user, context }: WalletBalanceProps) {
  const labelId = useId();
  const { set } = useConfig();
  if (!walletShows('walletBalance', context, set)) return null;
  const currency = currencyOf(user.wallet?.currency);
  return (
    <Paper component="section" aria-labelledby={labelId} withBorder p="md" radius="md">
      <Text id={labelId} size="sm" c="dimmed">
        {WALLET_BALANCE_LABEL}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz="xl" fw={700} data-testid="wallet-balance-amount">
          {formatMoney(user.wallet?.balance ?? '0', user.wallet?.currency)}
        </Text>
        {currency.symbol !== currency.code && (
          <Text size="sm" c="dimmed">
            {currency.code}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
