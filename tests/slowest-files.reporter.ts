// npm test prints the ten slowest test files after the run (issue 25): where a slow suite spends its time. When
// SLOWEST_FILES_LOG names a file, the list is also written there, so scripts/test.sh can print it again at its end.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const slowest = modules
      .map((module) => ({ file: module.relativeModuleId, project: module.project.name, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (slowest.length === 0) return;
    const lines = ['', 'The ten slowest test files (vitest):'];
    for (const { file, project, ms } of slowest) lines.push(`${(ms / 1000).toFixed(1).padStart(7)} s  ${project.padEnd(13)} ${file}`);
    console.log(lines.join('\n'));
    const log = process.env.SLOWEST_FILES_LOG;
    if (log) appendFileSync(log, `${lines.join('\n')}\n`);
  }
}
