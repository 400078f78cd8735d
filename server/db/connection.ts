// Opens the database: SQLite (better-sqlite3, WAL) by default, PostgreSQL when the URL says postgres.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryExecutorProvider,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { NamingPool } from './named-statements.ts';
import { CachedStatements } from './statement-cache.ts';

export type Db = Kysely<Database>;

export interface ConnectionOptions {
  /** `postgres://...`, `:memory:`, a SQLite file path, or undefined for `<dataDir>/teller.db`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Sees every query run on PostgreSQL, compiled (the query-plan test reads the SQL the lists run). */
  onQuery?: ((query: CompiledQuery) => void) | undefined;
}

/** Where the data lives, for logs (never prints a password). */
export function describeDatabase({ databaseUrl, dataDir }: ConnectionOptions): string {
  if (databaseUrl && isPostgresUrl(databaseUrl)) return databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
  return databaseUrl ?? join(dataDir, 'teller.db');
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens a Kysely instance on SQLite or PostgreSQL; the caller runs migrations (./migrate.ts). */
export function openDatabase({ databaseUrl, dataDir, onQuery }: ConnectionOptions): Db {
  if (databaseUrl && isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl, onQuery);
  let file = databaseUrl ?? join(dataDir, 'teller.db');
  if (file.startsWith('sqlite:')) file = file.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(join(file, '..'), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: new CachedStatements(sqlite) }) });
}

/**
 * Transactions take SQLite's write lock when they begin (every transaction here writes). With several gateway
 * processes on one file (server/cluster.ts), a transaction that read first and then wrote after another process
 * had committed would fail at once (SQLITE_BUSY_SNAPSHOT, no waiting); taking the lock up front makes it wait its
 * turn (busy_timeout) instead. Within one process Kysely runs one transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  private readonly settings: SqliteDialectConfig;

  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.settings = settings;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * int8 and numeric as JS numbers, the shape SQLite gives, while that is exact: balances and amounts are capped
 * below 2^53 (domain/money.ts). A value past 2^53 stays its exact text rather than losing digits; sums that can
 * get there are read as bigint (db/exact-sum.ts).
 */
export function parseBigNumber(value: string): number | string {
  const number = Number(value);
  return /^-?\d+$/.test(value) && !Number.isSafeInteger(number) ? value : number;
}

/** Each PostgreSQL handle's pool, for the gateway's metrics: Kysely keeps it out of reach. */
const pools = new WeakMap<Db, pg.Pool>();

/** The connections of a PostgreSQL handle's pool now; none on SQLite (one connection, no pool). */
export function poolState(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

function openPostgres(url: string, onQuery?: (query: CompiledQuery) => void): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? parseBigNumber : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const dialect = new PostgresDialect({ pool: new NamingPool(pool) });
  const db = new Kysely<Database>(onQuery ? { dialect, log: (event) => onQuery(event.query) } : { dialect });
  pools.set(db, pool);
  return db;
}

export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
