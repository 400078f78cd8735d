// GET api/v1/integration/swift/providus-account (lookupPayoutAccount): asks the payout bank about an account number;
// an account it does not know answers accountNumber null with its code and message (remittances-and-payouts §7, §8).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type AccountLookup = components['schemas']['AccountLookupDocument']['data']['attributes'];

export async function lookupPayoutAccount(accountNumber: string): Promise<AccountLookup> {
  const document = unwrap(await api.GET('/api/v1/integration/swift/providus-account', { params: { query: { accountNumber } } }));
  return document.data.attributes;
}

export function useLookupPayoutAccount() {
  return useMutation({ mutationFn: lookupPayoutAccount });
}
