// Universal payment transactions of the session's tenant (remittances-and-payouts §2, §7): the list and its export,
// and the force sync that stores the service's answer for a date range by reference (RP §4).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { containsInsensitive } from '../../db/text.ts';
import type { Session } from '../auth/tokens.ts';
import { sessionActor, unitOfWork } from '../unit-of-work.ts';
import { formatMinor } from '../money.ts';
import type { Page, Paging, Sort } from '../paging.ts';
import { assertStaff } from '../remittances/rules.ts';
import { nextDay } from '../wallet/query.ts';
import { detailsOf, type UptExportDetails, type UptServiceTransaction } from './fields.ts';
import { uptServiceTransactions } from './service.ts';

export const UPT_SORTS = {
  transactionDate: 'transaction_date',
  reference: 'reference',
  tuReference: 'tu_reference',
  senderName: 'sender_name',
  beneficiaryName: 'beneficiary_name',
  amount: 'amount_minor',
  status: 'status',
} as const;

export type UptSortColumn = (typeof UPT_SORTS)[keyof typeof UPT_SORTS];

export const UPT_TEXT_FILTERS = {
  reference: 'reference',
  tuReference: 'tu_reference',
  senderName: 'sender_name',
  beneficiaryName: 'beneficiary_name',
  status: 'status',
} as const;

export type UptTextFilter = keyof typeof UPT_TEXT_FILTERS;

export interface UptFilters {
  text: Partial<Record<UptTextFilter, string>>;
  amountCurrency?: string;
  startDate?: string;
  endDate?: string;
}

export interface UptQuery {
  filters: UptFilters;
  sort: Sort<UptSortColumn>;
  page: Paging;
}

export type UptTransactionAttributes = {
  reference: string;
  tuReference: string | null;
  senderName: string;
  beneficiaryName: string;
  transactionDate: string;
  amount: string;
  amountCurrency: string;
  status: string;
} & UptExportDetails;

export interface UptTransactionView {
  id: string;
  attributes: UptTransactionAttributes;
}

function conditions(session: Session, filters: UptFilters): Array<Expression<SqlBool>> {
  const where: Array<Expression<SqlBool>> = [sql<SqlBool>`${sql.ref('tenant_id')} = ${session.tenantId}`];
  if (filters.amountCurrency !== undefined) where.push(sql<SqlBool>`${sql.ref('amount_currency')} = ${filters.amountCurrency}`);
  if (filters.startDate !== undefined) where.push(sql<SqlBool>`${sql.ref('transaction_date')} >= ${filters.startDate}`);
  if (filters.endDate !== undefined) where.push(sql<SqlBool>`${sql.ref('transaction_date')} < ${nextDay(filters.endDate)}`);
  for (const [name, column] of Object.entries(UPT_TEXT_FILTERS)) {
    const text = filters.text[name as UptTextFilter];
    if (text !== undefined) where.push(containsInsensitive(sql.ref<string | null>(column), text));
  }
  return where;
}

/** One page of the tenant's UPT transactions, every row with its export fields. */
export async function listUptTransactions(db: Db, session: Session, query: UptQuery): Promise<Page<UptTransactionView>> {
  assertStaff(session);
  const where = conditions(session, query.filters);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('upt_transactions')
      .selectAll()
      .where((eb) => eb.and(where))
      .orderBy(query.sort.column, query.sort.direction)
      .orderBy('id', query.sort.direction)
      .limit(query.page.size)
      .offset(query.page.offset)
      .execute(),
    db
      .selectFrom('upt_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.and(where))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((row) => ({
      id: String(row.id),
      attributes: {
        reference: row.reference,
        tuReference: row.tu_reference,
        senderName: row.sender_name,
        beneficiaryName: row.beneficiary_name,
        transactionDate: row.transaction_date,
        amount: formatMinor(row.amount_minor),
        amountCurrency: row.amount_currency,
        status: row.status,
        ...detailsOf(row.details_json),
      },
    })),
  };
}

export interface SyncResult {
  id: string;
  startDate: string;
  endDate: string;
  received: number;
  added: number;
  updated: number;
}

/** The columns a service transaction is stored in. */
function stored(row: UptServiceTransaction) {
  return {
    tu_reference: row.tuReference,
    sender_name: row.senderName,
    beneficiary_name: row.beneficiaryName,
    transaction_date: row.transactionDate,
    amount_minor: row.amountMinor,
    amount_currency: row.amountCurrency,
    status: row.status,
    details_json: JSON.stringify(row.details),
  };
}

/** Rows written per INSERT. */
const INSERT_BATCH = 500;

/**
 * RP §4 force sync: fetches the range from the service and stores it by reference, adding new transactions and
 * updating the ones whose fields changed; a repeated sync finds nothing to change. Writes one audit row.
 */
export async function syncUptTransactions(
  actor: { db: Db; session: Session; now: Date },
  range: { startDate: string; endDate: string },
): Promise<SyncResult> {
  const { session, now } = actor;
  assertStaff(session);
  const received = uptServiceTransactions(session.tenantId, range, now);
  return unitOfWork(actor.db, sessionActor(session, now), async ({ db, change }) => {
    const known = new Map(
      (
        await db
          .selectFrom('upt_transactions')
          .select(['id', 'reference', 'tu_reference', 'sender_name', 'beneficiary_name', 'transaction_date', 'amount_minor', 'amount_currency', 'status', 'details_json'])
          .where('tenant_id', '=', session.tenantId)
          .where('transaction_date', '>=', range.startDate)
          .where('transaction_date', '<', nextDay(range.endDate))
          .execute()
      ).map((row) => [row.reference, row]),
    );
    const synced = now.toISOString();
    const added: UptServiceTransaction[] = [];
    let updated = 0;
    for (const row of received) {
      const existing = known.get(row.reference);
      if (!existing) {
        added.push(row);
        continue;
      }
      const values = stored(row);
      const changed = (Object.keys(values) as Array<keyof typeof values>).some((column) => values[column] !== existing[column]);
      if (!changed) continue;
      await db.updateTable('upt_transactions').set({ ...values, synced }).where('id', '=', existing.id).execute();
      updated += 1;
    }
    for (let start = 0; start < added.length; start += INSERT_BATCH) {
      await db
        .insertInto('upt_transactions')
        .values(added.slice(start, start + INSERT_BATCH).map((row) => ({ tenant_id: session.tenantId, reference: row.reference, ...stored(row), synced })))
        // A transaction the range did not read (dated differently before) keeps its row; the next sync updates it.
        .onConflict((oc) => oc.columns(['tenant_id', 'reference']).doNothing())
        .execute();
    }
    const result = { startDate: range.startDate, endDate: range.endDate, received: received.length, added: added.length, updated };
    await change({
      action: 'upt.sync',
      entity: 'upt-sync',
      entityId: `${range.startDate}_${range.endDate}`,
      after: result,
    });
    const audit = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'upt.sync')
      .where('tenant_id', '=', session.tenantId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { id: `sync-${audit.id}`, ...result };
  });
}
