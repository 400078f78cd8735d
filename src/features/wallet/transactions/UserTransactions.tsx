// users-and-wallets §2 "Transactions" tab of the user details: the user's wallet transactions from
// schemas/tables/user-transactions.json (page size 20, sort -referenceNumber, §7), type colours of §4, and the OTP
// action on PENDING rows whose service is not Request Money (a rule of the table file), which opens the code step
// of the top-up modal for that transaction.
import { useMemo, useState } from 'react';
import { errorText } from '../../../api/errors';
import { DEFAULT_META, type FlatRecord } from '../../../api/jsonapi';
import { config as bundledConfig, getTenant } from '../../../config';
import type { RuleContext } from '../../../config/rules';
import type { ConfigSet, TableConfig } from '../../../config/types';
import { SchemaTable, initialTableQuery, listParams, type TableQuery } from '../../../render/table';
import { useTransactionTypes } from '../../../api/reference-lists/list-transaction-types';
import { asTransactionRow, useWalletTransactions } from '../api/list-wallet-transactions';
import { PendingCodeModal } from './PendingCodeModal';
import type { TopUpActors } from '../top-up/top-up-actors';

export const USER_TRANSACTIONS_TABLE = 'user-transactions';

export interface UserTransactionsProps {
  userId: string;
  /** The details' rule context (role, tenant, payoutAdmin, openedFrom...). */
  context: RuleContext;
  /** After an OTP confirmation: refresh the user (the wallet lists refresh themselves). */
  onChanged?: () => void;
  /** The config to draw from; the bundled files by default (a test passes edited copies). */
  configSet?: ConfigSet;
  actors?: TopUpActors;
}

function requireTable(set: ConfigSet, id: string): TableConfig {
  const table = set.tables[id];
  if (!table) throw new Error(`The wallet screens need schemas/tables/${id}.json; restore it or run npm run check:config`);
  return table;
}

export function UserTransactions({ userId, context, onChanged, configSet = bundledConfig, actors }: UserTransactionsProps) {
  const table = requireTable(configSet, USER_TRANSACTIONS_TABLE);
  const tenant = context.tenant ? (getTenant(context.tenant) ?? null) : null;
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery(table));
  const params = useMemo(() => ({ ...listParams(table, query), 'filter[userId]': userId }), [table, query, userId]);
  const transactions = useWalletTransactions({ tenant: context.tenant, params });
  const types = useTransactionTypes(context.tenant);
  const [pending, setPending] = useState<FlatRecord | null>(null);

  return (
    <>
      <SchemaTable
        config={table}
        data={transactions.data?.rows ?? []}
        meta={transactions.data?.meta ?? DEFAULT_META}
        query={query}
        onQueryChange={setQuery}
        ruleContext={context}
        tenant={tenant}
        loading={transactions.isFetching}
        error={transactions.isError ? errorText(transactions.error) : null}
        colorMaps={configSet.colorMaps}
        lists={{ listTransactionTypes: types.data ?? [] }}
        onRowAction={(actionId, row) => {
          if (actionId === 'otp') setPending(row);
        }}
      />
      <PendingCodeModal transaction={pending ? asTransactionRow(pending) : null} onClose={() => setPending(null)} onChanged={onChanged} actors={actors} />
    </>
  );
}
