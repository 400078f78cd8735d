// The gateway's config checker (getConfigHealth): check:config's verdict (./health.ts) computed on a thread of
// its own (./health-worker.mjs), since a check is about a second of work that would hold every other request,
// and kept until a file it reads changes (a cache each gateway process may hold on its own). Loads no checker code
// on the gateway's thread.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { configFiles } from './checked-files.ts';
import type { ConfigHealth } from './health.ts';

const CONTRACT_FILE = 'openapi/gateway.yaml';
const PUBLIC_DIR = 'public';

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

type Answer = { id: number; health: ConfigHealth } | { id: number; error: string };

/** One thread that runs checks in turn; it does not keep the process alive, and stop() ends it. */
export class ConfigChecker {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (health: ConfigHealth) => void; reject: (error: Error) => void }>();
  private readonly kept = new Map<string, { fingerprint: string; health: ConfigHealth }>();

  /** checkConfigHealth on the checker's thread, kept per directory until one of its files changes. */
  async health(rootDir: string, now: Date): Promise<ConfigHealth> {
    const current = fingerprint(rootDir);
    const last = this.kept.get(rootDir);
    if (last && last.fingerprint === current) return last.health;
    const health = await this.check(rootDir, now);
    this.kept.set(rootDir, { fingerprint: current, health });
    return health;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private check(rootDir: string, now: Date): Promise<ConfigHealth> {
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.thread().postMessage({ id, rootDir, now });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./health-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if ('health' in answer) waiting?.resolve(answer.health);
      else waiting?.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the config checker's thread stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }
}
