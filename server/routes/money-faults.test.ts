// A fault inside every money movement (issue 25): a write of the movement fails, or the process "dies" just after a
// write (server/db/faults.ts), and the movement must leave every table exactly as it was (balances, statuses, codes,
// queue, audit rows, change events, Idempotency-Keys); the request answers the gateway's 500 error document, as any
// database failure does, and the same request once the database works again moves the money exactly once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Faults, type FaultPoint } from '../db/faults.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { REMITTANCE_LOGINS, bulkKey, remittanceGateway, storedRow } from '../testing/remittances.ts';
import { ROLE } from '../domain/reference.ts';
import { snapshotDatabase, type SnapshotScope } from '../testing/faults.ts';
import { balanceOf, codeFor, newKey, walletClient, type WalletClient } from '../testing/wallet.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

// Each test makes its request once per fault and reads the whole database after each: on PostgreSQL at load 15 on two
// cores a test took 64 s, past the project's 60 s.
vi.setConfig({ testTimeout: 240_000 });

const startGateway = gatewayPerTest();

/** What the gateway answers for any failure of its database: a 500 that carries no detail out. */
const DATABASE_FAILURE = { errors: [{ status: '500', title: 'Internal Server Error' }], meta: { requestId: expect.any(String) as unknown } };

/** The tries of a one-time code the gateway counts per request, before any movement (routes/wallet.ts): a failed request is a try too. */
const CODE_TRIES: SnapshotScope = { except: ['attempt_counters'] };

/**
 * Arms each fault in turn, makes the request, and proves it answered the database-failure document, that the fault
 * struck, and that every table but `except` holds exactly what it held before.
 */
async function expectNothingHappens(
  app: FastifyInstance,
  faults: Faults,
  points: readonly FaultPoint[],
  request: () => Promise<LightMyRequestResponse>,
  scope: SnapshotScope = {},
): Promise<void> {
  const before = await snapshotDatabase(app.db, scope);
  for (const point of points) {
    const struck = faults.struck;
    faults.arm(point);
    const res = await request();
    const where = `${point.when} ${point.kind} #${point.nth ?? 1} on ${point.table}`;
    expect(faults.struck, `the fault ${where} was reached`).toBe(struck + 1);
    expect({ status: res.statusCode, body: res.json() as unknown }, where).toEqual({ status: 500, body: DATABASE_FAILURE });
    expect(await snapshotDatabase(app.db, scope), where).toEqual(before);
  }
  faults.disarm();
}

async function auditActions(app: FastifyInstance, entity: string, entityId: string): Promise<string[]> {
  const rows = await app.db.selectFrom('audit_log').select('action').where('entity', '=', entity).where('entity_id', '=', entityId).orderBy('id').execute();
  return rows.map((row) => row.action);
}

async function countRows(app: FastifyInstance, table: 'wallet_transactions' | 'audit_log'): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The actions of the change events about one row of a list, oldest first. */
async function changeEvents(app: FastifyInstance, entity: string, entityId: string): Promise<string[]> {
  const rows = await app.db.selectFrom('change_events').select('action').where('entity', '=', entity).where('entity_id', '=', entityId).orderBy('id').execute();
  return rows.map((row) => row.action);
}

interface WalletGateway {
  app: FastifyInstance;
  world: MinimalWorld;
  faults: Faults;
  admin: WalletClient;
}

