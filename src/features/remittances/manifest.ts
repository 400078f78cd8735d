// The remittances (src/config/routes.ts ScreenManifest, render/table TableSources): their screens, and the source of
// the remittance table's rows (schemas/tables/remittances.json: operation listRemittances) with the Pay-in ID
// uppercased (remittances-and-payouts §2).
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { tableSource, type TableSources } from '../../render/table/table-sources';
import { withUppercasePayinId } from './list/payin-id';

export const screens: ScreenManifest = {
  payinDashboard: { module: './dashboard/PayinDashboardScreen', routes: [{ path: '/remittances/dashboard', title: 'Pay-in dashboard' }] },
  remittanceTransactions: {
    module: './list/RemittancesScreen',
    routes: [
      { path: '/transactions/remittances', title: 'Remittance transactions' },
      { path: '/transactions/remittances/:filterstatus', title: 'Remittance transactions' },
    ],
  },
  walletPayouts: {
    module: './directions/RemittanceDirectionScreens',
    component: 'PayoutTransactionsScreen',
    routes: [{ path: '/remittances/payout', title: 'Pay-out transactions' }],
  },
  walletPayins: {
    module: './directions/RemittanceDirectionScreens',
    component: 'PayinTransactionsScreen',
    routes: [{ path: '/remittances/payin', title: 'Pay-in transactions' }],
  },
  payoutAccount: { module: './payout-account/PayoutAccountScreen', routes: [{ path: '/payoutAccount', title: 'Payout Account' }] },
};

export const tableSources = {
  listRemittances: tableSource(tablePageQuery('listRemittances'), { rows: withUppercasePayinId }),
} satisfies TableSources;
