// Starts the real gateway for the end-to-end suite on a fresh temporary data directory (a fresh demo world).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';

const dataDir = mkdtempSync(join(tmpdir(), 'teller-e2e-'));
// Where a spec finds the database, to store what no request may (tests/e2e/views.spec.ts).
writeFileSync(join(tmpdir(), `teller-e2e-${process.env.E2E_PORT ?? '8191'}.datadir`), dataDir);
// The gateway as production runs it: compiled to JavaScript, started without a TypeScript loader; compiled here, so
// it is never older than the code under test. An edited copy of the repository (config-build.ts) holds the
// compilation the suite's gateway made at the start of the run, from the same code (E2E_GATEWAY_COMPILED=1).
if (process.env.E2E_GATEWAY_COMPILED !== '1' || !existsSync('dist-gateway/server/main.js')) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-gateway.ts'], { stdio: 'inherit' });
}
const child = spawn(process.execPath, ['dist-gateway/server/main.js'], {
  // Loopback is trusted as the README's proxy is: behind-proxy.spec.ts reaches the gateway through a TLS front.
  env: { ...process.env, PORT: process.env.E2E_PORT ?? '8191', TELLER_DATA_DIR: dataDir, NODE_ENV: 'test', TELLER_DEMO: '1', TELLER_TRUSTED_PROXIES: '127.0.0.1' },
  stdio: 'inherit',
});
const stop = () => {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', () => { stop(); process.exit(0); });
process.on('SIGINT', () => { stop(); process.exit(0); });
child.on('exit', (code) => { rmSync(dataDir, { recursive: true, force: true }); process.exit(code ?? 0); });
