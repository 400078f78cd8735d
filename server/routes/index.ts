// Every route file's handlers and body checks, merged by operationId. A route file is any
// `server/routes/<area>.ts` exporting `handlers` and, optionally, `bodyChecks` (see ./types.ts); it is picked up
// without editing this file. Two files claiming one operationId is a startup error, so a handler or a check can
// never be silently shadowed; a body check must belong to an operation its own file handles.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { RouteBodyCheck, RouteHandler, Routes } from './types.ts';

const routesDir = fileURLToPath(new URL('.', import.meta.url));
const notRouteFiles = new Set(['index.ts', 'types.ts']);

/** The route files of a folder, this one by default (not tests, not helpers starting with `_`). */
export function routeFiles(dir: string = routesDir): string[] {
  return readdirSync(dir)
    .filter((name) => /\.[tj]s$/.test(name) && !/\.(test|d)\.[tj]s$/.test(name))
    .filter((name) => !notRouteFiles.has(name.replace(/\.js$/, '.ts')) && !name.startsWith('_'))
    .sort();
}

function exported(module: unknown, name: string): unknown {
  return typeof module === 'object' && module !== null && name in module ? (module as Record<string, unknown>)[name] : undefined;
}

/** `name` of a route module as operationId → function; undefined when the module does not export it. */
function functionsOf(module: unknown, name: string, file: string): Map<string, unknown> | undefined {
  const value = exported(module, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) {
    throw new Error(`server/routes/${file}: \`${name}\` must be an object keyed by operationId.`);
  }
  const entries = new Map(Object.entries(value));
  for (const [operationId, fn] of entries) {
    if (typeof fn !== 'function') throw new Error(`server/routes/${file}: ${name}.${operationId} is not a function.`);
  }
  return entries;
}

/** Adds `entries` to `merged`, refusing an operationId another file already claimed. */
function claim<T>(merged: Record<string, T>, owners: Record<string, string>, entries: Map<string, unknown>, file: string, what: string): void {
  for (const [operationId, fn] of entries) {
    const owner = owners[operationId];
    if (owner) throw new Error(`operationId ${operationId} has ${what} in both server/routes/${owner} and ${file}.`);
    owners[operationId] = file;
    merged[operationId] = fn as T;
  }
}

/** Loads every route file of `dir` (this folder by default); throws on a duplicate or misplaced operationId. */
export async function loadRoutes(dir: string = routesDir): Promise<Routes> {
  const handlers: Record<string, RouteHandler> = {};
  const bodyChecks: Record<string, RouteBodyCheck> = {};
  const handlerOwners: Record<string, string> = {};
  const checkOwners: Record<string, string> = {};
  for (const file of routeFiles(dir)) {
    const module: unknown = await import(pathToFileURL(join(dir, file)).href);
    const fileHandlers = functionsOf(module, 'handlers', file);
    if (!fileHandlers) {
      throw new Error(`server/routes/${file} must export \`handlers\` (an object of handlers keyed by operationId).`);
    }
    claim(handlers, handlerOwners, fileHandlers, file, 'handlers');
    const fileChecks = functionsOf(module, 'bodyChecks', file) ?? new Map<string, unknown>();
    for (const operationId of fileChecks.keys()) {
      if (!fileHandlers.has(operationId)) {
        throw new Error(`server/routes/${file}: bodyChecks.${operationId} has no handler in the same file.`);
      }
    }
    claim(bodyChecks, checkOwners, fileChecks, file, 'body checks');
  }
  return { handlers, bodyChecks };
}
