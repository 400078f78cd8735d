// Issue 26, item 3: every list's pages are read off an index on PostgreSQL. On a seeded copy (100,000 wallet
// transactions and 100,000 remittances, enough that the planner prefers an index to reading the table), each list's
// page 1, a deep page, the last page, a filtered page, a date range and each sort a screen offers (schemas/tables)
// run through the domain code; every query they send is run again under EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON),
// and a plan fails when it reads a big table whole (Seq Scan) or sorts more rows than a page needs. No timing.
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../domain/auth/identity.ts';
import type { Session } from '../domain/auth/tokens.ts';
import { ROLE, TRANSACTION_TYPE } from '../domain/reference.ts';
import { listRemittances, REMITTANCE_SORTS, type RemittanceQuery } from '../domain/remittances/listing.ts';
import { listTransactions } from '../domain/wallet/listing.ts';
import { TRANSACTION_SORTS, type TransactionQuery } from '../domain/wallet/query.ts';
import { seededTestDatabase, TEST_ENGINE, type TestDatabase } from '../testing/database.ts';
import { openDatabase, type Db } from './connection.ts';
import { rebuildRunningCounts, suspendCountTriggers } from './running-counts.ts';

const ROWS = 100_000;
/** Tables that grow with the money: reading one whole is what an index must spare a page. */
const BIG_TABLES = new Set(['wallet_transactions', 'remittances', 'wallet_transaction_hour_counts', 'remittance_day_counts', 'change_events']);
/**
 * The most rows a page's sort may take in: a page is at most 100 rows, and a deep page skips at most an hour's
 * (wallet) or a day's (remittances) rows of its bound, a few hundred here.
 */
const PAGE_SORT_ROWS = 1_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** What is wrong with a plan, one line per node: a Seq Scan on a big table, or a Sort fed more rows than a page. */
export function planProblems(plan: PlanNode): string[] {
  const problems: string[] = [];
  const visit = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? '')) {
      problems.push(`Seq Scan on ${node['Relation Name']} (${node['Actual Rows'] * node['Actual Loops']} rows)`);
    }
    if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
      const input = (node.Plans ?? []).reduce((sum, child) => sum + child['Actual Rows'] * child['Actual Loops'], 0);
      if (input > PAGE_SORT_ROWS) problems.push(`${node['Node Type']} of ${input} rows`);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return problems;
}

const run = TEST_ENGINE === 'postgres';

describe('planProblems (the rule the list plans are held to)', () => {
  const scan = (type: string, relation: string, rows: number): PlanNode => ({ 'Node Type': type, 'Relation Name': relation, 'Actual Rows': rows, 'Actual Loops': 1 });
  it('finds a Seq Scan on a big table and a Sort of more rows than a page, and passes an index scan under a small sort', () => {
    expect(planProblems({ ...scan('Limit', '', 10), Plans: [{ ...scan('Sort', '', 10), Plans: [scan('Seq Scan', 'remittances', 50_000)] }] })).toEqual([
      'Sort of 50000 rows',
      'Seq Scan on remittances (50000 rows)',
    ]);
    expect(planProblems({ ...scan('Sort', '', 10), Plans: [scan('Index Scan', 'wallet_transactions', 300)] })).toEqual([]);
    expect(planProblems(scan('Seq Scan', 'tenants', 20))).toEqual([]);
  });
});

