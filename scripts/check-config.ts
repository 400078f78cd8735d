// `npm run check:config`: validates every config file (tenants/, schemas/) and prints one
// `file#/json/pointer: message (how to fix)` line per problem; exits 1 on any. Runs before every build and in npm test.
// Then says where a tenant file and the gateway's tenant of the same id disagree (./tenant-drift.ts), when there is a
// gateway database to read.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatProblem } from '../src/config/check/index.ts';
import type { Problem } from '../src/config/check/index.ts';
import { checkConfigReportWithForms } from '../src/config/check/health.ts';
import { checkTenantDrift, databaseFromEnvironment } from './tenant-drift.ts';

export { formatProblem } from '../src/config/check/index.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
