// GET api/v1/remittance (listRemittances): one page of the tenant's remittance (bank payout) transactions with the list
// meta (remittances-and-payouts §2, §7: page, sort, a filter per column, the date range). Rows carry the gateway's
// reprocessable, queued and per-row actions.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/gateway';
import { flattenList, type FlatRecord, type ListMeta } from '../../../api/jsonapi';

type ListRemittancesQuery = NonNullable<operations['listRemittances']['parameters']['query']>;

/** A remittance as a row: `{ id, ...attributes }`. */
export type RemittanceRow = { id: string; type: 'remittance' } & components['schemas']['RemittanceAttributes'];

export interface RemittancesPage {
  /** As the tables take them (src/api/jsonapi.ts); `asRemittanceRow` reads one. */
  rows: FlatRecord[];
  meta: ListMeta;
}

/** The contract types the flattened resource; this only names that type. */
export function asRemittanceRow(row: FlatRecord): RemittanceRow {
  return row as unknown as RemittanceRow;
}

/** `params` are list parameters as text (src/render/table listParams plus the date range). */
export async function listRemittances(params: Record<string, string>, signal?: AbortSignal): Promise<RemittancesPage> {
  // The table file's filter and sort names are checked against the contract (npm run check:config).
  const query = params as unknown as ListRemittancesQuery;
  const document = unwrap(await api.GET('/api/v1/remittance', { params: { query }, signal }));
  const { rows, meta } = flattenList(document);
  return { rows, meta };
}

export interface RemittancesKey {
  /** The tenant whose token fetches the list: a switch must not show the previous tenant's rows. */
  tenant: string | null;
  params: Record<string, string>;
}

export function getRemittancesQueryOptions(key?: RemittancesKey) {
  return queryOptions({
    queryKey: key ? ['remittances', key.tenant, key.params] : ['remittances'],
    queryFn: ({ signal }) => listRemittances(key?.params ?? {}, signal),
    placeholderData: keepPreviousData,
  });
}
