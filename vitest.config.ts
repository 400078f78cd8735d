import { defineConfig } from 'vitest/config';
import { formValidatorsPlugin } from './scripts/compile-form-validators.ts';

// Unit and gateway tests. Web tests (src/**) run in jsdom, gateway and config tests in node.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [formValidatorsPlugin()],
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/config/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          // Seeding the demo world in a beforeAll takes seconds, more on a loaded machine.
          hookTimeout: 60000,
        },
      },
    ],
  },
});
