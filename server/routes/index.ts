// Every route file's handlers, merged by operationId. A route file is any `server/routes/<area>.ts` exporting
// `handlers` (see ./types.ts); it is picked up without editing this file. Two files claiming one operationId is
// a startup error, so a handler can never be silently shadowed.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Handlers, RouteHandler } from './types.ts';

const routesDir = fileURLToPath(new URL('.', import.meta.url));
const notRouteFiles = new Set(['index.ts', 'types.ts']);

/** The route files of this folder (not tests, not helpers starting with `_`). */
export function routeFiles(): string[] {
  return readdirSync(routesDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .filter((name) => !notRouteFiles.has(name) && !name.startsWith('_'))
    .sort();
}

export async function loadHandlers(): Promise<Handlers> {
  const merged: Record<string, RouteHandler> = {};
  const owner: Record<string, string> = {};
  for (const file of routeFiles()) {
    const module: unknown = await import(pathToFileURL(join(routesDir, file)).href);
    const handlers = typeof module === 'object' && module !== null && 'handlers' in module ? module.handlers : undefined;
    if (typeof handlers !== 'object' || handlers === null) {
      throw new Error(`server/routes/${file} must export \`handlers\` (an object of handlers keyed by operationId).`);
    }
    for (const [operationId, handler] of Object.entries(handlers)) {
      if (typeof handler !== 'function') throw new Error(`server/routes/${file}: handler ${operationId} is not a function.`);
      if (owner[operationId]) {
        throw new Error(`operationId ${operationId} has handlers in both server/routes/${owner[operationId]} and ${file}.`);
      }
      owner[operationId] = file;
      merged[operationId] = handler as RouteHandler;
    }
  }
  return merged;
}
