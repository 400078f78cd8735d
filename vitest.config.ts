import { defineConfig } from 'vitest/config';
import { formValidatorsPlugin } from './scripts/compile-form-validators.ts';
import SlowestFiles from './tests/slowest-files.reporter.ts';
import { WEB_BUNDLED_DEPENDENCIES, WEB_UNBUNDLED_DEPENDENCIES } from './scripts/web-test-dependencies.ts';

/** Tests that build a gateway or open its database: run on SQLite in `node` and again on PostgreSQL. */
const gatewayTests = ['server/**/*.test.ts', 'tests/config/tenant-onboarding-gateway.test.ts'];

/**
 * expect.poll waits this long for what a gateway test awaits (an event on a stream, a process's log line): vitest's
 * 1 s is a timed assertion on a busy machine (issue 25). A poll that succeeds returns at once.
 */
const POLL = { timeout: 60000 };

/**
 * The gateway and script tests share each worker's modules from file to file (issue 25): in a fresh module graph per
 * file, each file imported the gateway again and compiled the contract's validators at its first app (3.8 s against
 * 0.4 s for the next app, at load 6), which was a third of a file's time; 12 route files took 94 s isolated and 65 s
 * shared. Nothing there mocks a module or keeps state a later file could see (each test builds its own app and
 * database); a file that ever needs a module graph of its own belongs in a project of its own.
 */
const GATEWAY_ISOLATE = false;


// Unit and gateway tests. Web tests (src/**) run in jsdom, gateway and config tests in node; the gateway suite runs
// once more on a throwaway PostgreSQL (tests/postgres-setup.ts, server/testing/database.ts).
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on two cores); the gateway tests wait on SQLite, PostgreSQL and
    // child processes often enough that one worker per core ran the suite in 940 s instead of 1,300 s here.
    maxWorkers: '100%',
    reporters: ['default', new SlowestFiles()],
    projects: [
      {
        plugins: [formValidatorsPlugin()],
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A screen test walks a whole flow in jsdom: seconds at load 8 on two cores (5 s, the default, failed there);
          // the create-user wizard's typed birth dates took 7.5 s quiet and 31 s beside the e2e suite (issue 25). The
          // limit only stops a hung test, so it is sized for the busiest machine, as the gateway projects' are.
          testTimeout: 120000,
          // A file's setup compiles forms (forms.test.tsx's beforeAll took over vitest's 10 s at load 11): as above.
          hookTimeout: 120000,
          // The largest dependencies bundled once per run, one copy of each (scripts/web-test-dependencies.ts).
          deps: { optimizer: { client: { enabled: true, include: [...WEB_BUNDLED_DEPENDENCIES], exclude: [...WEB_UNBUNDLED_DEPENDENCIES] } } },
        },
      },
      {
        test: {
          name: 'node',
          include: [...gatewayTests, 'scripts/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/config/**/*.test.ts'],
          environment: 'node',
          isolate: GATEWAY_ISOLATE,
          // A worker's first gateway compiles the whole contract's validators (http/contract.ts): 14 s at load 25 on
          // two cores, 66 s there with two busy loops (issue 25), where 60 s failed; later builds reuse them. The
          // fuzz test's 300 requests (app.test.ts) and the 5,000-row PDF (wallet-lists.test.ts) take as long.
          testTimeout: 120000,
          // Seeding the demo world in a beforeAll takes seconds, more on a loaded machine.
          hookTimeout: 120000,
          expect: { poll: POLL },
          globalSetup: ['tests/contract-setup.ts'],
        },
      },
      {
        test: {
          name: 'node-postgres',
          include: gatewayTests,
          environment: 'node',
          isolate: GATEWAY_ISOLATE,
          testTimeout: 120000,
          // As on SQLite: a file's setup copies and opens its database, slower on a loaded machine.
          hookTimeout: 120000,
          expect: { poll: POLL },
          env: { TELLER_TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/contract-setup.ts', 'tests/postgres-setup.ts'],
        },
      },
    ],
  },
});
