// A gateway as its own process, started the way an operator starts one (`node --import tsx server/main.ts` with
// environment variables), for the tests of several processes on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Every gateway started here and not yet ended: a test that timed out never stops its own, the worker's exit does. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Resolves once `ready` answers true, asking every `intervalMs`. No deadline of its own: a process that starts slowly
 * on a busy machine (a minute with both cores busy) is still starting, and the test's timeout ends a real hang.
 */
export async function until(ready: () => boolean | Promise<boolean>, intervalMs = 100): Promise<void> {
  while (!(await ready())) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}

export interface GatewayProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** SIGTERM, then the exit code (null when a signal ended it). */
  stop: () => Promise<number | null>;
}


/**
 * Starts server/main.ts in production mode on a free loopback port and waits until it answers, however long its start
 * takes (it compiles the whole contract); throws with its output when it exits first.
 */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', TELLER_SERVE_WEB: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const gateway: GatewayProcess = {
    base,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  let ended: number | null | undefined;
  void exited.then((code) => (ended = code));
  const answers = () =>
    fetch(`${base}/config.json`).then(
      (res) => res.ok,
      () => false, // Not listening yet.
    );
  await until(async () => ended !== undefined || (await answers()));
  if (ended !== undefined) throw new Error(`The gateway exited with code ${ended}:\n${output}`);
  return gateway;
}
