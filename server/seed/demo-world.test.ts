import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { verifyPassword } from '../domain/auth/password.ts';
import { WALLET_TRANSACTION_STATUSES, TRANSACTION_TYPE, STATUS, ROLE } from '../domain/reference.ts';
import { referenceNumber } from '../domain/wallet/transactions.ts';
import { closeTestDatabase, openTestDatabase } from '../testing/database.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, readTenantFiles, seedDemoWorld, type DemoWorldSummary } from './index.ts';

const NOW = new Date('2025-03-01T09:30:00.000Z');
/** Time for one seed of the whole world on a busy machine: about 10 s quiet, 60 s failed with both cores busy. */
const SEEDS_MS = 300_000;
const opened: Db[] = [];

async function freshDb(): Promise<Db> {
  const db = await openTestDatabase();
  opened.push(db);
  return db;
}

afterAll(async () => {
  for (const db of opened.splice(0)) await closeTestDatabase(db);
});

// How long a seed takes is a figure, not a test: `npm start` prints it ("Seeded the demo world in … ms").
async function seeded(): Promise<{ db: Db; summary: DemoWorldSummary }> {
  const db = await freshDb();
  return { db, summary: await seedDemoWorld(db, { now: NOW }) };
}

const tables = [
  'tenants', 'tenant_grant_types', 'tenant_scopes', 'tenant_claims', 'clients', 'groups', 'users', 'accounts', 'wallets', 'wallet_transactions',
  'countries', 'roles', 'statuses', 'transaction_types', 'products', 'product_currencies', 'payment_options', 'fee_details', 'forex_pairs', 'currencies', 'services', 'channels',
  'remittances', 'bank_accounts', 'bank_ledger', 'upt_transactions', 'upt_countries', 'upt_banks', 'upt_branches',
] as const;

