// GET api/v1/settings/currency (listCurrencies): the settings currencies, shared by every tenant; fee details are
// kept in them (identity-and-catalogue §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { DEFAULT_META, type ListMeta } from '../../../api/jsonapi';
import { referenceRows } from '../../../api/reference-lists/reference-rows';

export async function listCurrencies(signal?: AbortSignal) {
  const rows = referenceRows(unwrap(await api.GET('/api/v1/settings/currency', { signal })).data).map((row) => ({ ...row, type: 'currency' }));
  // One list without paging: a single page holding every row.
  const meta: ListMeta = { ...DEFAULT_META, itemTotal: rows.length, pageSize: Math.max(rows.length, 1) };
  return { rows, meta };
}

export function getCurrenciesQueryOptions(_key?: { tenant: string | null; params: Record<string, string> }) {
  return queryOptions({ queryKey: ['currencies'], queryFn: ({ signal }) => listCurrencies(signal) });
}

export function useCurrencies() {
  return useQuery(getCurrenciesQueryOptions());
}
