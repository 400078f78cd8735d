// How the wallet transaction tables (schemas/tables/wallet-transactions.json, user-transactions.json: operation
// listWalletTransactions) fetch their rows. The app passes these to every table (src/app/table-sources.ts).
import { tableSource, type TableSources } from '../../../render/table/table-sources';
import { getWalletTransactionsQueryOptions } from '../api/list-wallet-transactions';

export const walletTableSources: TableSources = {
  listWalletTransactions: tableSource(getWalletTransactionsQueryOptions),
};
