// A fault inside every money movement (issue 25): a write of the movement fails, or the process "dies" just after a
// write (server/db/faults.ts), and the movement must leave every table exactly as it was (balances, statuses, codes,
// queue, audit rows, change events, Idempotency-Keys); the request answers the gateway's 500 error document, as any
// database failure does, and the same request once the database works again moves the money exactly once.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Faults, type FaultPoint } from '../db/faults.ts';
import type { MinimalWorld } from '../seed/index.ts';
import { snapshotDatabase } from '../testing/faults.ts';
import { balanceOf, codeFor, newKey, walletClient, type WalletClient } from '../testing/wallet.ts';
import { gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();

/** What the gateway answers for any failure of its database: a 500 that carries no detail out. */
const DATABASE_FAILURE = { errors: [{ status: '500', title: 'Internal Server Error' }], meta: { requestId: expect.any(String) as unknown } };

/** The tries of a one-time code the gateway counts per request, before any movement (routes/wallet.ts): a failed request is a try too. */
const CODE_TRIES = ['attempt_counters'];

/**
 * Arms each fault in turn, makes the request, and proves it answered the database-failure document, that the fault
 * struck, and that every table but `except` holds exactly what it held before.
 */
async function expectNothingHappens(
  app: FastifyInstance,
  faults: Faults,
  points: readonly FaultPoint[],
  request: () => Promise<LightMyRequestResponse>,
  except: readonly string[] = [],
): Promise<void> {
  const before = await snapshotDatabase(app.db, except);
  for (const point of points) {
    const struck = faults.struck;
    faults.arm(point);
    const res = await request();
    const where = `${point.when} ${point.kind} #${point.nth ?? 1} on ${point.table}`;
    expect(faults.struck, `the fault ${where} was reached`).toBe(struck + 1);
    expect({ status: res.statusCode, body: res.json() as unknown }, where).toEqual({ status: 500, body: DATABASE_FAILURE });
    expect(await snapshotDatabase(app.db, except), where).toEqual(before);
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
