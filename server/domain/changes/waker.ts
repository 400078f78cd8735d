// Wakes this process's change streams when any gateway process on the database wrote a change event. The events
// table is the truth; waking only says "read it": PostgreSQL's LISTEN/NOTIFY (with a slow poll should the listening
// connection drop), on SQLite a cheap poll of the newest id (several processes on one file share no signal).
import pg from 'pg';
import type { Db } from '../../db/connection.ts';
import { isPostgres } from '../../db/connection.ts';
import { CHANGE_CHANNEL, newestChangeId, pruneChanges } from './feed.ts';

export interface ChangeWakerOptions {
  db: Db;
  /** `postgres://...` to LISTEN on; none on SQLite. */
  postgresUrl?: string | undefined;
  now: () => Date;
  /** How often the newest id is read: 300 ms on SQLite; on PostgreSQL only a safety net. */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

const SQLITE_POLL_MS = 300;
const POSTGRES_POLL_MS = 5_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface ChangeListener {
  /** A change may have been written: read the feed. */
  wake: () => void;
  /** The process is closing: end the stream. */
  end: () => void;
}

export class ChangeWaker {
  private readonly listeners = new Set<ChangeListener>();
  private timer: NodeJS.Timeout | undefined;
  private client: pg.Client | undefined;
  private latest = -1;
  private lastPrune = 0;
  private closed = false;

  constructor(private readonly options: ChangeWakerOptions) {}

  /** Wakes the listener whenever a change may have been written, until the returned function is called. */
  subscribe(listener: ChangeListener): () => void {
    if (this.closed) {
      listener.end();
      return () => undefined;
    }
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Change streams open in this process now (the gateway's metrics). */
  get streams(): number {
    return this.listeners.size;
  }

  /** Ends every stream (SIGTERM, server/shutdown.ts): an open stream must not hold the shutdown up. */
  close(): void {
    this.closed = true;
    for (const listener of [...this.listeners]) listener.end();
    this.listeners.clear();
    this.stop();
  }

  private start(): void {
    if (this.closed) return;
    const { db, postgresUrl } = this.options;
    const pollMs = this.options.pollMs ?? (isPostgres(db) ? POSTGRES_POLL_MS : SQLITE_POLL_MS);
    this.timer = setInterval(() => void this.poll(), pollMs);
    this.timer.unref();
    if (postgresUrl && isPostgres(db)) this.listen(postgresUrl);
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    client?.end().catch(() => undefined);
  }

  private listen(url: string): void {
    const client = new pg.Client({ connectionString: url });
    this.client = client;
    client.on('notification', () => this.wakeAll());
    client.on('error', (error) => {
      this.options.onError?.(error);
      if (this.client === client) this.client = undefined;
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANGE_CHANNEL}`))
      // A change committed while this connection was still connecting sent its NOTIFY to no one: read once now.
      .then(() => {
        if (this.client === client) this.wakeAll();
      })
      .catch((error: unknown) => this.options.onError?.(error));
  }

  private wakeAll(): void {
    for (const listener of this.listeners) listener.wake();
  }

  private async poll(): Promise<void> {
    try {
      const { db, now } = this.options;
      const latest = await newestChangeId(db);
      if (latest !== this.latest) {
        this.latest = latest;
        this.wakeAll();
      }
      const at = now().getTime();
      if (at - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = at;
        await pruneChanges(db, now());
      }
    } catch (error) {
      if (!this.closed) this.options.onError?.(error);
    }
  }
}
