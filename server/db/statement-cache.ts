// Kysely's SQLite driver prepares every query it runs afresh; preparing costs about as much as running a small
// query (the speed budget, README "Benchmarks": listing CPU 0.75 → 0.44 ms a request with the cache). This keeps the prepared statements of
// the most recently used SQL texts and hands them back. better-sqlite3 statements are reusable after an error,
// SQLite re-prepares one itself after a schema change, and Kysely's single-connection mutex means one statement is
// never run twice at once. Each reader answers its rows as objects of one shape (./sqlite-rows.ts).
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { withPlainRows } from './sqlite-rows.ts';

/** What the cache needs of a better-sqlite3 database. */
export type SqliteStatements = Pick<BetterSqlite3.Database, 'prepare' | 'close'>;

/** Distinct SQL texts kept; past this the least recently used one is let go. */
export const STATEMENT_CACHE_SIZE = 500;

export class CachedStatements implements SqliteDatabase {
  private readonly statements = new Map<string, SqliteStatement>();
  private readonly database: SqliteStatements;
  private readonly capacity: number;

  constructor(database: SqliteStatements, capacity: number = STATEMENT_CACHE_SIZE) {
    this.database = database;
    this.capacity = capacity;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.statements.get(sql);
    if (cached) {
      // Most recently used last, so the first key is the one to drop.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = withPlainRows(this.database.prepare(sql));
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next();
      if (!oldest.done) this.statements.delete(oldest.value);
    }
    return statement;
  }

  /** How many statements are kept (for tests). */
  get size(): number {
    return this.statements.size;
  }

  close(): void {
    this.statements.clear();
    this.database.close();
  }
}
