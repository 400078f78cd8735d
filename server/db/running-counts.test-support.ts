// Checks of the running counts shared by the SQLite and PostgreSQL tests: random transactions and changes, the
// hourly totals recomputed here in JavaScript (not by the SQL under test), and deep pages compared with the rows
// a plain ORDER BY ... OFFSET returns.
import { sql } from 'kysely';
import { expect } from 'vitest';
import { sessionFor } from '../domain/auth/identity.ts';
import { WALLET_TRANSACTION_STATUSES, TRANSACTION_TYPE } from '../domain/reference.ts';
import { DEEP_OFFSET, listTransactions, type CountTables } from '../domain/wallet/listing.ts';
import { nextDay, type TransactionFilters } from '../domain/wallet/query.ts';
import type { MinimalWorld } from '../seed/minimal.ts';
import type { Random } from '../seed/prng.ts';
import type { Db } from './connection.ts';
import { readExactSum } from './exact-sum.ts';
import type { NewWalletTransaction, TransactionTypeCode, WalletTransactionStatus } from './schema.ts';

export const TYPES: readonly TransactionTypeCode[] = Object.values(TRANSACTION_TYPE);
export const CURRENCIES = ['GMD', 'USD', 'EUR'] as const;
/** The days the random rows fall on. */
export const DAYS = ['2025-01-12', '2025-01-13', '2025-01-14', '2025-01-15'] as const;
/** Most rows fall in this hour, so one hour holds more than a deep page skips. */
const BUSY_HOUR = '2025-01-13T09';

interface Where {
  tenantId: string;
  walletId: number;
  userId: number;
}

/** Where the random rows go: mostly naccug (the tenant the lists read), some teller (must never count there). */
export function placesOf(world: MinimalWorld): Where[] {
  return [
    { tenantId: 'naccug', walletId: world.wallets.kanifingMemberGmd, userId: world.users.kanifingMember },
    { tenantId: 'naccug', walletId: world.wallets.serrekundaMemberByOfficerGmd, userId: world.users.serrekundaMemberByOfficer },
    { tenantId: 'teller', walletId: world.wallets.tellerMemberGmd, userId: world.users.tellerMember },
  ];
}

function randomCreated(random: Random): string {
  const hour = random.chance(0.15) ? BUSY_HOUR : `${random.pick(DAYS)}T${String(random.int(0, 23)).padStart(2, '0')}`;
  // Whole seconds only, so some rows share a timestamp and their order falls to the id.
  return `${hour}:${String(random.int(0, 59)).padStart(2, '0')}:${String(random.int(0, 3)).padStart(2, '0')}.000Z`;
}

let references = 0;

/** `count` random rows, in no time order (so rows land in hours that already have later ones). */
export function randomTransactions(random: Random, places: readonly Where[], count: number): NewWalletTransaction[] {
  return Array.from({ length: count }, () => {
    const place = random.weighted(places.map((where, index) => [where, index === places.length - 1 ? 1 : 4] as const));
    const created = randomCreated(random);
    references += 1;
    return {
      tenant_id: place.tenantId,
      reference_number: `WT-RC-${references}`,
      type: random.pick(TYPES),
      status: random.pick(WALLET_TRANSACTION_STATUSES),
      wallet_id: place.walletId,
      counter_wallet_id: null,
      sender_user_id: null,
      receiver_user_id: place.userId,
      amount_minor: random.int(1, 50_000),
      fee_minor: 0,
      currency: random.pick(CURRENCIES),
      service_id: null,
      external_id: null,
      remarks: null,
      created_by: null,
      created,
      updated: created,
      completed: null,
    };
  });
}

export async function insertTransactions(db: Db, rows: readonly NewWalletTransaction[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    await db.insertInto('wallet_transactions').values(rows.slice(start, start + 200)).execute();
  }
}