describe.runIf(run)('list query plans on a seeded PostgreSQL copy (issue 26)', () => {
  let database: TestDatabase;
  let db: Db;
  let explainer: pg.Client;
  let wallet: Session;
  let remittance: Session;
  let sent: CompiledQuery[] = [];

  beforeAll(async () => {
    const seeded = await seededTestDatabase();
    if (!seeded) throw new Error('PostgreSQL only');
    database = seeded.database;
    const { users: people, wallets } = seeded.world;
    db = openDatabase({ databaseUrl: database.url, dataDir: '.', onQuery: (query) => sent.push(query) });
    explainer = new pg.Client({ connectionString: database.url });
    await explainer.connect();
    const users = [
      { user: people.kanifingMember, wallet: wallets.kanifingMemberGmd },
      { user: people.serrekundaMemberByOfficer, wallet: wallets.serrekundaMemberByOfficerGmd },
    ];
    const officer = { id: people.officer };
    wallet = sessionFor(people.super, ROLE.TopAdmin, { id: 'naccug', claim: 'naccug', type: 'wallet' }, 'plans');
    remittance = sessionFor(people.payin, ROLE.TopAdmin, { id: 'amal', claim: 'amal', type: 'payin' }, 'plans');

    // A year of rows, one every 315 s, newest now-ish; 7 in 12 COMPLETED, every type, a tenth in USD.
    const resume = await suspendCountTriggers(db, 'wallet_transactions');
    await sql`
      INSERT INTO wallet_transactions (tenant_id, reference_number, type, status, wallet_id, sender_user_id, receiver_user_id,
        amount_minor, fee_minor, currency, remarks, created_by, created, updated, completed)
      SELECT 'naccug', 'PL' || lpad(i::text, 9, '0'), (${sql.val(Object.values(TRANSACTION_TYPE))}::int[])[1 + i % 6],
        (ARRAY['COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','FAILED','FAILED','PENDING','PENDING','PROCESSING'])[1 + (i * 7) % 12],
        (${sql.val(users.map((row) => row.wallet))}::int[])[1 + i % ${sql.lit(users.length)}], ${officer.id},
        (${sql.val(users.map((row) => row.user))}::int[])[1 + i % ${sql.lit(users.length)}],
        100 + (i * 7919) % 500000, 100, CASE WHEN i % 10 = 0 THEN 'USD' ELSE 'GMD' END, NULL, ${officer.id}, at, at, at
      FROM generate_series(1, ${sql.lit(ROWS)}) AS i,
        LATERAL (SELECT to_char(timestamp '2026-01-01' + i * interval '315 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at) AS t`.execute(db);
    await db.transaction().execute((trx) => rebuildRunningCounts(trx, 'wallet_transactions'));
    await resume();
    // Half paid out from the tenant's currency (USD), half paid in to it; four statuses.
    await sql`
      INSERT INTO remittances (tenant_id, payout_external_id, reference_number, payin_id, transaction_date, type_name, payout_channel,
        sender_name, sender_amount_minor, sender_currency, receiver_name, receiver_amount_minor, receiver_currency,
        transaction_fee_minor, transaction_fx_micro, status_id, status, version, created, updated)
      SELECT 'amal', 'PL' || lpad(i::text, 9, '0'), 'RP' || i, 'pi-' || i, at, 'Remittance', 'SWIFT',
        'Sender ' || (i % 997), 10000 + i % 50000, CASE WHEN i % 2 = 0 THEN 'USD' ELSE 'NGN' END,
        'Receiver ' || (i % 991), 1500000 + i % 70000, CASE WHEN i % 2 = 0 THEN 'NGN' ELSE 'USD' END,
        100 + i % 300, 1520350000, (ARRAY[256, 128, 4, 2])[1 + i % 4], (ARRAY['Approved or completed successfully', 'Timeout waiting for response from destination', 'Processing', 'PENDING'])[1 + i % 4],
        0, at, at
      FROM generate_series(1, ${sql.lit(ROWS)}) AS i,
        LATERAL (SELECT to_char(timestamp '2026-01-01' + i * interval '315 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at) AS t`.execute(db);
    await explainer.query('VACUUM ANALYZE');
  }, 600_000);

  afterAll(async () => {
    await explainer?.end();
    await db?.destroy();
    await database?.drop();
  });

  /** Runs `list` and explains every query it sent; returns each problem named by the list, the case and the SQL. */
  async function problemsOf(list: string, label: string, page: () => Promise<unknown>): Promise<string[]> {
    sent = [];
    await page();
    const queries = sent.filter((query) => /^\s*(select|with)\b/i.test(query.sql));
    expect(queries.length, `${list} ${label} sent no query`).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const query of queries) {
      const { rows } = await explainer.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, [...query.parameters]);
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error(`No plan for ${query.sql}`);
      for (const problem of planProblems(plan)) problems.push(`${list}, ${label}: ${problem} in ${query.sql.slice(0, 160)}`);
    }
    return problems;
  }

  const walletPage = (sort: TransactionQuery['sort']['column'], direction: 'asc' | 'desc', filters: TransactionQuery['filters'], number: number, size = 10) => () =>
    listTransactions(db, wallet, { filters, sort: { field: sort, column: sort, direction }, page: { number, size, offset: (number - 1) * size } });

  const total = Math.ceil(ROWS / 10);
  const WEEK = { startDate: '2026-06-01', endDate: '2026-06-07' };

  it('[issue 26] the wallet transactions list (and the user transactions tab): every page, filter, range and sort off an index', async () => {
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['page 1, newest first', walletPage('created', 'desc', {}, 1)],
      ['a deep page', walletPage('created', 'desc', {}, Math.floor(total / 2))],
      ['the last page', walletPage('created', 'desc', {}, total)],
      ['a deep page, oldest first', walletPage('created', 'asc', {}, Math.floor(total / 3))],
      ['filtered by status, page 1', walletPage('created', 'desc', { status: 'COMPLETED' }, 1)],
      ['filtered by status, a deep page', walletPage('created', 'desc', { status: 'FAILED' }, 500)],
      ['filtered by type, page 1', walletPage('created', 'desc', { type: TRANSACTION_TYPE.CashOut }, 1)],
      ['filtered by currency, page 1', walletPage('created', 'desc', { currency: 'USD' }, 1)],
      ['a week, page 1', walletPage('created', 'desc', WEEK, 1)],
      ['a week, page 30', walletPage('created', 'desc', WEEK, 30)],
      ['a week and a status, page 2', walletPage('created', 'desc', { ...WEEK, status: 'COMPLETED' }, 2)],
      ['sorted by reference (the user transactions tab), page 1 of 20', walletPage('referenceNumber', 'desc', {}, 1, 20)],
      ...(['currency', 'amount', 'type', 'status'] as const).flatMap((sort) =>
        (['asc', 'desc'] as const).map((direction): [string, () => Promise<unknown>] => [`sorted by ${sort} ${direction}, page 1`, walletPage(TRANSACTION_SORTS[sort], direction, {}, 1)]),
      ),
    ];
    const problems: string[] = [];
    for (const [label, page] of cases) problems.push(...(await problemsOf('wallet-transactions', label, page)));
    expect(problems).toEqual([]);
  }, 600_000);

  const remittancePage = (field: keyof typeof REMITTANCE_SORTS, direction: 'asc' | 'desc', filters: Omit<RemittanceQuery['filters'], 'text'>, number: number, size = 10) => () =>
    listRemittances(db, remittance, { filters: { text: {}, ...filters }, sort: { field, column: REMITTANCE_SORTS[field], direction }, page: { number, size, offset: (number - 1) * size } });

  it('[issue 26] the remittance pay-out and pay-in lists: every page, filter, range and sort off an index', async () => {
    const cases: Array<[string, () => Promise<unknown>]> = [];
    for (const direction of ['payout', 'payin'] as const) {
      const half = Math.ceil(ROWS / 2 / 10);
      cases.push(
        [`${direction}, page 1, newest first`, remittancePage('transactionDate', 'desc', { direction }, 1)],
        [`${direction}, a deep page`, remittancePage('transactionDate', 'desc', { direction }, Math.floor(half / 2))],
        [`${direction}, the last page`, remittancePage('transactionDate', 'desc', { direction }, half)],
        [`${direction}, filtered by status, page 1`, remittancePage('transactionDate', 'desc', { direction, statusId: 128 }, 1)],
        [`${direction}, a week, page 1`, remittancePage('transactionDate', 'desc', { direction, ...WEEK }, 1)],
        [`${direction}, a week and a status, page 2`, remittancePage('transactionDate', 'desc', { direction, statusId: 256, ...WEEK }, 2)],
      );
      for (const field of ['payoutExternalId', 'senderName', 'receiverName', 'senderAmount', 'receiverAmount', 'transactionFee', 'statusId'] as const) {
        cases.push([`${direction}, sorted by ${field}, page 1`, remittancePage(field, 'desc', { direction }, 1)]);
      }
    }
    cases.push(
      ['no direction, a deep page', remittancePage('transactionDate', 'desc', {}, Math.floor(ROWS / 20))],
      ['no direction, filtered by status, the last page', remittancePage('transactionDate', 'asc', { statusId: 4 }, Math.ceil(ROWS / 40))],
    );
    const problems: string[] = [];
    for (const [label, page] of cases) problems.push(...(await problemsOf('remittances', label, page)));
    expect(problems).toEqual([]);
  }, 600_000);
});
