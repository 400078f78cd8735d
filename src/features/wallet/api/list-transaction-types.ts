// The transaction types' fetcher and query options live in src/api/reference-lists, where the app prefetches a
// wallet tenant's reference lists after login (users-and-wallets §3); this path keeps the wallet screens' imports and hook.
import { useQuery } from '@tanstack/react-query';
import { getTransactionTypesQueryOptions } from '../../../api/reference-lists/list-transaction-types';

export {
  getTransactionTypesQueryOptions,
  listTransactionTypes,
  type TransactionTypeRow,
} from '../../../api/reference-lists/list-transaction-types';

export function useTransactionTypes(tenant: string | null) {
  return useQuery(getTransactionTypesQueryOptions(tenant));
}
