// The remittance list against a plain query: the day counts of migration 009 (kept by triggers through inserts,
// status edits, date moves and deletes) give the same totals, and deep pages that start on their day the same rows,
// as counting and offsetting every row.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { NewRemittance } from '../../db/schema.ts';
import { MINIMAL_NOW, seedMinimal } from '../../seed/index.ts';
import { sessionFor } from '../auth/identity.ts';
import type { Session } from '../auth/tokens.ts';
import { ROLE } from '../reference.ts';
import { listRemittances, REMITTANCE_SORTS, type RemittanceFilters } from './listing.ts';

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

const ROWS = 420;
const STATUSES: Array<[number, string]> = [
  [256, 'Approved or completed successfully'],
  [128, 'Timeout waiting for response from destination'],
  [4, 'Processing'],
  [2, 'PENDING'],
];

async function rig(): Promise<{ db: Db; session: Session }> {
  const db = openDatabase({ databaseUrl: ':memory:', dataDir: '.' });
  opened.push(db);
  await migrateToLatest(db);
  const world = await seedMinimal(db);
  const rows: NewRemittance[] = Array.from({ length: ROWS }, (_, index) => {
    // Several rows a day over about 30 days, some at the same instant (the id breaks the tie).
    const at = new Date(MINIMAL_NOW.getTime() - Math.floor(index / 2) * 1_700_000).toISOString();
    const [statusId, status] = STATUSES[(index * 5) % STATUSES.length] ?? [256, 'Successful'];
    return {
      tenant_id: 'amal', payout_external_id: `AM${String(index).padStart(8, '0')}`, reference_number: `RP${index}`, original_id: null,
      payin_id: `pi-${index}`, card_payment_reference: null, transaction_date: at, type_name: 'Remittance', external_id: null, payout_channel: 'SWIFT',
      payout_partner: null, sender_name: index % 3 === 0 ? 'Hodan Ali' : 'Abdi Farah', sender_amount_minor: 10_000 + index, sender_currency: 'USD',
      receiver_name: 'Chinedu Okafor', receiver_amount_minor: 1_500_000, receiver_currency: 'NGN', beneficiary_bank_bic: null, beneficiary_bank_code: null,
      beneficiary_account: null, transaction_fee_minor: 100, transaction_fx_micro: 1_520_350_000, status_id: statusId, status, purpose: null,
      sender_remarks: null, admin_notes: null, version: 0, created: at, updated: at,
    };
  });
  for (let from = 0; from < rows.length; from += 100) await db.insertInto('remittances').values(rows.slice(from, from + 100)).execute();
  return { db, session: sessionFor(world.users.payin, ROLE.TopAdmin, { id: 'amal', claim: 'amal', type: 'payin' }, 'listing-test') };
}

/** The same page by counting and offsetting every matching row. */
async function plainPage(db: Db, filters: RemittanceFilters, direction: 'asc' | 'desc', offset: number, size: number) {
  let query = db.selectFrom('remittances').select('id').where('tenant_id', '=', 'amal');
  if (filters.statusId !== undefined) query = query.where('status_id', '=', filters.statusId);
  if (filters.startDate !== undefined) query = query.where('transaction_date', '>=', filters.startDate);
  if (filters.endDate !== undefined) query = query.where('transaction_date', '<', `${filters.endDate}T99`);
  if (filters.text.senderName !== undefined) query = query.where('sender_name', 'like', `%${filters.text.senderName}%`);
  const all = await query.orderBy('transaction_date', direction).orderBy('id', direction).execute();
  return { ids: all.slice(offset, offset + size).map((row) => String(row.id)), total: all.length };
}

async function expectSameAsPlain(db: Db, session: Session, filters: RemittanceFilters) {
  for (const direction of ['desc', 'asc'] as const) {
    const { total } = await plainPage(db, filters, direction, 0, 1);
    for (const offset of [0, 7, Math.floor(total / 3), Math.floor(total / 2) + 1, Math.max(0, total - 3), total, total + 10]) {
      const size = 10;
      const page = await listRemittances(db, session, { filters, sort: { field: 'transactionDate', column: REMITTANCE_SORTS.transactionDate, direction }, page: { number: 1, size, offset } });
      const plain = await plainPage(db, filters, direction, offset, size);
      expect({ ids: page.rows.map((row) => row.id), total: page.total }, `${JSON.stringify(filters)} ${direction} @${offset}`).toEqual(plain);
    }
  }
}

const FILTERS: RemittanceFilters[] = [
  { text: {} },
  { text: {}, statusId: 128 },
  { text: {}, startDate: '2024-12-24', endDate: '2025-01-05' },
  { text: {}, statusId: 4, startDate: '2025-01-01', endDate: '2025-01-15' },
  { text: { senderName: 'hodan' } },
];

describe('the remittance list by day counts', () => {
  it('[RP-2.12] [RP-5.13] totals and every page match counting and offsetting the rows, each way and filtered', async () => {
    const { db, session } = await rig();
    for (const filters of FILTERS) await expectSameAsPlain(db, session, filters);
  });

  it('stays exact through status edits, moved dates, rows moved to another tenant and deletes', async () => {
    const { db, session } = await rig();
    const ids = (await db.selectFrom('remittances').select('id').orderBy('id').execute()).map((row) => row.id);
    await db.updateTable('remittances').set({ status_id: 128, status: 'Cancelled - test' }).where('id', 'in', ids.filter((_, index) => index % 7 === 0)).execute();
    await db.updateTable('remittances').set({ transaction_date: '2024-12-01T08:00:00.000Z' }).where('id', 'in', ids.filter((_, index) => index % 11 === 0)).execute();
    await db.updateTable('remittances').set({ tenant_id: 'teller' }).where('id', 'in', ids.filter((_, index) => index % 13 === 0)).execute();
    await db.deleteFrom('remittances').where('id', 'in', ids.filter((_, index) => index % 17 === 0)).execute();
    for (const filters of FILTERS) await expectSameAsPlain(db, session, filters);
    const cells = await db.selectFrom('remittance_day_counts').select(['tenant_id', 'status_id', 'day', 'n']).where('n', '>', 0).orderBy('tenant_id').orderBy('status_id').orderBy('day').execute();
    const rebuilt = await db
      .selectFrom('remittances')
      .select(['tenant_id', 'status_id', (eb) => eb.fn<string>('substr', ['transaction_date', eb.lit(1), eb.lit(10)]).as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['tenant_id', 'status_id', 'day'])
      .orderBy('tenant_id')
      .orderBy('status_id')
      .orderBy('day')
      .execute();
    expect(cells.filter((cell) => cell.status_id !== -1)).toEqual(rebuilt.map((row) => ({ ...row, n: Number(row.n) })));
  });
});