async function walletGateway(): Promise<WalletGateway> {
  const faults = new Faults();
  const { app, world } = await startGateway({ faults });
  const admin = walletClient(app, await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug'));
  return { app, world, faults, admin };
}

/** The three movements of the top-up modal (users-and-wallets §4), each with its request and signed movement. */
const WALLET_MOVEMENTS = [
  { name: 'top-up', attributes: { Amount: '500', template: 'topup' }, movedMinor: 50_000 },
  { name: 'cash-out', attributes: { Amount: '-200', template: 'cashout' }, movedMinor: -20_000 },
  { name: 'loan cash-in', attributes: { Amount: '1000', template: 'loan', ExternalId: 'LN-2025-0042' }, movedMinor: 100_000 },
] as const;

/** Every write of a confirm, in its order: the try counted, the status claimed, the code used, the balance, its audit row and change event. */
const CONFIRM_FAULTS: readonly FaultPoint[] = [
  { table: 'otp_codes', kind: 'update', when: 'after' },
  { table: 'wallet_transactions', kind: 'update', when: 'after' },
  { table: 'otp_codes', kind: 'update', nth: 2, when: 'before' },
  { table: 'wallets', kind: 'update', when: 'before' },
  { table: 'wallets', kind: 'update', when: 'after' },
  { table: 'audit_log', kind: 'insert', when: 'before' },
  { table: 'audit_log', kind: 'insert', when: 'after' },
  { table: 'change_events', kind: 'insert', when: 'after' },
];

/** Every write of a Verify Request: the key claimed, the transaction and its reference, the code, both messages, the audit row and change event, the key's answer. */
const CREATE_FAULTS: readonly FaultPoint[] = [
  { table: 'idempotency_keys', kind: 'insert', when: 'after' },
  { table: 'wallet_transactions', kind: 'insert', when: 'after' },
  { table: 'wallet_transactions', kind: 'update', when: 'after' },
  { table: 'otp_codes', kind: 'insert', when: 'after' },
  { table: 'outbox', kind: 'insert', nth: 2, when: 'before' },
  { table: 'audit_log', kind: 'insert', when: 'after' },
  { table: 'change_events', kind: 'insert', when: 'after' },
  { table: 'idempotency_keys', kind: 'update', when: 'after' },
];

describe('top-up, cash-out and loan cash-in: a fault anywhere in the movement moves nothing', () => {
  for (const movement of WALLET_MOVEMENTS) {
    it(`[UW-4.33] [UW-7.26] ${movement.name}: a confirm that fails at any write leaves the balance, the status, the code, the audit trail and the change feed as they were; the same code then moves the money once`, async () => {
      const { app, world, faults, admin } = await walletGateway();
      const wallet = world.wallets.kanifingMemberGmd;
      const created = await admin.create({ ...movement.attributes, Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember) });
      expect(created.statusCode).toBe(201);
      const { id, attributes } = created.json().data as { id: string; attributes: { referenceNumber: string } };
      const code = await codeFor(app, attributes.referenceNumber);
      const balance = await balanceOf(app, wallet);

      await expectNothingHappens(app, faults, CONFIRM_FAULTS, () => admin.confirm(id, code), CODE_TRIES);

      const confirmed = await admin.confirm(id, code);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().data.attributes.status).toBe('COMPLETED');
      expect(await balanceOf(app, wallet)).toBe(balance + movement.movedMinor);
      expect(await auditActions(app, 'wallettransaction', id)).toEqual(['wallettransaction.create', 'wallettransaction.confirm']);
      expect(await changeEvents(app, 'walletTransaction', id)).toEqual(['wallettransaction.create', 'wallettransaction.confirm']);
      // Confirmed once: the code is spent, a second confirm moves nothing.
      expect((await admin.confirm(id, code)).statusCode).not.toBe(200);
      expect(await balanceOf(app, wallet)).toBe(balance + movement.movedMinor);
    });

    it(`[UW-4.30] [UW-7.25] ${movement.name}: a Verify Request that fails at any write creates no transaction, sends no code and keeps no Idempotency-Key; the same key then creates it once`, async () => {
      const { app, world, faults, admin } = await walletGateway();
      const request = { ...movement.attributes, Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember) };
      const key = newKey();
      const transactions = await countRows(app, 'wallet_transactions');

      await expectNothingHappens(app, faults, CREATE_FAULTS, () => admin.create(request, key));

      const created = await admin.create(request, key);
      expect(created.statusCode).toBe(201);
      expect(created.headers['idempotent-replayed']).toBeUndefined();
      const again = await admin.create(request, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.id).toBe(created.json().data.id);
      expect(await countRows(app, 'wallet_transactions')).toBe(transactions + 1);
      expect(await auditActions(app, 'wallettransaction', created.json().data.id)).toEqual(['wallettransaction.create']);
    });
  }
});

/** A remittance gateway whose database carries `faults`, on a clock the test moves (the settler's lease). */
async function payoutGateway() {
  const faults = new Faults();
  const clock = { now: new Date(MINIMAL_NOW) };
  const gateway = await remittanceGateway(startGateway, { faults, now: () => clock.now });
  return { ...gateway, faults, clock, payout: await gateway.as('payout') };
}

async function versions(app: FastifyInstance, ids: readonly string[]): Promise<number[]> {
  return Promise.all(ids.map(async (id) => (await storedRow(app.db, id)).version));
}

