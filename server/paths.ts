// Where the repository's files are (the contract, tenants/, schemas/, the web build), found from the running code: the
// same answer from server/*.ts under tsx and from the compiled gateway in dist-gateway/server/*.js, one folder deeper.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function repositoryRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${start}: the gateway runs from inside its repository.`);
  }
}

export const ROOT = repositoryRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, e.g. `fromRoot('openapi', 'gateway.yaml')`. */
export function fromRoot(...parts: string[]): string {
  return join(ROOT, ...parts);
}
