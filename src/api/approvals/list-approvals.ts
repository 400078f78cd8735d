// GET api/v1/approvals (listApprovals) and the decisions (approveApproval, rejectApproval): the Approvals screen's table
// and the header's count of pending approvals. Shared by the shell and the feature, so it sits with the API.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { operations } from '../gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../jsonapi';
import type { Approval } from './pending';

type ListApprovalsQuery = NonNullable<operations['listApprovals']['parameters']['query']>;

/** The contract types the flattened resource; this only names that type. */
export function asApproval(row: FlatRecord): Approval {
  return row as unknown as Approval;
}

/** `params` are list parameters as text (page, filter[status]); names are checked against the contract by check:config. */
export async function listApprovals(params: Record<string, string>, signal?: AbortSignal): Promise<{ rows: FlatRecord[]; meta: ListMeta }> {
  const query = params as unknown as ListApprovalsQuery;
  return flattenList(unwrap(await api.GET('/api/v1/approvals', { params: { query }, signal })));
}

export interface ApprovalsKey {
  /** The tenant whose token asks: a switch must not show the previous tenant's approvals. */
  tenant: string | null;
  params: Record<string, string>;
}

/** Without a key: the key every approvals query starts with, for refreshing them all after a decision. */
export function getApprovalsQueryOptions(key?: ApprovalsKey) {
  return queryOptions({
    queryKey: key ? ['approvals', key.tenant, key.params] : ['approvals'],
    queryFn: ({ signal }) => listApprovals(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}

const PENDING_COUNT = { 'filter[status]': 'pending', 'page[size]': '1' };

/** How many approvals of the tenant wait for a decision (one row asked for; the total is in the meta). */
export function usePendingApprovalsCount(tenant: string | null, enabled: boolean): number | undefined {
  const query = useQuery({ ...getApprovalsQueryOptions({ tenant, params: PENDING_COUNT }), enabled, refetchInterval: 60_000, select: (page) => page.meta.itemTotal });
  return query.data;
}

export type Decision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

/** Approves (the gateway runs the maker's request once) or rejects with a reason; answers the decided approval. */
export async function decideApproval(decision: Decision): Promise<Approval> {
  const path = { id: decision.id };
  const document =
    decision.decision === 'approve'
      ? unwrap(await api.POST('/api/v1/approvals/{id}/approve', { params: { path } }))
      : unwrap(await api.POST('/api/v1/approvals/{id}/reject', { params: { path }, body: { data: { type: 'approval', attributes: { reason: decision.reason } } } }));
  return { id: document.data.id, ...document.data.attributes };
}

/** A decision changes the lists, the count and whatever the approved request changed: every query refetches. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideApproval, onSettled: () => queryClient.invalidateQueries() });
}
