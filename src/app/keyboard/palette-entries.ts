// What the command palette offers from the tenant's own menu (identity-and-catalogue §2: the menu the shell draws,
// its role rules and labels already applied by resolveMenu), and where a found user or transaction opens.
import type { ResolvedMenuItem } from '../../config';

export interface MenuEntry {
  label: string;
  route: string;
  /** The parents' labels, e.g. 'Remittances' for a nested item. */
  path: string;
}

/** Every item of the menu that goes somewhere, nested ones with their parents' labels. */
export function menuEntries(items: readonly ResolvedMenuItem[], parents: readonly string[] = []): MenuEntry[] {
  return items.flatMap((item) => {
    const own: MenuEntry[] = item.route ? [{ label: item.label, route: item.route, path: parents.join(' › ') }] : [];
    return [...own, ...menuEntries(item.children ?? [], [...parents, item.label])];
  });
}

/** Entries whose label or parents contain every word of the query (case-insensitive); all of them for no query. */
export function matchingEntries(entries: readonly MenuEntry[], query: string): MenuEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '');
  return entries.filter((entry) => {
    const text = `${entry.label} ${entry.path}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The users list routes, in the order a found user prefers them (src/config/routes.ts). */
const USER_LIST_ROUTES = ['/wallet/users', '/users', '/remittances/users', '/wallet/admins', '/admins', '/remittances/admins'];

/** Where a found user opens: the first users list of the tenant's menu (else the wallet users list), its panel open. */
export function userAddress(entries: readonly MenuEntry[], userId: string): string {
  const routes = new Set(entries.map((entry) => entry.route.toLowerCase()));
  const route = USER_LIST_ROUTES.find((candidate) => routes.has(candidate)) ?? USER_LIST_ROUTES[0];
  return `${route}?user=${encodeURIComponent(userId)}`;
}

/** Where a found transaction opens: the wallet transactions list with its details panel. */
export function transactionAddress(referenceNumber: string): string {
  return `/wallet/transactions?transaction=${encodeURIComponent(referenceNumber)}`;
}
