import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 8191);
const ENDS_SHARED_SESSIONS = /ends-shared-sessions\.spec\.ts$/;

// End-to-end against the real gateway on a temporary SQLite file (tests/e2e/start-gateway.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  // Every axe scan runs in both colour schemes; a long flow with several scans passed 60 s on a busy machine. It only stops a hung test.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // The ten slowest spec files, listed after the run (npm test prints vitest's under them).
  reportSlowTests: { max: 10, threshold: 0 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: CHROMIUM,
  },
  // A file that ends every session of a shared demo login (a password reset, End all sessions) runs after every
  // other file, so it never signs out a test of another file halfway (tests/e2e/ends-shared-sessions.spec.ts).
  projects: [
    { name: 'chromium', testIgnore: ENDS_SHARED_SESSIONS },
    { name: 'ends shared sessions', testMatch: ENDS_SHARED_SESSIONS, dependencies: ['chromium'] },
  ],
  webServer: {
    command: `node --import tsx tests/e2e/start-gateway.ts`,
    env: { E2E_PORT: String(port) },
    url: `http://127.0.0.1:${port}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
