// A throw-away copy of the repository's config (tenants, schemas, logos, contract) for tests that edit files.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const COPIED = ['tenants', 'schemas', 'public/logos', 'openapi/gateway.yaml'];

export interface ConfigCopy {
  root: string;
  readJson<T = Record<string, unknown>>(file: string): T;
  writeJson(file: string, json: unknown): void;
  /** Reads a JSON file, lets `change` edit it in place, writes it back. */
  editJson<T = Record<string, unknown>>(file: string, change: (json: T) => void): void;
  writeText(file: string, text: string): void;
  remove(file: string): void;
  dispose(): void;
}

export function copyConfig(): ConfigCopy {
  const root = mkdtempSync(path.join(tmpdir(), 'teller-config-'));
  for (const entry of COPIED) {
    const from = path.join(REPOSITORY_ROOT, entry);
    if (existsSync(from)) cpSync(from, path.join(root, entry), { recursive: true });
  }
  const copy: ConfigCopy = {
    root,
    readJson: <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T,
    writeJson: (file, json) => writeFileSync(path.join(root, file), `${JSON.stringify(json, null, 2)}\n`),
    editJson: <T>(file: string, change: (json: T) => void) => {
      const json = copy.readJson<T>(file);
      change(json);
      copy.writeJson(file, json);
    },
    writeText: (file, text) => writeFileSync(path.join(root, file), text),
    remove: (file) => rmSync(path.join(root, file), { recursive: true, force: true }),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return copy;
}
