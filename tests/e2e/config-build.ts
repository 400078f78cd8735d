// The app built from an edited copy of its config, served by its own gateway: the same code, only files under
// schemas/ and tenants/ changed, as a product owner changes them (docs/architecture.md). Used by specs that prove a
// change needs no code.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Build output, data and tooling state that a copy neither needs nor may share. */
const LEFT_OUT = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report', 'coverage', '.vite']);

export interface EditedApp {
  baseURL: string;
  /** `npm run check:config` of the copy: what it printed and whether it passed. */
  check: { ok: boolean; output: string };
  stop(): void;
}

export interface EditedConfig {
  editJson<T>(file: string, change: (json: T) => void): void;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): { ok: boolean; output: string } {
  const result = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8', env });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway of the edited copy stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the gateway of the edited copy did not answer ${url} within ${timeoutMs} ms`);
}

/** Copies the repository without its build output, lets `edit` change config files, checks, builds and serves it on `port`. */
export async function serveEditedApp(port: number, edit: (config: EditedConfig) => void): Promise<EditedApp> {
  const root = mkdtempSync(path.join(tmpdir(), 'teller-edited-app-'));
  cpSync(REPOSITORY_ROOT, root, { recursive: true, filter: (source) => !LEFT_OUT.has(path.relative(REPOSITORY_ROOT, source).split(path.sep)[0] ?? '') });
  symlinkSync(path.join(REPOSITORY_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  edit({
    editJson: <T>(file: string, change: (json: T) => void) => {
      const target = path.join(root, file);
      const json = JSON.parse(readFileSync(target, 'utf8')) as T;
      change(json);
      writeFileSync(target, `${JSON.stringify(json, null, 2)}\n`);
    },
  });
  const check = run(path.join(root, 'node_modules/tsx/dist/cli.mjs'), ['scripts/check-config.ts'], root);
  // Only this test serves the build: no precompressed copies (scripts/precompress.ts), the gateway sends the files.
  const build = run(path.join(root, 'node_modules/vite/bin/vite.js'), ['build', '--logLevel', 'warn'], root, { ...process.env, TELLER_PRECOMPRESS: '0' });
  if (!build.ok) throw new Error(`vite build of the edited copy failed:\n${build.output}`);
  const gateway = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/start-gateway.ts'], {
    cwd: root,
    // The copy holds the suite's compiled gateway (dist-gateway/, copied above): the code is the same, only config differs.
    env: { ...process.env, E2E_PORT: String(port), E2E_GATEWAY_COMPILED: '1' },
    stdio: 'ignore',
  });
  const stop = () => {
    gateway.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseURL}/config.json`, gateway, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseURL, check, stop };
}