describe('re-initiate and bulk reprocessing: a fault anywhere queues nothing', () => {
  it('[RP-7.17] a re-initiate that fails at any write leaves the row, the queue, the audit trail and the change feed as they were; re-initiating again queues it once', async () => {
    const { app, faults, payout, remittances } = await payoutGateway();
    const id = remittances.rows.missing;
    await expectNothingHappens(
      app,
      faults,
      [
        { table: 'remittances', kind: 'update', when: 'after' },
        { table: 'payout_queue', kind: 'insert', when: 'before' },
        { table: 'payout_queue', kind: 'insert', when: 'after' },
        { table: 'audit_log', kind: 'insert', when: 'after' },
        { table: 'change_events', kind: 'insert', when: 'after' },
      ],
      () => payout.republish(id),
    );
    const res = await payout.republish(id);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.attributes).toMatchObject({ statusId: 4, status: 'Re-Processing', queued: true });
    expect(await auditActions(app, 'remittance', id)).toEqual(['remittance.republish']);
    expect(await changeEvents(app, 'remittance', id)).toEqual(['remittance.republish']);
    expect((await app.db.selectFrom('payout_queue').select('remittance_id').execute()).map((row) => String(row.remittance_id))).toEqual([id]);
  });

  it('[RP-7.18] [RP-4.29] a selected reprocessing that fails at its second row keeps no Idempotency-Key and queues no row; the same key then queues each row once', async () => {
    const { app, faults, payout, remittances } = await payoutGateway();
    const ids = [remittances.rows.missing, remittances.rows.partner, remittances.rows.badAccount];
    const key = bulkKey();
    await expectNothingHappens(
      app,
      faults,
      [
        { table: 'idempotency_keys', kind: 'insert', when: 'after' },
        { table: 'remittances', kind: 'update', nth: 2, when: 'before' },
        { table: 'payout_queue', kind: 'insert', nth: 2, when: 'after' },
        { table: 'audit_log', kind: 'insert', nth: 3, when: 'after' },
        { table: 'idempotency_keys', kind: 'update', when: 'after' },
      ],
      () => payout.republishBulk({ transactionIds: ids }, '', key),
    );
    const before = await versions(app, ids);
    const res = await payout.republishBulk({ transactionIds: ids }, '', key);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.attributes.count).toBe(3);
    const replay = await payout.republishBulk({ transactionIds: ids }, '', key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await versions(app, ids)).toEqual(before.map((version) => version + 1));
    for (const id of ids) expect(await auditActions(app, 'remittance', id)).toEqual(['remittance.republish']);
  });
});

describe('bulk edit: a fault anywhere edits no row', () => {
  it('[RP-4.23] [RP-7.16] a bulk edit that fails at any write (the second row, a queued row leaving the queue, an audit row, the key) leaves every row, the queue and the key as they were; the same key then edits each row once', async () => {
    const { app, faults, payout, remittances } = await payoutGateway();
    // One of the rows waits in the queue: the edit takes it out.
    expect((await payout.republish(remittances.rows.spaced)).statusCode).toBe(202);
    const ids = [remittances.rows.missing, remittances.rows.spaced, remittances.rows.broken];
    const attributes = { transactionIds: ids, statusCode: 256, statusDescription: 'Paid at the counter' };
    const key = bulkKey();
    await expectNothingHappens(
      app,
      faults,
      [
        { table: 'idempotency_keys', kind: 'insert', when: 'after' },
        { table: 'remittances', kind: 'update', when: 'after' },
        { table: 'remittances', kind: 'update', nth: 2, when: 'before' },
        { table: 'payout_queue', kind: 'delete', nth: 2, when: 'after' },
        { table: 'audit_log', kind: 'insert', nth: 3, when: 'after' },
        { table: 'change_events', kind: 'insert', nth: 2, when: 'after' },
        { table: 'idempotency_keys', kind: 'update', when: 'after' },
      ],
      () => payout.editBulk(attributes, key),
    );
    const before = await versions(app, ids);
    const res = await payout.editBulk(attributes, key);
    expect(res.statusCode).toBe(200);
    const replay = await payout.editBulk(attributes, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await versions(app, ids)).toEqual(before.map((version) => version + 1));
    for (const id of ids) expect((await storedRow(app.db, id)).status_id).toBe(256);
    expect(await app.db.selectFrom('payout_queue').select('remittance_id').execute()).toEqual([]);
    expect(await auditActions(app, 'remittance', remittances.rows.missing)).toEqual(['remittance.status']);
    expect(await auditActions(app, 'remittance', remittances.rows.spaced)).toEqual(['remittance.republish', 'remittance.status']);
    expect(await auditActions(app, 'remittance', remittances.rows.broken)).toEqual(['remittance.status']);
  });
});

/** The settler's lease on a claimed row (domain/remittances/settler.ts): a round after it may claim the row again. */
const PAST_THE_LEASE_MS = 3 * 60_000;

