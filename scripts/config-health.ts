// The config's health file by file (the Config page; the gateway's getConfigHealth): the verdict of the checker
// `npm run check:config` runs, for every file of tenants/ and schemas/ (meta-schemas too), so the gateway judges the
// files it reads with the very checker the build runs. A check takes about a second, so a verdict is kept until a
// file changes (a cache each gateway process may hold on its own).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { kindOf, META_DIR } from '../src/config/files.ts';
import { listConfigPaths } from '../src/config/fs-source.ts';
import type { Problem } from '../src/config/check/index.ts';
import { checkConfigReportWithForms } from './check-config.ts';

export type ConfigFileKind = 'tenant' | 'menu' | 'role-groups' | 'form' | 'table' | 'color-maps' | 'screen' | 'meta-schema' | 'missing' | 'other';

export interface ConfigFileVerdict {
  /** Repository-relative path, posix separators. */
  file: string;
  kind: ConfigFileKind;
  problems: Omit<Problem, 'file'>[];
}

export interface ConfigHealth {
  files: ConfigFileVerdict[];
  notices: string[];
  checked: Date;
}

const CONTRACT_FILE = 'openapi/gateway.yaml';
const PUBLIC_DIR = 'public';

/** Every file the verdict lists: the config files and the meta-schemas, by path. */
function configFiles(rootDir: string): string[] {
  const metaDir = path.join(rootDir, META_DIR);
  const meta = existsSync(metaDir) ? readdirSync(metaDir).filter((name) => name.endsWith('.json')).map((name) => `${META_DIR}/${name}`) : [];
  return [...listConfigPaths(rootDir).map((key) => key.slice(1)), ...meta].sort();
}

function kindOfFile(rootDir: string, file: string): ConfigFileKind {
  if (file.startsWith(`${META_DIR}/`)) return 'meta-schema';
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(rootDir, file), 'utf8'));
  } catch {
    json = undefined;
  }
  return kindOf(`/${file}`, json) ?? 'other';
}

/** The files a tenant may name (its logo), which the checker looks for. */
function publicFiles(rootDir: string): string[] {
  const dir = path.join(rootDir, PUBLIC_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => `${PUBLIC_DIR}/${name.split(path.sep).join('/')}`);
}

/** What changes when any file the checker reads changes: paths, sizes and modification times. */
function fingerprint(rootDir: string): string {
  return [...configFiles(rootDir), CONTRACT_FILE, ...publicFiles(rootDir).sort()]
    .map((file) => {
      const full = path.join(rootDir, file);
      if (!existsSync(full)) return `${file}:none`;
      const stat = statSync(full);
      return `${file}:${stat.size}:${stat.mtimeMs}`;
    })
    .join('\n');
}

/** The checker's verdict on every config file under `rootDir` (a repository root or a copy of its config). */
export function checkConfigHealth(rootDir: string, now: Date): ConfigHealth {
  const report = checkConfigReportWithForms(rootDir);
  const listed = configFiles(rootDir);
  const byFile = new Map<string, ConfigFileVerdict>(listed.map((file) => [file, { file, kind: kindOfFile(rootDir, file), problems: [] }]));
  for (const { file, ...problem } of report.problems) {
    let verdict = byFile.get(file);
    if (!verdict) {
      verdict = { file, kind: existsSync(path.join(rootDir, file)) ? 'other' : 'missing', problems: [] };
      byFile.set(file, verdict);
    }
    verdict.problems.push(problem);
  }
  const files = [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
  return { files, notices: report.notices, checked: now };
}

const kept = new Map<string, { fingerprint: string; health: ConfigHealth }>();

/** checkConfigHealth, kept per directory until one of its files changes. */
export function configHealth(rootDir: string, now: Date): ConfigHealth {
  const current = fingerprint(rootDir);
  const last = kept.get(rootDir);
  if (last && last.fingerprint === current) return last.health;
  const health = checkConfigHealth(rootDir, now);
  kept.set(rootDir, { fingerprint: current, health });
  return health;
}
