// The one way a generator writes its file, or with `--check` (npm test) fails when the committed file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `content` to `file` (relative to `root`), or under `--check` exits 1 when the file differs or is missing. */
export function writeOrCheck(root: string, file: string, content: string, command: string): void {
  const target = path.join(root, file);
  if (process.argv.includes('--check')) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (current !== content) {
      console.error(`${file} is stale: run ${command}`);
      process.exit(1);
    }
    console.log(`${file} is up to date`);
  } else {
    writeFileSync(target, content);
    console.log(`wrote ${file}`);
  }
}
