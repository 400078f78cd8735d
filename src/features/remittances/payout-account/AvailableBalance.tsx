// remittances-and-payouts §2 table header 'Available Balance' (payout admins, §6): the tenant's payout account balance
// from the bank, or the error message, else 'Account unreachable' (§8).
import { Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { readQuery, type RecordOf } from '../../../api/resource';
import { useSessionState } from '../../../api/session';
import { formatAmount } from '../../../render/format';
import { balanceErrorText } from './account-texts';

export const AVAILABLE_BALANCE = 'Available Balance';

/** The tenant's payout account read from the bank (§9: its number is the tenant file's `payoutAccount`). */
export type PayoutAccount = RecordOf<'getPayoutAccount'>;

/** The account and its balance; a bank that is down answers at once (502), so asking again only repeats it. The tenant
 * is the selected one, whose token the read carries (src/api/resource.ts keys by it). */
export function usePayoutAccount(accountNumber: string) {
  useSessionState();
  return useQuery({ ...readQuery('getPayoutAccount', { path: { accountNumber } }), retry: false });
}

export function AvailableBalance({ accountNumber }: { accountNumber: string }) {
  const account = usePayoutAccount(accountNumber);
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
