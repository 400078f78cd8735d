// The config's health file by file (the Config page; the gateway's getConfigHealth): the verdict of the checker
// `npm run check:config` runs, for every file of tenants/ and schemas/ (meta-schemas too), so the gateway judges the
// files it reads with the very checker the build runs. The gateway runs it through ./config-checker.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { kindOf, META_DIR } from '../src/config/files.ts';
import type { Problem } from '../src/config/check/index.ts';
import { checkConfigReportWithForms } from './check-config.ts';
import { configFiles } from './config-checker.ts';

export type ConfigFileKind = 'tenant' | 'menu' | 'role-groups' | 'form' | 'table' | 'color-maps' | 'screen' | 'approvals' | 'meta-schema' | 'missing' | 'other';

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

