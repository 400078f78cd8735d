// GET api/v1/audit (listAuditEvents): pages of the append-only audit trail, for the Audit screen's table and the
// History tabs of a record's details. Shared by features (src/features/audit) and renderers (src/render/audit), so it
// sits with the API; the gateway answers role 4 only.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components, operations } from '../gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../jsonapi';

type ListAuditQuery = NonNullable<operations['listAuditEvents']['parameters']['query']>;

export type AuditEvent = { id: string } & components['schemas']['AuditEvent']['attributes'];

export const AUDIT_EVENTS_PATH = '/api/v1/audit';

/** The contract types the flattened resource; this only names that type. */
export function asAuditEvent(row: FlatRecord): AuditEvent {
  return row as unknown as AuditEvent;
}

/** `params` are list parameters as text (page, sort, filter[...]); names are checked against the contract by check:config. */
export async function listAuditEvents(params: Record<string, string>, signal?: AbortSignal): Promise<{ rows: FlatRecord[]; meta: ListMeta }> {
  const query = params as unknown as ListAuditQuery;
  return flattenList(unwrap(await api.GET(AUDIT_EVENTS_PATH, { params: { query }, signal })));
}

export interface AuditEventsKey {
  /** The tenant whose token asks: a switch must not show the previous tenant's rows. */
  tenant: string | null;
  params: Record<string, string>;
}

/** Without a key: the key every audit page starts with, for invalidating them all after a change. */
export function getAuditEventsQueryOptions(key?: AuditEventsKey) {
  return queryOptions({
    queryKey: key ? ['audit', key.tenant, key.params] : ['audit'],
    queryFn: ({ signal }) => listAuditEvents(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