describe('the demo world', () => {
  let world: { db: Db; summary: DemoWorldSummary };
  // A whole world takes seconds to write over the wire to PostgreSQL, a minute or more with both cores busy (issue 25).
  beforeAll(async () => {
    world = await seeded();
  }, SEEDS_MS);

  it('two seeds with the same "now" give identical rows, and another seed gives other people', async () => {
    const second = await seeded();
    for (const table of tables) {
      const a = JSON.stringify(await world.db.selectFrom(table).selectAll().execute());
      const b = JSON.stringify(await second.db.selectFrom(table).selectAll().execute());
      expect(b === a, `${table} differs between two seeds`).toBe(true);
    }
    const other = await freshDb();
    // The users come first; a few rows of the rest are enough to tell the seeds apart.
    await seedDemoWorld(other, { now: NOW, seed: 7, transactionCount: 100, remittanceCount: 100 });
    const users = (db: Db) => db.selectFrom('users').select(['firstname', 'lastname']).orderBy('id').execute();
    expect(await users(other)).not.toEqual(await users(world.db));
  }, 2 * SEEDS_MS);

  it('[UW-1.05] holds every tenant of tenants/*.json with its identity client, plus the web client teller-web', async () => {
    const { db, summary } = world;
    const files = readTenantFiles();
    expect(summary.tenants).toBe(files.length);
    const tenants = await db.selectFrom('tenants').select(['id', 'type', 'claim', 'is_admin', 'client_id']).execute();
    expect(tenants.map((tenant) => tenant.id).sort()).toEqual(files.map((file) => file.id).sort());
    for (const type of ['wallet', 'payin', 'payout', 'payinpayoutservice', 'bunna', 'identity']) {
      expect(tenants.some((tenant) => tenant.type === type), type).toBe(true);
    }
    expect(tenants.find((tenant) => tenant.is_admin === 1)).toMatchObject({ id: 'dssc', claim: 'dssc' });
    const clients = await db.selectFrom('clients').select(['client_id', 'kind']).execute();
    expect(clients).toContainEqual({ client_id: 'teller-web', kind: 'web' });
    // docs/decisions.md "One story for tenants": each tenant row is its own identity client, with its file's grant type and scopes.
    for (const file of files) {
      expect(tenants.find((tenant) => tenant.id === file.id)?.client_id).toBe(file.clientId);
      const grants = await db.selectFrom('tenant_grant_types').select('name').where('tenant_id', '=', file.id).execute();
      expect(grants.map((grant) => grant.name)).toEqual([file.grantType]);
      const scopes = await db.selectFrom('tenant_scopes').select('name').where('tenant_id', '=', file.id).orderBy('position').execute();
      expect(scopes.map((scope) => scope.name).join(' ')).toBe(file.scope);
    }
  });

  it('has the eleven demo logins with password Demo@12345 in their tenants', async () => {
    const { db, summary } = world;
    expect(summary.logins.map((login) => [login.email, login.role, login.tenantId])).toEqual([
      ['super@demo.test', 4, 'dssc'],
      ['partner@demo.test', 4, 'teller'],
      ['group@demo.test', 16, 'naccug'],
      ['officer@demo.test', 64, 'naccug'],
      ['payout@demo.test', 4, 'tawakal-swift'],
      ['payin@demo.test', 4, 'amal'],
      ['payoutofficer@demo.test', 64, 'tawakal-swift'],
      ['upt@demo.test', 4, 'payinupt'],
      ['checker@demo.test', 4, 'teller'],
      ['sschecker@demo.test', 4, 'ss-swift'],
      ['branch@demo.test', 64, 'smfi'],
    ]);
    expect(DEMO_LOGINS).toHaveLength(11);
    const accounts = await db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.user_id')
      .leftJoin('groups', 'groups.id', 'accounts.group_id')
      .select(['accounts.username', 'accounts.password_hash', 'accounts.status', 'accounts.recovery_method', 'groups.name as group'])
      .where('accounts.username', 'like', '%@demo.test')
      .execute();
    expect(accounts).toHaveLength(11);
    for (const account of accounts) {
      expect(await verifyPassword(DEMO_PASSWORD, account.password_hash ?? '')).toBe(true);
      expect(account.status).toBe(STATUS.Active | STATUS.Verified);
    }
    // docs/decisions.md: the credit-union logins recover with a code, the others with a link.
    expect(accounts.filter((account) => account.recovery_method === 'code').map((account) => account.username).sort()).toEqual(['group@demo.test', 'officer@demo.test']);
    expect(accounts.find((account) => account.username === 'officer@demo.test')?.group).toBe('Kanifing CU');
  });

  it('has at least 200 users over every role and every displayed status, in several tenants', async () => {
    const { db, summary } = world;
    expect(summary.users).toBeGreaterThanOrEqual(200);
    const accounts = await db.selectFrom('accounts').innerJoin('users', 'users.id', 'accounts.user_id').select(['accounts.roles', 'accounts.status', 'users.tenant_id']).execute();
    expect(accounts).toHaveLength(summary.users);
    expect(new Set(accounts.map((account) => account.roles))).toEqual(new Set([ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin, ROLE.EndUser]));
    for (const bit of Object.values(STATUS)) expect(accounts.some((account) => (account.status & bit) === bit), `status bit ${bit}`).toBe(true);
    expect(accounts.some((account) => account.status === 0)).toBe(true);
    expect(new Set(accounts.filter((account) => account.roles === ROLE.EndUser).map((account) => account.tenant_id)).size).toBeGreaterThanOrEqual(4);
    const naccugGroups = await db.selectFrom('groups').select('name').where('tenant_id', '=', 'naccug').execute();
    expect(naccugGroups.map((group) => group.name)).toEqual(expect.arrayContaining(['Kanifing CU', 'Serrekunda CU']));
  });

  it('has 20,000 wallet transactions over the last 90 days covering every type and status', async () => {
    const { db, summary } = world;
    expect(summary.transactions).toBe(20_000);
    const span = await db
      .selectFrom('wallet_transactions')
      .select((eb) => [eb.fn.min('created').as('first'), eb.fn.max('created').as('last'), eb.fn.countAll<number>().as('count')])
      .executeTakeFirstOrThrow();
    expect(Number(span.count)).toBe(20_000);
    expect(new Date(String(span.first)).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * 24 * 3600 * 1000);
    expect(new Date(String(span.last)).getTime()).toBeLessThan(NOW.getTime());
    const combos = await db.selectFrom('wallet_transactions').select(['type', 'status']).distinct().execute();
    for (const type of Object.values(TRANSACTION_TYPE)) expect(combos.some((combo) => combo.type === type), `type ${type}`).toBe(true);
    for (const status of WALLET_TRANSACTION_STATUSES) expect(combos.some((combo) => combo.status === status), status).toBe(true);
  });

  it('numbers demo transactions the way live ones are numbered, so both sort together by reference', async () => {
    const { db } = world;
    const rows = await db.selectFrom('wallet_transactions').select(['id', 'reference_number', 'created']).orderBy('id').execute();
    for (const row of rows) expect(row.reference_number, `transaction ${row.id}`).toBe(referenceNumber(row.id, new Date(row.created)));
    const byReference = await db.selectFrom('wallet_transactions').select('id').orderBy('reference_number').execute();
    expect(byReference.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    const newest = rows[rows.length - 1];
    expect(newest).toBeDefined();
    // The next live transaction, created now, sorts after every demo one.
    expect(referenceNumber((newest?.id ?? 0) + 1, NOW) > (newest?.reference_number ?? '')).toBe(true);
  });

  it('keeps every balance equal to the sum of its completed transactions, never negative, in several currencies', async () => {
    const { db } = world;
    const rows = await sql<{ id: number; currency: string; balance_minor: number; expected: number }>`
      SELECT w.id, w.currency, w.balance_minor,
        COALESCE((SELECT SUM(t.amount_minor) FROM wallet_transactions t WHERE t.wallet_id = w.id AND t.status = 'COMPLETED'), 0)
        - COALESCE((SELECT SUM(t.amount_minor) FROM wallet_transactions t WHERE t.counter_wallet_id = w.id AND t.status = 'COMPLETED'), 0) AS expected
      FROM wallets w`.execute(db);
    expect(rows.rows.length).toBeGreaterThan(200);
    for (const wallet of rows.rows) {
      expect(wallet.balance_minor, `wallet ${wallet.id}`).toBe(Number(wallet.expected));
      expect(wallet.balance_minor).toBeGreaterThanOrEqual(0);
    }
    const currencies = new Set(rows.rows.map((wallet) => wallet.currency));
    for (const code of ['GMD', 'USD', 'EUR', 'SLE']) expect(currencies.has(code), code).toBe(true);
    expect(rows.rows.filter((wallet) => wallet.balance_minor > 0).length).toBeGreaterThan(100);
  });

  it('[RP-4.02] [RP-4.06] has 50,000 remittances over 90 days in the remittance tenants, in every status id and every reprocessable text', async () => {
    const { db, summary } = world;
    expect(summary.remittances).toBe(50_000);
    const span = await db
      .selectFrom('remittances')
      .select((eb) => [eb.fn.min('transaction_date').as('first'), eb.fn.max('transaction_date').as('last')])
      .executeTakeFirstOrThrow();
    expect(new Date(String(span.first)).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * 24 * 3600 * 1000);
    expect(new Date(String(span.last)).getTime()).toBeLessThan(NOW.getTime());
    const tenants = await db.selectFrom('remittances').select('tenant_id').distinct().execute();
    expect(tenants.map((row) => row.tenant_id).sort()).toEqual(['amal', 'bunna', 'cp-swift', 'nationtransfer', 'payinupt', 'roxe', 'ss-swift', 'swift', 'tawakal-swift']);
    const statuses = await db.selectFrom('remittances').select(['status_id', 'status']).distinct().execute();
    expect(new Set(statuses.map((row) => row.status_id))).toEqual(new Set([2, 4, 128, 256]));
    const texts = new Set(statuses.map((row) => row.status.trim()));
    for (const text of ['Processing', 'Re-Processing', 'Timeout waiting for response from destination', 'Beneficiary Bank not available', 'No action taken',
      'Unable to locate record', 'System malfunction', 'null', 'Approved or completed successfully', 'Cancelled -', 'Request processing in progress',
      'TRANSACTION REFERENCE EXISTS', 'PENDING']) {
      expect(texts.has(text), text).toBe(true);
    }
    const partnered = await db.selectFrom('remittances').select((eb) => eb.fn.countAll<number>().as('n')).where('payout_external_id', 'like', '%|%').executeTakeFirstOrThrow();
    expect(Number(partnered.n)).toBeGreaterThan(1000);
  });

  it('[RP-2.45] holds a payout account per operator at the bank, the bank\'s ledger, UPT transactions, countries with limits and banks with and without branches', async () => {
    const { db, summary } = world;
    const operators = readTenantFiles().filter((tenant) => tenant.payoutAccount !== undefined);
    expect(operators.map((tenant) => tenant.id).sort()).toEqual(['cp-swift', 'roxe', 'ss-swift', 'swift', 'tawakal-swift']);
    const accounts = await db.selectFrom('bank_accounts').select('account_number').where('account_number', 'in', operators.map((tenant) => tenant.payoutAccount ?? '')).execute();
    expect(accounts).toHaveLength(5);
    const codes = await db.selectFrom('bank_ledger').select('code').distinct().execute();
    expect(codes.map((row) => row.code).sort()).toEqual(['00', '32', '91', '96']);
    expect(summary.uptTransactions).toBeGreaterThan(1000);
    expect(Number((await db.selectFrom('upt_payment_limits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(10);
    const branches = await db.selectFrom('upt_banks').leftJoin('upt_branches', 'upt_branches.bank_code', 'upt_banks.code').select(['upt_banks.code', 'upt_branches.id']).execute();
    expect(branches.some((row) => row.id === null)).toBe(true);
    expect(branches.some((row) => row.id !== null)).toBe(true);
  });
});
