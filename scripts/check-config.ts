// `npm run check:config`: validates every config file (tenants/, schemas/) and prints one
// `file#/json/pointer: message (how to fix)` line per problem; exits 1 on any. Runs before every build and in npm test.
// Then says where a tenant file and the gateway's tenant of the same id disagree (./tenant-drift.ts), when there is a
// gateway database to read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkConfigReport, formatProblem } from '../src/config/check/index.ts';
import { FORM_FORMATS } from '../src/config/form-fields.ts';
import type { CheckReport, Problem } from '../src/config/check/index.ts';
import { listConfigPaths } from '../src/config/fs-source.ts';
import { FormCompileError, compileFormModule } from './compile-form-validators.ts';
import { checkTenantDrift, databaseFromEnvironment } from './tenant-drift.ts';

export { formatProblem } from '../src/config/check/index.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function compileFix(message: string): string {
  if (/unknown format/.test(message)) return `use a format the form validators check: ${FORM_FORMATS.join(', ')}`;
  if (/unknown keyword/.test(message)) return 'check its spelling (keywords are case-sensitive: maxLength, minLength), or use x-minAgeYears or x-notBeforeToday';
  if (/regular expression/i.test(message)) return 'fix the regular expression';
  return 'fix the JSON Schema keyword or value named';
}

/** Each form's JSON Schema must also compile into its precompiled validator (unknown keywords, bad patterns). */
function formCompileProblems(rootDir: string): Problem[] {
  return listConfigPaths(rootDir)
    .filter((key) => key.startsWith('/schemas/forms/'))
    .flatMap((key) => {
      const file = key.slice(1);
      try {
        compileFormModule(JSON.parse(readFileSync(path.join(rootDir, file), 'utf8')), file, './runtime');
        return [];
      } catch (error) {
        if (!(error instanceof FormCompileError)) throw error;
        const message = error.message.slice(`${error.file}#${error.pointer}: `.length);
        return [{ file, pointer: error.pointer, message: `does not compile into a validator: ${message}`, fix: compileFix(message) }];
      }
    });
}

export function checkConfigReportWithForms(rootDir: string): CheckReport {
  const report = checkConfigReport(rootDir);
  const broken = new Set(report.problems.map((problem) => problem.file));
  // A file that already failed its meta-schema is reported once, not again by the compiler.
  const compile = formCompileProblems(rootDir).filter((problem) => !broken.has(problem.file));
  return { ...report, problems: [...report.problems, ...compile] };
}

/** Every problem of the config under `rootDir` (a repository root or a copy of its config); empty when ok. */
export function checkConfig(rootDir: string = repositoryRoot): Problem[] {
  return checkConfigReportWithForms(rootDir).problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const report = checkConfigReportWithForms(repositoryRoot);
  for (const notice of report.notices) console.log(`notice: ${notice}`);
  for (const problem of report.problems) console.error(formatProblem(problem));
  if (report.problems.length > 0) {
    console.error(`config check failed: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`);
    process.exit(1);
  }
  console.log(`config ok (${report.fileCount} files)`);
  const drift = await checkTenantDrift(databaseFromEnvironment());
  if (drift.skipped) {
    console.log(`tenant files vs gateway: skipped, ${drift.skipped}`);
  } else {
    for (const notice of drift.notices) console.log(`notice: ${notice}`);
    for (const problem of drift.disagreements) console.warn(`disagrees: ${formatProblem(problem)}`);
    const count = drift.disagreements.length;
    console.log(`tenant files vs gateway: ${count === 0 ? 'they agree' : `${count} disagreement${count === 1 ? '' : 's'} (reported, not a failure)`}`);
  }
}
