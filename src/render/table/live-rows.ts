// Live tables: a change the gateway streams (the contract's streamChanges, read by src/app/useChangeStream) patches
// the changed row inside every open table's cached page, in place: the row alone is read (the list's `filter[id]`),
// never the page, the other rows keep their identity, so neither the scroll position nor the selection moves; the
// row is highlighted for a moment.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { components } from '../../api/gateway';
import type { FlatRecord } from '../../api/jsonapi';
import { useLatest } from '../use-latest';

export type ChangeEvent = components['schemas']['ChangeEvent'];

/** The list operation whose rows each entity of the stream is. */
export const LIVE_OPERATIONS: Readonly<Record<ChangeEvent['entity'], string>> = {
  user: 'listUsers',
  walletTransaction: 'listWalletTransactions',
  remittance: 'listRemittances',
};

/** How long a changed row stays highlighted. */
export const HIGHLIGHT_MS = 2_000;

interface RowsPage {
  rows: readonly FlatRecord[];
}

/**
 * The page with the row `id` replaced by `fresh`, or left out when `fresh` is undefined (the row no longer matches
 * the table's query); every other row and the meta are the same objects. The meta's totals are left as they are:
 * they count again with the next read of the page. The page itself when it does not hold that row or the row did
 * not change.
 */
export function patchRow<Page extends RowsPage>(page: Page, id: string, fresh: FlatRecord | undefined): Page {
  const index = page.rows.findIndex((row) => row.id === id);
  if (index < 0) return page;
  const current = page.rows[index];
  if (fresh !== undefined && current !== undefined && JSON.stringify(current) === JSON.stringify(fresh)) return page;
  const rows = page.rows.slice();
  if (fresh === undefined) rows.splice(index, 1);
  else rows[index] = fresh;
  return { ...page, rows };
}

/** A page's list parameters narrowed to the one row `id` (the contract's `filter[id]`), every other filter kept. */
export function rowParams(params: Readonly<Record<string, string>>, id: string): Record<string, string> {
  return { ...params, 'filter[id]': id, 'page[number]': '1' };
}

type ChangeListener = (entityId: string) => void;

const listeners = new Map<string, Set<ChangeListener>>();

/** Delivers a streamed change to the open tables of its list. */
export function publishChange(event: ChangeEvent): void {
  for (const listener of listeners.get(LIVE_OPERATIONS[event.entity]) ?? []) listener(event.entityId);
}

function onChange(operation: string, listener: ChangeListener): () => void {
  const set = listeners.get(operation) ?? new Set();
  set.add(listener);
  listeners.set(operation, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(operation);
  };
}

// Which rows are highlighted, by `<operation> <row id>`; rows read it through useRowChanged.
const highlighted = new Set<string>();
const highlightListeners = new Set<() => void>();

function notifyHighlights(): void {
  for (const listener of highlightListeners) listener();
}

export function highlightRow(operation: string, id: string): void {
  const key = `${operation} ${id}`;
  highlighted.add(key);
  notifyHighlights();
  setTimeout(() => {
    highlighted.delete(key);
    notifyHighlights();
  }, HIGHLIGHT_MS);
}

function subscribeHighlights(listener: () => void): () => void {
  highlightListeners.add(listener);
  return () => highlightListeners.delete(listener);
}

/** The list operation of the table around a row (SchemaTable provides it). */
export const LiveOperationContext = createContext<string | undefined>(undefined);

/** Whether the row just changed; only the rows whose answer flips re-render. */
export function useRowChanged(id: string): boolean {
  const operation = useContext(LiveOperationContext);
  const changed = () => operation !== undefined && highlighted.has(`${operation} ${id}`);
  return useSyncExternalStore(subscribeHighlights, changed, changed);
}

export interface LivePage<Page extends RowsPage, Key extends QueryKey> {
  operation: string | undefined;
  queryKey: Key;
  /** Reads the one row `id` with the page's own query (see rowParams): a page of that row, or of none. */
  readRow: ((id: string) => Promise<Page>) | undefined;
  data: Page | undefined;
}

/**
 * Keeps an open table's page live: when a change names one of its rows, that row alone is read again with the
 * table's query and patched into the cached page, or taken out of it when it no longer matches the query; when that
 * read fails, the whole page is read again.
 */
export function useLivePage<Page extends RowsPage, Key extends QueryKey>({ operation, queryKey, readRow, data }: LivePage<Page, Key>): void {
  const client = useQueryClient();
  const latest = useLatest({ queryKey, readRow, data });
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (operation === undefined) return undefined;
    return onChange(operation, (id) => {
      const { queryKey: key, readRow: read, data: page } = latest.current;
      if (read === undefined || !page?.rows.some((row) => row.id === id)) return;
      // Read beside the cache: the cached page is only patched, never replaced.
      void read(id)
        .then((fresh) => {
          const row = fresh.rows.find((candidate) => candidate.id === id);
          client.setQueryData<Page>(key, (cached) => (cached ? patchRow(cached, id, row) : cached));
          if (row) highlightRow(operation, id);
        })
        // The row could not be read (the network gone a moment, say): the page is read again instead, as soon as it
        // can be (a read waits while the browser is offline), so the change is never lost.
        .catch(() => client.invalidateQueries({ queryKey: key, exact: true }));
    });
    // keyText: the effect follows the page's key by value.
  }, [client, operation, keyText, latest]);
}
