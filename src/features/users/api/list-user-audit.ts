// GET api/v1/audit?filter[entityId]=<user id> (listAuditEvents): the user's recent audit rows for the History section,
// so a status change shows with its reason. The gateway answers role 4 only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type AuditEvent = { id: string } & components['schemas']['AuditEvent']['attributes'];

/** The entities whose id is the user's id (wallet transactions have their own ids). */
const USER_ENTITIES = new Set(['user', 'account', 'document', 'photo']);
export const USER_AUDIT_PAGE_SIZE = 10;

export async function listUserAudit(userId: string, signal?: AbortSignal): Promise<AuditEvent[]> {
  const document = unwrap(
    await api.GET('/api/v1/audit', {
      params: { query: { 'filter[entityId]': userId, sort: '-at', 'page[number]': 1, 'page[size]': USER_AUDIT_PAGE_SIZE } },
      signal,
    }),
  );
  return document.data.filter((row) => USER_ENTITIES.has(row.attributes.entity)).map((row) => ({ id: row.id, ...row.attributes }));
}

export function getUserAuditQueryOptions(key?: { userId: string; tenant: string | null }) {
  return queryOptions({
    queryKey: key ? ['audit', key.userId, key.tenant] : ['audit'],
    queryFn: ({ signal }) => listUserAudit(key?.userId ?? '', signal),
  });
}

export function useUserAudit(key: { userId: string; tenant: string | null }, enabled: boolean) {
  return useQuery({ ...getUserAuditQueryOptions(key), enabled });
}
