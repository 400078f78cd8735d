// The contract as JSON for the gateway tests: tests/contract-setup.ts parses openapi/gateway.yaml once per run and
// writes it as JSON, so each test file's gateway (buildTestApp) and the response checks (tests/contract/harness.ts)
// read it with JSON.parse instead of parsing the YAML again, which took a second of every file's time.
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** The path of openapi/gateway.yaml written as JSON at the start of the run. */
    contractJson: string;
  }
}

/** The JSON copy of the contract the run prepared, or undefined outside a project that prepares it. */
export function preparedContract(): string | undefined {
  const path: unknown = inject('contractJson');
  return typeof path === 'string' && path !== '' ? path : undefined;
}
