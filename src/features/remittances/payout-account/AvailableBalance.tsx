// remittances-and-payouts §2 table header 'Available Balance' (payout admins, §6): the tenant's payout account balance
// from the bank, or the error message, else 'Account unreachable' (§8).
import { Group, Loader, Text } from '@mantine/core';
import { formatAmount } from '../../../render/format';
import { usePayoutAccount } from '../api/get-payout-account';
import { balanceErrorText } from './account-texts';

export const AVAILABLE_BALANCE = 'Available Balance';

export function AvailableBalance({ tenant, accountNumber }: { tenant: string | null; accountNumber: string }) {
  const account = usePayoutAccount({ tenant, accountNumber });
  return (
    <Group gap={6} aria-live="polite">
      <Text size="sm" fw={600}>
        {AVAILABLE_BALANCE}:
      </Text>
      {account.isPending ? (
        <Loader role="status" size="xs" aria-label="Loading..." />
      ) : account.isError ? (
        <Text size="sm" c="var(--mantine-color-red-text)">
          {balanceErrorText(account.error)}
        </Text>
      ) : (
        <Text size="sm">{`${formatAmount(account.data.availableBalance)} ${account.data.currency}`}</Text>
      )}
    </Group>
  );
}
