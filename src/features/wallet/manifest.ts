// The wallet's screen (src/config/routes.ts ScreenManifest).
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  walletTransactions: { module: './transactions/WalletTransactionsScreen', routes: [{ path: '/wallet/transactions', title: 'Wallet transactions' }] },
};
