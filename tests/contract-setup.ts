// vitest globalSetup of the `node` and `node-postgres` projects: openapi/gateway.yaml parsed once for the whole run
// and written as JSON for the test files (server/testing/contract-json.ts); removed at the end.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { parse } from 'yaml';
import { fromRoot } from '../server/paths.ts';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'teller-contract-'));
  const file = join(dir, 'gateway.json');
  writeFileSync(file, JSON.stringify(parse(readFileSync(fromRoot('openapi', 'gateway.yaml'), 'utf8'))));
  project.provide('contractJson', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
