import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { closeTestDatabase, openTestDatabase } from '../testing/database.ts';
import { auditEvent } from './audit.ts';
import { send } from './outbox.ts';
import { UnauditedChange, unitOfWork, type WorkActor } from './unit-of-work.ts';

let db: Db | undefined;
afterEach(async () => {
  if (db) await closeTestDatabase(db);
  db = undefined;
});

const actor: WorkActor = { userId: 7, tenantId: 'naccug', now: new Date('2026-03-01T10:00:00Z') };
const message = { channel: 'email' as const, to: 'member@example.test', body: 'Your payout is queued.', tenantId: 'naccug' };
const queued = { action: 'remittance.republish', entity: 'remittance', entityId: 41, before: { statusId: 2 }, after: { statusId: 4, queued: true } };

async function counts(database: Db): Promise<{ rows: number; audit: number; changes: number }> {
  const count = async (table: 'outbox' | 'audit_log' | 'change_events') =>
    Number((await database.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { rows: await count('outbox'), audit: await count('audit_log'), changes: await count('change_events') };
}

describe('unitOfWork (issue 23: one unit of work on the gateway)', () => {
  it('commits the change’s rows, its audit row and its change event together, with the actor and time of the unit', async () => {
    db = await openTestDatabase();
    await unitOfWork(db, actor, async (work) => {
      await send(work.db, message);
      await work.change(queued);
    });
    expect(await counts(db)).toEqual({ rows: 1, audit: 1, changes: 1 });
    const audit = await db.selectFrom('audit_log').selectAll().executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: 7, tenant_id: 'naccug', action: 'remittance.republish', entity: 'remittance', entity_id: '41', at: '2026-03-01T10:00:00.000Z' });
    expect(JSON.parse(audit.after_json ?? 'null')).toEqual({ statusId: 4, queued: true });
    const event = await db.selectFrom('change_events').selectAll().executeTakeFirstOrThrow();
    expect(event).toMatchObject({ tenant_id: 'naccug', entity: 'remittance', entity_id: '41', action: 'remittance.republish' });
  });

  it('a change that fails after recording leaves neither its rows, nor its audit row, nor its change event', async () => {
    db = await openTestDatabase();
    const unit = unitOfWork(db, actor, async (work) => {
      await send(work.db, message);
      await work.change(queued);
      throw new Error('the bank refused');
    });
    await expect(unit).rejects.toThrow('the bank refused');
    expect(await counts(db)).toEqual({ rows: 0, audit: 0, changes: 0 });
  });

  it('refuses to commit a unit that wrote a row and recorded no change, and rolls the row back', async () => {
    db = await openTestDatabase();
    const unit = unitOfWork(db, actor, async (work) => {
      await send(work.db, message);
    });
    await expect(unit).rejects.toBeInstanceOf(UnauditedChange);
    expect(await counts(db)).toEqual({ rows: 0, audit: 0, changes: 0 });
  });

  it('lets a unit that writes nothing (a refusal found before any write) finish without a change', async () => {
    db = await openTestDatabase();
    await expect(unitOfWork(db, actor, async () => 'not_reprocessable')).resolves.toBe('not_reprocessable');
    expect(await counts(db)).toEqual({ rows: 0, audit: 0, changes: 0 });
  });

  it('a helper called with work.db joins the unit: one transaction, and its own rows still need their change', async () => {
    db = await openTestDatabase();
    await unitOfWork(db, actor, async (work) => {
      await unitOfWork(work.db, { ...actor, userId: 8 }, async (inner) => {
        await send(inner.db, message);
        await inner.change(queued);
      });
    });
    expect(await counts(db)).toEqual({ rows: 1, audit: 1, changes: 1 });
    expect((await db.selectFrom('audit_log').select('actor_user_id').executeTakeFirstOrThrow()).actor_user_id).toBe(8);

    const unaudited = unitOfWork(db, actor, async (work) => {
      await work.change(queued);
      await unitOfWork(work.db, actor, (inner) => send(inner.db, message));
    });
    await expect(unaudited).rejects.toBeInstanceOf(UnauditedChange);
    expect(await counts(db)).toEqual({ rows: 1, audit: 1, changes: 1 });
  });

  it('audits an event that changes no rows (a refused sign-in) without a change event', async () => {
    db = await openTestDatabase();
    await auditEvent(db, { actorUserId: null, tenantId: 'naccug', action: 'signin.fail', entity: 'session', entityId: 'member@example.test', reason: 'Invalid email or password', at: actor.now });
    expect(await counts(db)).toEqual({ rows: 0, audit: 1, changes: 0 });
  });
});

const SERVER = join(import.meta.dirname, '..');

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ file: relative(SERVER, path), text: readFileSync(path, 'utf8') }];
  });
}

/** The gateway's source files (tests aside) under `folder` that contain `pattern`, as paths from server/. */
function filesWith(pattern: RegExp, folder = '.'): string[] {
  return sources(join(SERVER, folder))
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file)
    .sort();
}

/**
 * The domain's transactions that are no unit of work, each with why: bookkeeping that is not itself an audited
 * change (an Idempotency-Key claimed around a change that is a unit inside it, codes and links sent, the simulated
 * bank's own books). A new `.transaction()` elsewhere in server/domain fails here: make it a unitOfWork.
 */
const BOOKKEEPING_TRANSACTIONS: Record<string, string> = {
  'domain/unit-of-work.ts': 'the unit of work itself',
  'domain/accounts/recovery.ts': 'a recovery code or reset link issued and sent; nothing changes until the password is set',
  'domain/approvals/approvals.ts': 'the Idempotency-Key claimed around holdRequest’s unit',
  'domain/bank/simulated.ts': 'the simulated bank’s own ledger, the far side of the bank port',
  'domain/files/disk.ts': 'a file an older gateway kept on disk moved into file_chunks at start: where bytes live, not a change anyone made',
  'domain/wallet/idempotency.ts': 'an Idempotency-Key claimed around the unit it guards (createWalletTransaction, the remittance bulk actions)',
};

describe('the gateway writes audit rows only through the unit of work (issue 23)', () => {
  it('appends audit rows only in domain/audit.ts and change events only in domain/changes/feed.ts', () => {
    expect(filesWith(/insertInto\(\s*'audit_log'/)).toEqual(['domain/audit.ts']);
    expect(filesWith(/insertInto\(\s*'change_events'/)).toEqual(['domain/changes/feed.ts']);
  });

  it('calls the audit writer and the change feed only from the unit of work (and auditEvent for events that change no rows)', () => {
    expect(filesWith(/\bappendAudit\(/)).toEqual(['domain/audit.ts', 'domain/unit-of-work.ts']);
    expect(filesWith(/\brecordChange\(/)).toEqual(['domain/changes/feed.ts', 'domain/unit-of-work.ts']);
  });

  it('opens a transaction in server/domain that is no unit of work only where it is bookkeeping around one', () => {
    expect(filesWith(/\.transaction\(\)/, 'domain')).toEqual(Object.keys(BOOKKEEPING_TRANSACTIONS).sort());
  });
});
