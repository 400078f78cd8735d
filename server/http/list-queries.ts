// The query parameters each operation of the contract takes, as its route validates them: a saved view's filters,
// sort and page size are checked with the very rules its list's address meets (routes/_view-rules.ts), never a copy.
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from './validation.ts';

interface QuerySchema {
  properties?: Record<string, { default?: unknown }>;
}

function isQuerySchema(value: unknown): value is QuerySchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

type QueryValidator = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };

export class ListQueries {
  readonly #schemas = new Map<string, QuerySchema>();

  /** Keeps each contract route's query schema as Fastify gets it; call before the contract's routes are registered. */
  capture(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { operationId?: unknown; querystring?: unknown } | undefined;
      if (typeof schema?.operationId === 'string' && isQuerySchema(schema.querystring)) this.#schemas.set(schema.operationId, schema.querystring);
    });
  }

  readonly #validators = new Map<string, QueryValidator>();

  /** Compiled once per operation: every view listed and saved is checked with it. */
  #validatorOf(operationId: string, schema: QuerySchema): QueryValidator {
    let validate = this.#validators.get(operationId);
    if (!validate) {
      validate = validatorCompiler({ schema, method: 'GET', url: operationId, httpPart: 'querystring' }) as QueryValidator;
      this.#validators.set(operationId, validate);
    }
    return validate;
  }

  /** Whether `operationId` takes the query parameter `name`. */
  takes(operationId: string, name: string): boolean {
    return this.#schemas.get(operationId)?.properties?.[name] !== undefined;
  }

  /** The contract's default of a parameter, e.g. `page[size]`'s. */
  defaultOf(operationId: string, name: string): unknown {
    return this.#schemas.get(operationId)?.properties?.[name]?.default;
  }

  /**
   * What the operation's query validation says of `params`, given as text as an address gives them, by parameter
   * name; a parameter the operation requires but `params` leave out is not theirs to say. Empty when all pass.
   */
  faults(operationId: string, params: Readonly<Record<string, string>>): Map<string, string> {
    const faults = new Map<string, string>();
    const schema = this.#schemas.get(operationId);
    if (!schema) return faults;
    const validate = this.#validatorOf(operationId, schema);
    if (validate({ ...params })) return faults;
    for (const error of validate.errors ?? []) {
      const name = unescapePointer(error.instancePath.slice(1).split('/')[0] ?? '');
      if (name !== '' && name in params && !faults.has(name)) faults.set(name, error.message ?? 'is not valid');
    }
    return faults;
  }
}
