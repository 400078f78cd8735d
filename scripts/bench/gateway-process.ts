// The gateway a benchmark measures, in a process of its own on a free loopback port (bench:gateway,
// bench:remittances): the benchmark forks this file with `--serve`, and asks it for its CPU time so far to divide by
// the requests it answered. With several processes it is the cluster's primary (as server/cluster.ts runs them):
// node:cluster runs this file again in each worker, the workers serve one port and the primary answers for all.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each gateway process into <dir> when it ends (node --cpu-prof;
// workers inherit the flag), to see where a request's CPU goes.
import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app.ts';

interface ServeMessage {
  port?: number;
  /** The gateway process's CPU time so far, microseconds (user + system). */
  cpu?: number;
}

export interface GatewayProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** CPU microseconds the gateway's processes have used so far. */
  cpu: () => Promise<number>;
  /** Closes the gateway and ends its process. */
  stop: () => Promise<void>;
}

interface GatewayOptions {
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  /** Gateway processes on the one port (node:cluster); default 1. */
  processes?: number;
  /** Node options of the gateway's process, e.g. `--cpu-prof` (see `profilingExecArgv`). */
  execArgv?: readonly string[];
}

/**
 * `--cpu-prof` into `BENCH_CPU_PROF` when it names a directory: each benchmark process writes its CPU profile there
 * when it ends (open it in Chrome's DevTools, Performance tab).
 */
export function profilingExecArgv(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Starts the gateway in its own process and answers once it listens. */
export async function startGatewayProcess({ databaseUrl, dataDir, jwtSecret, processes = 1, execArgv = profilingExecArgv() }: GatewayOptions): Promise<GatewayProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', databaseUrl, dataDir, String(processes), jwtSecret], {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: 'inherit',
  });
  const stop = async () => {
    if (child.connected) child.disconnect();
    // A process writing its CPU profile takes longer to end.
    const exited = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, execArgv.length > 0 ? 30_000 : 200))]);
    if (child.exitCode === null) child.kill();
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: ServeMessage) => resolve(message.port ?? 0));
      child.once('exit', (code) => reject(new Error(`The gateway exited with code ${code}`)));
    });
    const cpu = () =>
      new Promise<number>((resolve) => {
        child.once('message', (message: ServeMessage) => resolve(message.cpu ?? 0));
        child.send('cpu');
      });
    return { base: `http://127.0.0.1:${port}`, cpu, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** CPU microseconds this process has used so far (user + system). */
function ownCpu(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The forked process: the gateway on the benchmark database, or the primary of `processes` of them. */
async function serve(databaseUrl: string, dataDir: string, processes: number, jwtSecret: string): Promise<void> {
  if (processes > 1 && cluster.isPrimary) {
    const workers = Array.from({ length: processes }, () => cluster.fork());
    const ports = await Promise.all(workers.map((worker) => new Promise<number>((resolve) => worker.once('message', (message: ServeMessage) => resolve(message.port ?? 0)))));
    process.send?.({ port: ports[0] ?? 0 } satisfies ServeMessage);
    process.on('message', (message) => {
      if (message !== 'cpu') return;
      void Promise.all(
        workers.map((worker) => new Promise<number>((resolve) => {
          worker.once('message', (answer: ServeMessage) => resolve(answer.cpu ?? 0));
          worker.send('cpu');
        })),
      ).then((cpus) => process.send?.({ cpu: cpus.reduce((sum, cpu) => sum + cpu, ownCpu()) } satisfies ServeMessage));
    });
    process.once('disconnect', () => {
      for (const worker of workers) worker.disconnect();
      process.exit(0);
    });
    return;
  }
  const app = await buildApp({ databaseUrl, dataDir, demo: false, jwtSecret, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ port } satisfies ServeMessage);
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: ownCpu() } satisfies ServeMessage);
  });
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

if (process.argv[2] === '--serve' && process.argv[1] === fileURLToPath(import.meta.url)) {
  await serve(process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5] ?? 1), process.argv[6] ?? '');
}
