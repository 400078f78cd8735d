// The gateway tests build an app for nearly every test, all from one contract. fastify-openapi-glue reads the contract
// anew at each build: it compiles OpenAPI's own meta-schema, validates the contract against it, resolves every $ref and
// turns each operation into Fastify's route options, about half the CPU of building an app (0.2 s of 0.42 s). In a
// test process it reads a contract once; every later build gets a copy of what it read (the same routes, and a copy
// because registration changes the route options it is given). Production builds one app and is left as it is.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Parse = (specification: unknown, options?: unknown) => Promise<unknown>;

interface ParserClass {
  prototype: { parse: Parse };
}

function isParserClass(value: unknown): value is ParserClass {
  if (typeof value !== 'function' || !('prototype' in value)) return false;
  const prototype: unknown = value.prototype;
  return typeof prototype === 'object' && prototype !== null && 'parse' in prototype && typeof prototype.parse === 'function';
}

/** The glue's Parser: its package exports only the plugin, so it is reached by its file beside the package's entry. */
async function glueParser(): Promise<ParserClass> {
  const entry = createRequire(import.meta.url).resolve('fastify-openapi-glue');
  const module: unknown = await import(pathToFileURL(join(dirname(entry), 'lib', 'Parser.js')).href);
  const parser = typeof module === 'object' && module !== null && 'Parser' in module ? module.Parser : undefined;
  if (!isParserClass(parser)) throw new Error('fastify-openapi-glue has no lib/Parser.js with a parse method: update server/testing/contract-routes.ts');
  return parser;
}

let installed = false;

/** From now on in this process, the glue reads each distinct contract (with its options) once. */
export async function readContractOncePerProcess(): Promise<void> {
  if (installed) return;
  installed = true;
  const parser = await glueParser();
  const parse = parser.prototype.parse;
  const read = new Map<string, Promise<unknown>>();
  parser.prototype.parse = function parseOnce(this: unknown, specification: unknown, options?: unknown): Promise<unknown> {
    const key = JSON.stringify([specification, options]);
    let config = read.get(key);
    if (!config) {
      // The glue clones what it validates, so the specification is read as it was given.
      config = parse.call(this, specification, options);
      read.set(key, config);
      config.catch(() => read.delete(key));
    }
    return config.then((value) => structuredClone(value));
  };
}