/** Status changes (the common case), and rarer moves to another hour, type or currency, and deletes. */
export async function changeRandomly(db: Db, random: Random, changes: number): Promise<void> {
  const ids = (await db.selectFrom('wallet_transactions').select('id').orderBy('id').execute()).map((row) => row.id);
  for (let step = 0; step < changes; step += 1) {
    const id = random.pick(ids);
    const roll = random.next();
    const row = db.updateTable('wallet_transactions').where('id', '=', id);
    if (roll < 0.6) await row.set({ status: random.pick(WALLET_TRANSACTION_STATUSES) }).execute();
    else if (roll < 0.75) await row.set({ created: randomCreated(random) }).execute();
    else if (roll < 0.85) await row.set({ type: random.pick(TYPES), currency: random.pick(CURRENCIES) }).execute();
    else if (roll < 0.9) await row.set({ remarks: 'not counted' }).execute();
    else await db.deleteFrom('wallet_transactions').where('id', '=', id).execute();
  }
}

type HourCount = CountTables['wallet_transaction_hour_counts'];

/** The day cells (migrations 003 and 013): every day with rows has its count and its Σ |amount| in two parts. */
async function expectDayCountsExact(db: Db): Promise<void> {
  const rows = await db.selectFrom('wallet_transactions').select(['tenant_id', 'status', 'type', 'currency', 'created', 'amount_minor']).execute();
  const perDay = new Map<string, { n: number; amount: bigint }>();
  for (const row of rows) {
    const key = `${row.tenant_id}|${row.status}|${row.created.slice(0, 10)}|${row.type}|${row.currency}`;
    const cell = perDay.get(key) ?? { n: 0, amount: 0n };
    perDay.set(key, { n: cell.n + 1, amount: cell.amount + BigInt(Math.abs(row.amount_minor)) });
  }
  const kept = await db.withTables<CountTables>().selectFrom('wallet_transaction_day_counts').selectAll().where('n', '<>', 0).execute();
  const keptText = kept
    .map((cell) => `${cell.tenant_id}|${cell.status}|${cell.day}|${cell.type}|${cell.currency} ${cell.n} ${readExactSum(`${cell.amount_high}:${cell.amount_low}`)}`)
    .sort();
  expect(keptText).toEqual([...perDay].map(([key, cell]) => `${key} ${cell.n} ${cell.amount}`).sort());
}

/** The day cells and the hourly running totals of migration 004 equal those computed from the rows here. */
export async function expectRunningCountsExact(db: Db): Promise<void> {
  await expectDayCountsExact(db);
  const rows = await db.selectFrom('wallet_transactions').select(['tenant_id', 'status', 'type', 'currency', 'created']).execute();
  const perHour = new Map<string, number>();
  const cellKey = (tenant: string, status: string, type: number, currency: string) => `${tenant}|${status}|${type}|${currency}`;
  for (const row of rows) {
    for (const status of [row.status, '*']) {
      for (const type of [row.type, 0]) {
        for (const currency of [row.currency, '*']) {
          const key = `${cellKey(row.tenant_id, status, type, currency)}|${row.created.slice(0, 13)}`;
          perHour.set(key, (perHour.get(key) ?? 0) + 1);
        }
      }
    }
  }
  const kept = (await db
    .withTables<{ wallet_transaction_hour_counts: HourCount }>()
    .selectFrom('wallet_transaction_hour_counts')
    .selectAll()
    .orderBy('tenant_id')
    .orderBy('status')
    .orderBy('type')
    .orderBy('currency')
    .orderBy('hour')
    .execute()) as HourCount[];
  // Every hour with rows has its count; hours left empty by changes may stay with n = 0.
  const keptHours = new Set(kept.map((row) => `${cellKey(row.tenant_id, row.status, row.type, row.currency)}|${row.hour}`));
  expect([...perHour.keys()].filter((key) => !keptHours.has(key))).toEqual([]);
  let cell = '';
  let through = 0;
  const wrong: string[] = [];
  for (const row of kept) {
    const key = cellKey(row.tenant_id, row.status, Number(row.type), row.currency);
    if (key !== cell) {
      cell = key;
      through = 0;
    }
    const n = perHour.get(`${key}|${row.hour}`) ?? 0;
    through += n;
    if (Number(row.n) !== n || Number(row.through) !== through) {
      wrong.push(`${key}|${row.hour}: n ${row.n}, through ${row.through}; expected ${n}, ${through}`);
    }
  }
  expect(wrong).toEqual([]);
}

