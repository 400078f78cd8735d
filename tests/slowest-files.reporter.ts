// npm test prints the ten slowest test files after the run, and each project's files added up (issue 25): where a slow
// suite spends its time. When SLOWEST_FILES_LOG names a file, the lists are also written there, so scripts/test.sh can
// print them again at its end.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => ({ file: module.relativeModuleId, project: module.project.name, ms: fileTime(module) }));
    const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length === 0) return;
    const lines = ['', 'The ten slowest test files (vitest):'];
    for (const { file, project, ms } of slowest) lines.push(`${seconds(ms)} s  ${project.padEnd(13)} ${file}`);
    // Each project's files added up (a worker's time, not the wall's: the workers run files side by side).
    const projects = new Map<string, { ms: number; count: number }>();
    for (const { project, ms } of files) {
      const sum = projects.get(project) ?? { ms: 0, count: 0 };
      projects.set(project, { ms: sum.ms + ms, count: sum.count + 1 });
    }
    lines.push('', 'Each project, its files added up:');
    for (const [project, { ms, count }] of projects) lines.push(`${seconds(ms)} s  ${project.padEnd(13)} ${count} files`);
    console.log(lines.join('\n'));
    const log = process.env.SLOWEST_FILES_LOG;
    if (log) appendFileSync(log, `${lines.join('\n')}\n`);
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1).padStart(7);
}

/** A file's whole time in its worker: its environment, the runner's set-up, the setup files, its imports and its tests. */
function fileTime(module: TestModule): number {
  const { environmentSetupDuration, prepareDuration, setupDuration, collectDuration, duration } = module.diagnostic();
  return environmentSetupDuration + prepareDuration + setupDuration + collectDuration + duration;
}
