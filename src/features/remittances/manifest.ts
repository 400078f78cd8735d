// The remittance screens (src/config/routes.ts ScreenManifest).
import type { ScreenManifest } from '../../config/routes';

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
