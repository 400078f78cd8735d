// A gateway as its own process, started the way an operator starts one (`node --import tsx server/main.ts` with
// environment variables), for the tests of several processes on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

export interface GatewayProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** SIGTERM, then the exit code (null when a signal ended it). */
  stop: () => Promise<number | null>;
}


/** Starts server/main.ts in production mode on a free loopback port and waits until it answers. */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', TELLER_SERVE_WEB: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
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
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The gateway exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/config.json`)).ok) return gateway;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await gateway.stop();
  throw new Error(`The gateway did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}
