// Where a table's query lives: in the address by default (./url-query.ts), so a reload or Back keeps it; or in the
// component, for a table inside a panel whose screen's own list owns the address.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { TableQuery } from './table-query';
import { hasTableQuery, queryFromSearch, searchWithQuery } from './url-query';

/** Changes the query; `search` sets other address parameters in the same step (e.g. a date range). */
export type SetTableQuery = (next: TableQuery, search?: Readonly<Record<string, string>>) => void;

/** The history entry's state records the tenant its address query was chosen in. */
const TENANT_STATE = 'tableTenant';

function entryState(state: unknown): Record<string, unknown> {
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

export function useTableQuery(initial: TableQuery, tenant: string | null, inAddress: boolean): [TableQuery, SetTableQuery] {
  const [local, setLocal] = useState(initial);
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => entryState(location.state), [location.state]);
  const stamped = TENANT_STATE in state;
  // A query chosen in another tenant does not apply: a tenant switch starts the list afresh, page 1 and no filters.
  const foreign = stamped && state[TENANT_STATE] !== tenant;
  const searchText = search.toString();
  const fromAddress = useMemo(() => (foreign ? initial : queryFromSearch(new URLSearchParams(searchText), initial)), [foreign, searchText, initial]);

  const write = useCallback<SetTableQuery>(
    (next, others = {}) => {
      const update = (current: URLSearchParams) => {
        const updated = searchWithQuery(current, next, initial);
        for (const [name, value] of Object.entries(others)) updated.set(name, value);
        return updated;
      };
      setSearch(update, { replace: true, state: { ...state, [TENANT_STATE]: tenant } });
    },
    [setSearch, initial, state, tenant],
  );

  // Clears another tenant's query from the address, and stamps a query that came in with the address (a bookmark).
  const restamp = inAddress && (foreign || (!stamped && hasTableQuery(search)));
  useEffect(() => {
    if (restamp) write(fromAddress);
  }, [restamp, write, fromAddress]);

  const setInComponent = useCallback<SetTableQuery>((next) => setLocal(next), []);
  return inAddress ? [fromAddress, write] : [local, setInComponent];
}
