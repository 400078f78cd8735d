// How the wallet transaction tables (schemas/tables/wallet-transactions.json, user-transactions.json: operation
// listWalletTransactions) fetch their rows. The app passes these to every table (src/app/table-sources.ts).
import { tableSource, type TableSources } from '../../../render/table/table-sources';
import { tablePageQuery } from '../../../api/resource';

export const walletTableSources: TableSources = {
  listWalletTransactions: tableSource(tablePageQuery('listWalletTransactions')),
};
