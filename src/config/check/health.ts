// The config's health file by file (the Config page; the gateway's getConfigHealth): the verdict of the checker
// `npm run check:config` runs (scripts/check-config.ts), for every file of tenants/ and schemas/ (meta-schemas too),
// so the gateway judges the files it reads with the very checker the build runs. The gateway runs it through
// ./checker-thread.ts. Node-side: it reads the files from disk.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { kindOf, META_DIR } from '../files.ts';
import { FORM_FORMATS } from '../form-fields.ts';
import { FormCompileError, compileFormModule } from '../form-compiler.ts';
import { listConfigPaths } from '../fs-source.ts';
import { configFiles } from './checked-files.ts';
import { loadContract } from './contract.ts';
import { formFileWithContractLimits } from './form-limits.ts';
import { checkConfigReport, type CheckReport } from './index.ts';
import type { Problem } from './problems.ts';

function compileFix(message: string): string {
  if (/unknown format/.test(message)) return `use a format the form validators check: ${FORM_FORMATS.join(', ')}`;
  if (/unknown keyword/.test(message)) return 'check its spelling (keywords are case-sensitive: maxLength, minLength), or use x-minAgeYears or x-notBeforeToday';
  if (/regular expression/i.test(message)) return 'fix the regular expression';
  return 'fix the JSON Schema keyword or value named';
}

/** The problems of compiling `form` as `file`. */
function compileProblems(file: string, form: unknown): Problem[] {
  try {
    compileFormModule(form, file, './runtime');
    return [];
  } catch (error) {
    if (!(error instanceof FormCompileError)) throw error;
    const message = error.message.slice(`${error.file}#${error.pointer}: `.length);
    return [{ file, pointer: error.pointer, message: `does not compile into a validator: ${message}`, fix: compileFix(message) }];
  }
}

/**
 * Each form's last compile, by file: the same form (with the same contract limits) compiles the same way, and
 * compiling every form was half of a check that a gateway repeats and the config tests run once per mistake.
 */
const lastCompile = new Map<string, { form: string; problems: Problem[] }>();

/** Each form's JSON Schema must also compile into its precompiled validator (unknown keywords, bad patterns). */
function formCompileProblems(rootDir: string): Problem[] {
  const contract = loadContract(rootDir);
  return listConfigPaths(rootDir)
    .filter((key) => key.startsWith('/schemas/forms/'))
    .flatMap((key) => {
      const file = key.slice(1);
      const form = formFileWithContractLimits(JSON.parse(readFileSync(path.join(rootDir, file), 'utf8')), contract);
      const text = JSON.stringify(form);
      const known = lastCompile.get(file);
      if (known?.form === text) return known.problems.map((problem) => ({ ...problem }));
      const problems = compileProblems(file, form);
      lastCompile.set(file, { form: text, problems });
      return problems.map((problem) => ({ ...problem }));
    });
}

export function checkConfigReportWithForms(rootDir: string): CheckReport {
  const report = checkConfigReport(rootDir);
  const broken = new Set(report.problems.map((problem) => problem.file));
  // A file that already failed its meta-schema is reported once, not again by the compiler.
  const compile = formCompileProblems(rootDir).filter((problem) => !broken.has(problem.file));
  return { ...report, problems: [...report.problems, ...compile] };
}

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

