// Node-only: reads the config files of a repository directory, keyed like Vite's globs ('/tenants/naccug.json').
// Used by the config checker and by tests on temporary copies; the browser uses ./index.ts instead.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildConfigSet } from './catalogue.ts';
import { CONFIG_FOLDERS } from './files.ts';
import type { ConfigFiles, ConfigSet } from './types.ts';

export interface ConfigSource {
  files: ConfigFiles;
  /** Raw text by key, for files that did not parse. */
  unparsed: Record<string, { text: string; error: string }>;
}

export function listConfigPaths(rootDir: string): string[] {
  return CONFIG_FOLDERS.flatMap((folder) => {
    const dir = join(rootDir, folder.dir);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => `/${folder.dir}/${name}`);
  });
}

export function readConfigSource(rootDir: string): ConfigSource {
  const source: ConfigSource = { files: {}, unparsed: {} };
  for (const path of listConfigPaths(rootDir)) {
    const text = readFileSync(join(rootDir, path), 'utf8');
    try {
      source.files[path] = JSON.parse(text) as unknown;
    } catch (error) {
      source.unparsed[path] = { text, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return source;
}

export function loadConfigSet(rootDir: string): ConfigSet {
  return buildConfigSet(readConfigSource(rootDir).files);
}
