// A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` into a temporary directory, `pg_ctl start` on
// a free loopback port, and `stop()` removes it all again. The binaries come from PATH, else from Debian's
// /usr/lib/postgresql/<version>/bin (what `apt-get install postgresql` leaves there). initdb refuses to run as
// root, so as root the tools run as `nobody` (the child process's uid and gid) in a directory that user owns.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from '../server/testing/free-port.ts';

export interface PostgresCluster {
  /** `postgres://teller@127.0.0.1:<port>/postgres`: the superuser on the maintenance database. */
  url: string;
  port: number;
  /** The postmaster's process id (its backends are its children). */
  pid: number;
  /** Stops the server at once and removes its directory; safe to call twice. */
  stop: () => void;
}

export interface ClusterOptions {
  /** Default: env TELLER_POSTGRES_PORT, else a free port. */
  port?: number;
  /** Extra `postgres -c` settings, e.g. { shared_buffers: '512MB' }. */
  settings?: Record<string, string>;
  /**
   * A directory kept between runs (a benchmark's seeded data): the cluster is made there the first time and started
   * again on its data later; `stop()` stops the server and leaves the directory. Default: a temporary one, removed.
   */
  directory?: string;
}

const DEBIAN_ROOT = '/usr/lib/postgresql';
const SUPERUSER = 'teller';
const UNPRIVILEGED = 'nobody';

/** The directory holding initdb, pg_ctl and postgres; throws with what to install when there is none. */
export function postgresBinDir(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(DEBIAN_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest !== undefined) return join(DEBIAN_ROOT, newest, 'bin');
  throw new Error('No PostgreSQL server binaries (initdb, pg_ctl) on PATH or in /usr/lib/postgresql/*/bin: install them (Debian: apt-get install postgresql).');
}

/** A PostgreSQL tool (pg_dump, pg_restore): beside the server binaries, else in Debian's newest version, else PATH's. */
export function postgresTool(name: string): string {
  const debian = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(DEBIAN_ROOT, version, 'bin'))
    : [];
  for (const dir of [postgresBinDir(), ...debian]) if (existsSync(join(dir, name))) return join(dir, name);
  return name;
}


/** As root, whom the server's files and processes belong to instead (initdb and postgres refuse root). */
function unprivileged(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, UNPRIVILEGED]).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs a PostgreSQL tool, as `owner` when given. */
function run(tool: string, args: string[], cwd: string, owner: { uid: number; gid: number } | undefined): void {
  execFileSync(tool, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...owner });
}

/** Starts a fresh cluster tuned for throwaway data (no fsync: a crash loses it, which is fine here). */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const kept = options.directory;
  if (kept) mkdirSync(kept, { recursive: true });
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'teller-pg-'));
  const owner = unprivileged();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      // A kept cluster stops cleanly (its data is read again); a throwaway one at once.
      spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', kept ? 'fast' : 'immediate', '-w', 'stop'], { cwd: dir, stdio: 'ignore', ...owner });
    }
    if (!kept) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    if (!existsSync(join(data, 'PG_VERSION'))) {
      run(join(bin, 'initdb'), ['-D', data, '-U', SUPERUSER, '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], dir, owner);
    }
    const port = options.port ?? (Number(process.env.TELLER_POSTGRES_PORT) || (await freePort()));
    const settings: Record<string, string> = {
      port: String(port),
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      max_connections: '300',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...options.settings,
    };
    const flags = Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', flags, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], dir, owner);
    started = true;
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`, port, pid, stop };
  } catch (error) {
    const log = join(dir, 'server.log');
    const detail = existsSync(log) ? `\n${execFileSync('tail', ['-n', '20', log]).toString()}` : '';
    stop();
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}${detail}`, { cause: error });
  }
}
