// One unit of work per domain change (issue 23): the change's rows, its audit row and its change event are written
// in one database transaction, and the transaction commits only if every unit that wrote a row recorded a change.
// A change without its audit row cannot be written: it is refused at commit and rolled back.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from '../db/connection.ts';
import { appendAudit, type AuditEntry } from './audit.ts';
import { recordChange } from './changes/feed.ts';

/** Who makes the change, and when: the actor and time of every audit row the unit writes. */
export interface WorkActor {
  /** The signed-in user, or null for the system (the settler). */
  userId: number | null;
  /** The tenant of the audit rows, unless a change names another (the row's own tenant). */
  tenantId: string | null;
  now: Date;
}

/** A signed-in user's changes, audited in the session's tenant. */
export function sessionActor(session: { userId: number; tenantId: string }, now: Date): WorkActor {
  return { userId: session.userId, tenantId: session.tenantId, now };
}

/** One change as the audit trail keeps it (./audit.ts `AuditEntry`) without who and when, which the unit knows; the
 * tenant only when the row changed is not the actor's tenant's. */
export type ChangeRecord = Omit<AuditEntry, 'actorUserId' | 'tenantId' | 'at'> & { tenantId?: string | null };

export interface Work {
  /** The unit's transaction: write the change's rows through it. */
  readonly db: Db;
  /** Records one change: its audit row and, for a change a list shows, its change event. */
  change(record: ChangeRecord): Promise<void>;
}

/** Thrown at commit by a unit that wrote rows and recorded no change; its transaction rolls back. */
export class UnauditedChange extends Error {
  constructor(writes: number) {
    super(`A unit of work wrote ${writes} row(s) and recorded no change: call work.change(...) for what it changed.`);
    this.name = 'UnauditedChange';
  }
}

const WRITES: ReadonlySet<RootOperationNode['kind']> = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

/** The units open in one transaction, innermost last; a row written counts for each of them. */
interface Frame {
  writes: number;
  changes: number;
}

/**
 * Counts the rows each open unit writes through its transaction, by the query builders' INSERT, UPDATE and DELETE
 * (the audit and change rows bypass it; a write in a raw `sql` template is not seen, so the domain writes rows with
 * the builders).
 */
class WriteCounter implements KyselyPlugin {
  readonly frames: Frame[] = [];
  private readonly writing = new WeakSet<QueryId>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(args.node.kind)) this.writing.add(args.queryId);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writing.has(args.queryId)) {
      const rows = Number(args.result.numAffectedRows ?? BigInt(args.result.rows.length));
      for (const frame of this.frames) frame.writes += rows;
    }
    return Promise.resolve(args.result);
  }
}

/** The raw transaction and the counter of every transaction a unit runs in, by the `work.db` handed out. */
const open = new WeakMap<Db, { raw: Db; counter: WriteCounter }>();

/**
 * Runs `body` as one unit of work: in a new transaction, or inside the transaction passed (a domain helper called
 * from another change, with its `work.db`, joins that unit's transaction). Throws `UnauditedChange`, rolling
 * everything back, when the body wrote a row and recorded no change.
 */
export async function unitOfWork<T>(db: Db, actor: WorkActor, body: (work: Work) => Promise<T>): Promise<T> {
  const joined = open.get(db);
  if (joined) return run(db, joined.raw, joined.counter, actor, body);
  if (db.isTransaction) return begin(db, actor, body);
  return db.transaction().execute((raw) => begin(raw, actor, body));
}

/** Opens a unit on a transaction: its writes are counted through the `work.db` it hands out. */
function begin<T>(raw: Db, actor: WorkActor, body: (work: Work) => Promise<T>): Promise<T> {
  const counter = new WriteCounter();
  const tracked = raw.withPlugin(counter);
  open.set(tracked, { raw, counter });
  return run(tracked, raw, counter, actor, body);
}

async function run<T>(tracked: Db, raw: Db, counter: WriteCounter, actor: WorkActor, body: (work: Work) => Promise<T>): Promise<T> {
  const frame: Frame = { writes: 0, changes: 0 };
  counter.frames.push(frame);
  try {
    const result = await body({
      db: tracked,
      async change(record) {
        const entry = { ...record, actorUserId: actor.userId, tenantId: record.tenantId === undefined ? actor.tenantId : record.tenantId, at: actor.now };
        await appendAudit(raw, entry);
        await recordChange(raw, entry);
        for (const each of counter.frames) each.changes += 1;
      },
    });
    if (frame.writes > 0 && frame.changes === 0) throw new UnauditedChange(frame.writes);
    return result;
  } finally {
    counter.frames.splice(counter.frames.indexOf(frame), 1);
  }
}
