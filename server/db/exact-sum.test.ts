// Exact sums of bigint columns past 2^53 (JS numbers) and past 2^63 (SQLite's sum()), and the PostgreSQL parser.
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseBigNumber } from './connection.ts';
import { exactSum, readExactSum } from './exact-sum.ts';

interface Amounts {
  amounts: { minor: number };
}

async function sumOf(values: number[]): Promise<{ exact: bigint; plain: unknown }> {
  const db = new Kysely<Amounts>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
  try {
    await db.schema.createTable('amounts').addColumn('minor', 'bigint').execute();
    if (values.length > 0) await db.insertInto('amounts').values(values.map((minor) => ({ minor }))).execute();
    const row = await db.selectFrom('amounts').select(exactSum(sql.ref('minor')).as('total')).executeTakeFirstOrThrow();
    const plain = await db
      .selectFrom('amounts')
      .select((eb) => eb.fn.sum<number>('minor').as('total'))
      .executeTakeFirst()
      .then((found) => found?.total, (error: unknown) => error);
    return { exact: readExactSum(row.total), plain };
  } finally {
    await db.destroy();
  }
}

describe('exactSum', () => {
  it('adds past 2^53 without losing a digit', async () => {
    const { exact } = await sumOf(Array.from({ length: 91 }, () => 100_000_000_000_003));
    expect(exact).toBe(91n * 100_000_000_000_003n);
  });

  it("adds past 2^63, where SQLite's own sum() fails", async () => {
    const values = Array.from({ length: 1_100 }, () => Number.MAX_SAFE_INTEGER);
    const { exact, plain } = await sumOf(values);
    expect(exact).toBe(1_100n * BigInt(Number.MAX_SAFE_INTEGER));
    expect(plain).toBeInstanceOf(Error);
  });

  it('adds negative values and answers 0 for no rows', async () => {
    expect((await sumOf([-15_000_000_007, 3, -2])).exact).toBe(-15_000_000_006n);
    expect((await sumOf([])).exact).toBe(0n);
  });
});

describe('parseBigNumber (PostgreSQL int8 and numeric)', () => {
  it('gives numbers while they are exact, and the exact text past 2^53', () => {
    expect(parseBigNumber('42')).toBe(42);
    expect(parseBigNumber('-9007199254740991')).toBe(-9007199254740991);
    expect(parseBigNumber('12.50')).toBe(12.5);
    expect(parseBigNumber('9007199254740993')).toBe('9007199254740993');
  });
});
