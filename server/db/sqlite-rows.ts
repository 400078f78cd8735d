// Rows of better-sqlite3 as objects of one shape. Its own row objects are built property by property in C++ and
// end up as dictionaries (V8's slow properties): reading a 10,000-row report page that way cost twice the query
// itself, and every later read of a row and the garbage they leave cost more again (docs/benchmarks.md, "The
// 1,000,000-row export"). The values are read as arrays instead and put into object literals made once per column
// list, so every row of a statement shares one hidden class with in-object properties.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;
type RowOf = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * `{ "name": values[0], ... }` for these column names, in their order. A name repeated (a join's `id`) keeps its
 * first place and its last value, and `__proto__` sets the prototype, as in better-sqlite3's own objects. The names
 * are written as JSON strings, so no name can be anything but a key.
 */
function rowBuilder(names: readonly string[]): RowOf {
  const members = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ');
  return new Function('values', `return { ${members} };`) as RowOf;
}

/** A reader statement whose `all` answers rows of one shape; writers are handed back as they are. */
export function withPlainRows(statement: Statement): SqliteStatement {
  if (!statement.reader) return statement;
  let columnCount = -1;
  let rowOf: RowOf = () => ({});
  const readColumns = () => {
    const names = statement.columns().map((column) => column.name);
    columnCount = names.length;
    rowOf = rowBuilder(names);
  };
  const all = (parameters: readonly unknown[]): unknown[] => {
    let rows: unknown[][];
    try {
      rows = statement.raw(true).all(parameters) as unknown[][];
    } finally {
      statement.raw(false);
    }
    // Read at the first rows and again after a schema change, which SQLite answers by preparing the statement anew.
    if (rows.length > 0 && rows[0]?.length !== columnCount) readColumns();
    const objects = new Array<unknown>(rows.length);
    for (let index = 0; index < rows.length; index += 1) objects[index] = rowOf(rows[index] ?? []);
    return objects;
  };
  return {
    reader: true,
    all,
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.iterate(parameters),
  };
}
