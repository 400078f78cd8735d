// The day cells' amounts in two parts that cannot overflow. Migration 003 kept Σ |amount_minor| of a day in one
// bigint: about 92,000 maximal transactions (10^14 minor units each) of one tenant, status, type and currency on one
// day passed 2^63, and then PostgreSQL refused the transaction's insert ("bigint out of range", the request a 500)
// while SQLite's sum silently turned into a float. Each row now adds |amount_minor| / 10^9 to `amount_high` and
// |amount_minor| % 10^9 to `amount_low` (at most 10^5 and 10^9 a row), the parts db/exact-sum.ts reads back as
// one exact bigint.
import type { Kysely } from 'kysely';
import { EXACT_SUM_PART } from '../exact-sum.ts';
import { createCountTriggers, dropCountTriggers, recountDays, SINGLE_DAY_AMOUNT, type DayAmount } from './003_wallet.ts';

export const DAY_AMOUNT_PARTS: DayAmount = {
  columns: ['amount_high', 'amount_low'],
  added: (amount) => [`abs(${amount}) / ${EXACT_SUM_PART}`, `abs(${amount}) % ${EXACT_SUM_PART}`],
};

async function switchDayAmount(db: Kysely<unknown>, from: DayAmount, to: DayAmount): Promise<void> {
  await dropCountTriggers(db);
  for (const column of to.columns) {
    await db.schema
      .alterTable('wallet_transaction_day_counts')
      .addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await recountDays(db, to);
  for (const column of from.columns) await db.schema.alterTable('wallet_transaction_day_counts').dropColumn(column).execute();
  await createCountTriggers(db, to);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await switchDayAmount(db, SINGLE_DAY_AMOUNT, DAY_AMOUNT_PARTS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await switchDayAmount(db, DAY_AMOUNT_PARTS, SINGLE_DAY_AMOUNT);
}
