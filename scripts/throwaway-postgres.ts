// A throwaway PostgreSQL cluster: `initdb` into a temporary directory, `pg_ctl start` on a free loopback port,
// `stop()` removes it all. The binaries come from PATH, else Debian's /usr/lib/postgresql/<version>/bin. initdb
// refuses root, so as root the tools run as `nobody` in a directory that user owns.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface ThrowawayPostgres {
  /** The superuser `teller` on the maintenance database. */
  url: string;
  /** Stops the server at once and removes its directory; safe to call twice. */
  stop: () => void;
}

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function binDir(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  const newest = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (newest === undefined) throw new Error('No initdb / pg_ctl on PATH or in /usr/lib/postgresql/*/bin: install PostgreSQL (Debian: apt-get install postgresql).');
  return join(root, newest, 'bin');
}

/** Starts a fresh cluster. fsync stays on: the crash test kills the gateway, never the database server. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'teller-pg-'));
  const owner =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'nobody']).toString()), gid: Number(execFileSync('id', ['-g', 'nobody']).toString()) }
      : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { cwd: dir, stdio: 'ignore', ...owner });
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const run = (tool: string, args: string[]) => execFileSync(join(bin, tool), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...owner });
    run('initdb', ['-D', data, '-U', 'teller', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    const flags = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=100`;
    run('pg_ctl', ['-D', data, '-o', flags, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
    return { url: `postgres://teller@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    stop();
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
