// npm test prints the ten slowest test files after the run (issue 25): where a slow suite spends its time.
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const slowest = modules
      .map((module) => ({ file: module.relativeModuleId, project: module.project.name, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (slowest.length === 0) return;
    console.log('\nThe ten slowest test files:');
    for (const { file, project, ms } of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${project.padEnd(13)} ${file}`);
  }
}