/** Random countable filters: any of status, type, currency and a date range (also an empty or one-day range). */
export function randomFilters(random: Random): TransactionFilters {
  const filters: TransactionFilters = {};
  if (random.chance(0.5)) filters.status = random.pick(WALLET_TRANSACTION_STATUSES);
  if (random.chance(0.3)) filters.type = random.pick(TYPES);
  if (random.chance(0.3)) filters.currency = random.pick(CURRENCIES);
  if (random.chance(0.3)) filters.startDate = random.pick(DAYS);
  if (random.chance(0.3)) {
    const after = DAYS.filter((day) => filters.startDate === undefined || day >= filters.startDate);
    // Now and then a range with no rows: before the first day, or after the last.
    filters.endDate = filters.startDate === undefined && random.chance(0.1) ? '2025-01-11' : random.pick([...after, '2025-01-17']);
  }
  return filters;
}

/** The ids of every matching row in walk order, as a plain ORDER BY (what OFFSET pages through). */
async function walk(db: Db, tenantId: string, filters: TransactionFilters, direction: 'asc' | 'desc') {
  let query = db.selectFrom('wallet_transactions').select(['id', 'created']).where('tenant_id', '=', tenantId);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status as WalletTransactionStatus);
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  if (filters.currency !== undefined) query = query.where('currency', '=', filters.currency);
  if (filters.startDate !== undefined) query = query.where('created', '>=', filters.startDate);
  if (filters.endDate !== undefined) query = query.where('created', '<', nextDay(filters.endDate));
  return query.orderBy('created', direction).orderBy('id', direction).execute();
}

/**
 * For `lists` random filter sets, both directions: every page that starts at, just before or just after an hour's
 * edge (and past the end) holds exactly the rows OFFSET gives, with the same itemTotal.
 * Returns how many pages were compared on the deep path.
 */
export async function expectPagesMatchOffset(db: Db, world: MinimalWorld, random: Random, lists: number): Promise<number> {
  const session = sessionFor(world.users.super, 4, { id: 'naccug', claim: 'naccug', type: 'wallet' }, 'test-session');
  let deepPages = 0;
  for (let list = 0; list < lists; list += 1) {
    const filters = randomFilters(random);
    for (const direction of ['asc', 'desc'] as const) {
      const rows = await walk(db, 'naccug', filters, direction);
      const edges = rows.flatMap((row, index) => (index > 0 && row.created.slice(0, 13) !== rows[index - 1]?.created.slice(0, 13) ? [index] : []));
      const offsets = new Set<number>([0, rows.length, rows.length + 3, Math.max(0, rows.length - 1)]);
      for (const edge of edges) for (const offset of [edge - 1, edge, edge + 1]) if (offset >= 0) offsets.add(offset);
      for (const offset of offsets) {
        const size = random.pick([1, 7, 10, 25]);
        const page = await listTransactions(db, session, {
          filters,
          sort: { field: direction === 'desc' ? '-created' : 'created', column: 'created', direction },
          page: { number: Math.floor(offset / size) + 1, size, offset },
        });
        const expected = rows.slice(offset, offset + size).map((row) => String(row.id));
        const context = `${JSON.stringify(filters)} ${direction} offset ${offset} size ${size}`;
        expect(page.rows.map((row) => row.id), context).toEqual(expected);
        expect(page.total, context).toBe(rows.length);
        if (offset > DEEP_OFFSET) deepPages += 1;
      }
    }
  }
  return deepPages;
}

/** Rows of the hourly totals, to show a bulk load leaves the same counts as the triggers. */
export async function hourCountRows(db: Db): Promise<string[]> {
  const { rows } = await sql<HourCount>`SELECT * FROM wallet_transaction_hour_counts WHERE n <> 0`.execute(db);
  return rows.map((row) => `${row.tenant_id}|${row.status}|${row.type}|${row.currency}|${row.hour}|${row.n}|${row.through}`).sort();
}
