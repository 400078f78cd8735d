// The config checker on a thread of its own (./checker-thread.ts), so a check, about a second of work, never holds
// the gateway's other requests. Plain JavaScript: a worker thread does not inherit the
// tsx loader, so it loads the TypeScript checker through tsx's API; the compiled gateway (scripts/build-gateway.ts)
// has health.js beside it and needs no loader.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';

const compiled = new URL('./health.js', import.meta.url);
const { checkConfigHealth } = existsSync(fileURLToPath(compiled))
  ? await import(compiled.href)
  : await (await import('tsx/esm/api')).tsImport('./health.ts', import.meta.url);
parentPort?.on('message', ({ id, rootDir, now }) => {
  try {
    parentPort?.postMessage({ id, health: checkConfigHealth(rootDir, now) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