describe('the settler: a fault while it writes the settlement settles nothing', () => {
  it('a settlement that fails at any write leaves the row, its place in the queue, the audit trail and the change feed as they were; the next round settles it once and the bank pays once', async () => {
    const { app, faults, payout, remittances, clock } = await payoutGateway();
    const id = remittances.rows.missing;
    expect((await payout.republish(id)).statusCode).toBe(202);
    const account = async () =>
      (await app.db.selectFrom('bank_accounts').select('balance_minor').where('account_number', '=', '5400012345').executeTakeFirstOrThrow()).balance_minor;
    const funds = await account();
    const settle = () => {
      // Each round starts after the lease of the round before it, so it claims the row again.
      clock.now = new Date(clock.now.getTime() + PAST_THE_LEASE_MS);
      return app.inject({ method: 'POST', url: '/dev/settler' });
    };
    await expectNothingHappens(
      app,
      faults,
      [
        { table: 'payout_queue', kind: 'delete', when: 'after' },
        { table: 'remittances', kind: 'update', when: 'before' },
        { table: 'remittances', kind: 'update', when: 'after' },
        { table: 'audit_log', kind: 'insert', when: 'after' },
        { table: 'change_events', kind: 'insert', when: 'after' },
      ],
      settle,
      // The bank's own books are the far side of the bank port (it paid in the first round); a round's claim of the
      // row is its lease, written before the settlement on purpose (a settler that dies leaves it to the next round).
      { except: ['bank_accounts', 'bank_ledger'], ignore: { payout_queue: ['claim', 'claimed_at'] } },
    );
    const res = await settle();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ settled: 1, results: { [id]: 256 } });
    expect(funds - (await account())).toBe(30_407_000);
    expect(await auditActions(app, 'remittance', id)).toEqual(['remittance.republish', 'remittance.settle']);
    expect(await changeEvents(app, 'remittance', id)).toEqual(['remittance.republish', 'remittance.settle']);
  });
});

describe('an approval run: a fault anywhere runs nothing and decides nothing', () => {
  let rules: string;
  beforeAll(() => {
    rules = mkdtempSync(join(tmpdir(), 'teller-fault-approvals-'));
    const bulkEdit = { id: 'bulk-edit', label: 'Bulk edit', operationId: 'updatePayoutStatuses', approvers: { roles: [ROLE.TopAdmin, ROLE.MidAdmin] } };
    writeFileSync(join(rules, 'tawakal-swift.json'), JSON.stringify({ tenant: 'tawakal-swift', rules: [bulkEdit] }));
  });
  afterAll(() => rmSync(rules, { recursive: true, force: true }));

  it('an approved bulk edit whose run fails at any write (the claim, a row, the key, the approval, its audit row) leaves the approval pending, every row and the key as they were; approving again runs it once', async () => {
    const faults = new Faults();
    const { app, remittances, as } = await remittanceGateway(startGateway, { faults, approvalsDir: rules });
    const maker = await as('payout');
    const ids = [remittances.rows.missing, remittances.rows.broken];
    const attributes = { transactionIds: ids, statusCode: 256, statusDescription: 'Paid at the counter' };
    const key = bulkKey();
    const held = await maker.editBulk(attributes, key);
    expect(held.statusCode).toBe(202);
    const approvalId = (held.json().data as { id: string }).id;
    const approver = bearer(await signIn(app, REMITTANCE_LOGINS.payoutGroup));
    const approve = () => app.inject({ method: 'POST', url: `/api/v1/approvals/${approvalId}/approve`, headers: approver });

    await expectNothingHappens(
      app,
      faults,
      [
        { table: 'approvals', kind: 'update', when: 'after' },
        { table: 'idempotency_keys', kind: 'update', when: 'after' },
        { table: 'remittances', kind: 'update', nth: 2, when: 'before' },
        { table: 'idempotency_keys', kind: 'update', nth: 2, when: 'after' },
        { table: 'approvals', kind: 'update', nth: 2, when: 'after' },
        { table: 'audit_log', kind: 'insert', nth: 3, when: 'after' },
      ],
      approve,
    );
    const before = await versions(app, ids);
    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.attributes).toMatchObject({ status: 'approved', result: { status: 200 } });
    const retry = await maker.editBulk(attributes, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await versions(app, ids)).toEqual(before.map((version) => version + 1));
    for (const id of ids) expect(await auditActions(app, 'remittance', id)).toEqual(['remittance.status']);
    expect(await auditActions(app, 'approval', approvalId)).toEqual(['approval.request', 'approval.approve']);
  });
});
