// The files the config health lists: every config file and meta-schema, by path. Apart from ./health.ts so the
// gateway's thread (./checker-thread.ts) can fingerprint them without loading the checker.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { META_DIR } from '../files.ts';
import { listConfigPaths } from '../fs-source.ts';

/** Every file the verdict lists: the config files and the meta-schemas, by path. */
export function configFiles(rootDir: string): string[] {
  const metaDir = path.join(rootDir, META_DIR);
  const meta = existsSync(metaDir) ? readdirSync(metaDir).filter((name) => name.endsWith('.json')).map((name) => `${META_DIR}/${name}`) : [];
  return [...listConfigPaths(rootDir).map((key) => key.slice(1)), ...meta].sort();
}
