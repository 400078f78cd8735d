// PostgreSQL plans an unnamed statement afresh on every call; a named one is parsed once per connection and its plan
// kept (issue 26: 2.17 ms of database CPU for a 10-row indexed page, most of it parse and plan). Kysely's pg driver
// sends `client.query(text, values)`; this pool hands it clients that send `{ name, text, values }` instead, the name
// derived from the text itself (a hash), so one name never stands for two texts (node-postgres refuses, and reusing
// a name after an eviction would run the old text). Statements live per connection: each client keeps its most
// recently used ones and deallocates the least recently used past the bound.
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** Named statements one connection keeps; past this the least recently used one is deallocated. */
export const NAMED_STATEMENTS_PER_CONNECTION = 200;

/**
 * Only a single DML statement can be named (a prepared statement holds one command); DDL (migrations), transaction
 * control and SET run unnamed, as before: they run once, or cost nothing to parse.
 */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** The statement name of a SQL text: stable across connections and processes, distinct for distinct texts. */
export function statementName(text: string): string {
  return `t_${createHash('sha1').update(text).digest('hex')}`;
}

export function nameable(text: string): boolean {
  return NAMEABLE.test(text) && !text.includes(';');
}

/** node-postgres' record of the statements parsed on a connection (not in its types); emptied of evicted names. */
interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> };
}

class NamingClient implements PostgresPoolClient {
  private readonly client: pg.PoolClient;
  private readonly capacity: number;
  /** Names prepared on this connection, least recently used first. */
  private readonly names = new Set<string>();

  constructor(client: pg.PoolClient, capacity: number) {
    this.client = client;
    this.capacity = capacity;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(text: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Streaming (a cursor) runs unnamed: one statement, read in chunks.
    if (typeof text !== 'string') return this.client.query(text as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = [...(parameters ?? [])];
    if (!nameable(text)) return this.client.query(text, values) as unknown as Promise<PostgresQueryResult<R>>;
    return this.named<R>(text, values);
  }

  private async named<R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    const name = statementName(text);
    if (this.names.has(name)) {
      this.names.delete(name);
    } else if (this.names.size >= this.capacity) {
      await this.evictOldest();
    }
    this.names.add(name);
    try {
      return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      // A statement the server refused to parse was never prepared: nothing to deallocate later.
      if (this.parsed()?.[name] === undefined) this.names.delete(name);
      throw error;
    }
  }

  private parsed(): Record<string, string> | undefined {
    return (this.client as unknown as ParsedStatements).connection?.parsedStatements;
  }

  /**
   * DEALLOCATE is not transactional (a rollback does not bring the statement back), so the name is forgotten on
   * both sides once the server has dropped it; if the server refuses (an aborted transaction), the name stays known.
   */
  private async evictOldest(): Promise<void> {
    const oldest = this.names.values().next();
    if (oldest.done) return;
    await this.client.query(`DEALLOCATE "${oldest.value}"`);
    this.names.delete(oldest.value);
    const parsed = this.parsed();
    if (parsed) delete parsed[oldest.value];
  }

  release(): void {
    this.client.release();
  }
}

/**
 * The pool Kysely's PostgresDialect uses, whose clients name every statement they can. The statements a
 * connection holds are tracked by its pg client, so they go when the pool drops the connection.
 */
export class NamingPool implements PostgresPool {
  private readonly pool: pg.Pool;
  private readonly capacity: number;
  /** One wrapper per pg client, so Kysely (which keys its connections by client) sees the same object each time. */
  private readonly clients = new WeakMap<pg.PoolClient, NamingClient>();

  constructor(pool: pg.Pool, capacity: number = NAMED_STATEMENTS_PER_CONNECTION) {
    this.pool = pool;
    this.capacity = capacity;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let naming = this.clients.get(client);
    if (!naming) {
      naming = new NamingClient(client, this.capacity);
      this.clients.set(client, naming);
    }
    return naming;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
