// Queries Kysely builds and compiles once per shape, then runs with each request's values (the speed budget, README "Benchmarks": building
// and compiling the wallet list's queries was about a fifth of a listing request). A query is built with named
// slots where its values go; every parameter of the compiled SQL must be a slot, so nothing of the request that
// happened to build it can stay in the SQL the next requests run.
import { sql, type Compilable, type CompiledQuery, type Expression, type Kysely } from 'kysely';

/** A value that is not there yet: replaced by the value of the same name when the query runs. */
class Slot {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }
}

/**
 * How a value enters a query: `direct` writes the value itself; `slots` writes a named slot, so the query can be
 * compiled once and run with other values of the same names (PreparedQueries).
 */
export type Bind = <T>(name: string, value: T) => Expression<T>;

export const direct: Bind = (_name, value) => sql.val(value);

export const slots: Bind = <T>(name: string) => sql<T>`${new Slot(name)}`;

/** Shapes kept; past this the least recently used is compiled again when next asked for. */
const CAPACITY = 200;

const byDatabase = new WeakMap<object, PreparedQueries>();

/** The prepared queries of one database (their SQL is in its dialect). */
export function preparedQueries<DB>(db: Kysely<DB>): PreparedQueries {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new PreparedQueries();
    byDatabase.set(db, queries);
  }
  return queries;
}

export class PreparedQueries {
  private readonly compiled = new Map<string, CompiledQuery>();

  /**
   * Runs the query of this shape with these values, compiling `build()` (which must use `slots`) the first time.
   * `shape` must name everything `build` decides on other than the values.
   */
  async execute<DB, R>(db: Kysely<DB>, shape: string, build: () => Compilable<R>, values: Readonly<Record<string, unknown>>): Promise<R[]> {
    let compiled = this.compiled.get(shape);
    if (compiled) {
      this.compiled.delete(shape);
    } else {
      compiled = build().compile();
      const stray = compiled.parameters.findIndex((parameter) => !(parameter instanceof Slot));
      if (stray !== -1) throw new Error(`Prepared query ${shape}: parameter ${stray + 1} is a value, not a slot.`);
    }
    this.compiled.set(shape, compiled);
    if (this.compiled.size > CAPACITY) {
      const oldest = this.compiled.keys().next();
      if (!oldest.done) this.compiled.delete(oldest.value);
    }
    const parameters = compiled.parameters.map((parameter) => {
      const name = parameter instanceof Slot ? parameter.name : '';
      if (!(name in values)) throw new Error(`Prepared query ${shape}: no value for ${name}.`);
      return values[name];
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  }
}
