// GET api/v1/integration/swift/payout-account/{accountNumber} (getPayoutAccount): the tenant's payout account and its
// available balance, read from the bank (remittances-and-payouts §2 payout account card and the Available Balance;
// §9: the account number is configured per partner, `payoutAccount` in the tenant file).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type PayoutAccount = components['schemas']['PayoutAccountDocument']['data']['attributes'];

export async function getPayoutAccount(accountNumber: string, signal?: AbortSignal): Promise<PayoutAccount> {
  const document = unwrap(
    await api.GET('/api/v1/integration/swift/payout-account/{accountNumber}', { params: { path: { accountNumber } }, signal }),
  );
  return document.data.attributes;
}

export interface PayoutAccountKey {
  tenant: string | null;
  accountNumber: string;
}

export function getPayoutAccountQueryOptions(key?: PayoutAccountKey) {
  return queryOptions({
    queryKey: key ? ['payout-account', key.tenant, key.accountNumber] : ['payout-account'],
    queryFn: ({ signal }) => getPayoutAccount(key?.accountNumber ?? '', signal),
    // A bank that is down answers at once (502); asking again only repeats it.
    retry: false,
  });
}

/** The account, when there is one to read (`key` null: the tenant has none, or the staff member may not see it). */
export function usePayoutAccount(key: PayoutAccountKey | null) {
  return useQuery({ ...getPayoutAccountQueryOptions(key ?? undefined), enabled: key !== null });
}
