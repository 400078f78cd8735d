// The wallet (src/config/routes.ts ScreenManifest, render/table TableSources, render/slots): its screen, the source of
// the wallet transaction tables' rows (schemas/tables/wallet-transactions.json, user-transactions.json: operation
// listWalletTransactions), the slot its screen offers (./slots.tsx: a row opens the user) and what it draws in the
// users' slots: the balance, the top-up modal and the Transactions tab of a user's details. Each slot's code loads
// on first use, so the users screens do not carry the top-up flow until it opens.
import { tablePageQuery } from '../../api/resource';
import type { ScreenManifest } from '../../config/routes';
import { lazySlot } from '../../render/slots';
import { tableSource, type TableSources } from '../../render/table/table-sources';
import { WalletSlotsContext } from './slots';

export const screens: ScreenManifest = {
  walletTransactions: { module: './transactions/WalletTransactionsScreen', routes: [{ path: '/wallet/transactions', title: 'Wallet transactions' }] },
};

export const tableSources = {
  listWalletTransactions: tableSource(tablePageQuery('listWalletTransactions')),
} satisfies TableSources;

export const slots = WalletSlotsContext;

export const fills = {
  users: {
    walletBalance: lazySlot(() => import('./balance/WalletBalance').then((module) => module.WalletBalance)),
    topUp: lazySlot(() => import('./top-up/TopUpSlot').then((module) => module.TopUpSlot)),
    transactions: lazySlot(() => import('./transactions/UserTransactions').then((module) => module.UserTransactionsSlot)),
  },
};
