// The products a selector offers (fees, forex, a new currency): the contract's largest page, by title
// (identity-and-catalogue §2, §7).
import { useQuery } from '@tanstack/react-query';
import { listQuery, type Page, type RowOf } from '../../api/resource';
import { useSessionState } from '../../api/session';

/** A product as selectors show it. */
export type ProductChoice = { id: string; title: string };

export function useProductChoices() {
  // Re-rendered when the session's tenant changes, as useList is, so the key follows the token.
  useSessionState();
  return useQuery({
    ...listQuery('listProducts', { query: { 'page[size]': 100, sort: 'title' } }),
    select: (page: Page<RowOf<'listProducts'>>): ProductChoice[] => page.rows.map((row) => ({ id: row.id, title: row.title })),
  });
}
