// Where a click on a dashboard widget or bar goes (identity-and-catalogue §2): the list it totals, filtered as the
// gateway counted it, in the family of lists the tenant's menu shows (wallet, payin/payout or remittance lists), else
// the wallet lists, which every tenant can open.
import type { ResolvedMenu, ResolvedMenuItem } from '../../config';
import type { components } from '../../api/gateway';
import type { Timeframe } from './transaction-chart';

type WidgetList = components['schemas']['WidgetList'];

export type DashboardList = WidgetList['list'] | 'transactions';

type ListRoutes = Record<DashboardList, string>;

/** The wallet lists, the payin and payout lists, the remittance lists (identity-and-catalogue §2 route map). */
const LIST_FAMILIES: readonly [ListRoutes, ...ListRoutes[]] = [
  { users: '/wallet/users', admins: '/wallet/admins', transactions: '/wallet/transactions' },
  { users: '/users', admins: '/admins', transactions: '/wallet/transactions' },
  { users: '/remittances/users', admins: '/remittances/admins', transactions: '/wallet/transactions' },
];

function menuRoutes(items: readonly ResolvedMenuItem[]): string[] {
  return items.flatMap((item) => [...(item.route ? [item.route] : []), ...menuRoutes(item.children ?? [])]);
}

/** The list's route in the family of lists the tenant's menu shows, e.g. /admins beside a menu's /users. */
export function listRoute(list: DashboardList, menu: ResolvedMenu | null): string {
  const inMenu = new Set(menuRoutes(menu?.items ?? []).map((route) => route.toLowerCase()));
  const family = LIST_FAMILIES.find((routes) => inMenu.has(routes.users.toLowerCase()) || inMenu.has(routes.admins.toLowerCase()));
  return (family ?? LIST_FAMILIES[0])[list];
}

function withSearch(route: string, search: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${route}?${query}` : route;
}

/** The users or admins list, filtered by the widget's status as the gateway counted it. */
export function widgetLink(opens: WidgetList, menu: ResolvedMenu | null): string {
  return withSearch(listRoute(opens.list, menu), opens.status ? { 'filter[status]': opens.status } : {});
}

/** The days a period covers: its day (weekly), or its month up to the statistics' last day (monthly). */
export function periodRange(period: string, timeframe: Timeframe, lastDay: string): { startDate: string; endDate: string } {
  if (timeframe === 'weekly') return { startDate: period, endDate: period };
  const [year = 1970, month = 1] = period.split('-').map(Number);
  const monthEnd = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { startDate: period, endDate: monthEnd < lastDay ? monthEnd : lastDay };
}

/** The wallet transactions a bar counts: COMPLETED, in the statistics' currency, in the period's days. */
export function periodLink(period: string, timeframe: Timeframe, statistics: { currency: string; endDate: string }, menu: ResolvedMenu | null): string {
  return withSearch(listRoute('transactions', menu), {
    ...periodRange(period, timeframe, statistics.endDate),
    'filter[status]': 'COMPLETED',
    'filter[currency]': statistics.currency,
  });
}
