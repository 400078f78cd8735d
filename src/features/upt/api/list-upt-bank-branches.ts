// GET api/v1/upt/bank-branch-data?bankCode= (listUptBankBranches): every branch of one bank, for the bank's modal
// (remittances-and-payouts §2, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type UptBranch = { id: string } & components['schemas']['UptBranch']['attributes'];

export async function listUptBankBranches(bankCode: string, signal?: AbortSignal): Promise<UptBranch[]> {
  const document = unwrap(await api.GET('/api/v1/upt/bank-branch-data', { params: { query: { bankCode } }, signal }));
  return document.data.map((branch) => ({ id: branch.id, ...branch.attributes }));
}

export function getUptBankBranchesQueryOptions(bankCode?: string) {
  return queryOptions({
    queryKey: bankCode === undefined ? ['upt-bank-branches'] : ['upt-bank-branches', bankCode],
    queryFn: ({ signal }) => listUptBankBranches(bankCode ?? '', signal),
  });
}

export function useUptBankBranches(bankCode: string | null) {
  return useQuery({ ...getUptBankBranchesQueryOptions(bankCode ?? undefined), enabled: bankCode !== null });
}
