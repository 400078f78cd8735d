// The route loader: every route file's handlers and body checks, merged by operationId, with no silent shadowing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRoutes } from './index.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function routesFolder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'teller-routes-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  return dir;
}

describe('loadRoutes', () => {
  it('merges the handlers and body checks of every route file, skipping tests and _helpers', async () => {
    const folder = routesFolder({
      'alpha.ts': 'export const handlers = { getAlpha: async () => 1, createAlpha: async () => 2 };\nexport const bodyChecks = { createAlpha: async () => {} };\n',
      'beta.ts': 'export const handlers = { getBeta: async () => 3 };\n',
      '_shared.ts': 'export const handlers = { getAlpha: async () => 4 };\n',
      'beta.test.ts': 'export const handlers = { getBeta: async () => 5 };\n',
    });
    const routes = await loadRoutes(folder);
    expect(Object.keys(routes.handlers).sort()).toEqual(['createAlpha', 'getAlpha', 'getBeta']);
    expect(Object.keys(routes.bodyChecks)).toEqual(['createAlpha']);
  });

  it('loads the compiled gateway’s route files (.js) the same way, skipping its index, types, tests and _helpers', async () => {
    const folder = routesFolder({
      'alpha.js': 'export const handlers = { getAlpha: async () => 1 };\n',
      'index.js': 'export const handlers = { getIndex: async () => 1 };\n',
      'types.js': 'export const handlers = { getTypes: async () => 1 };\n',
      '_shared.js': 'export const handlers = { getAlpha: async () => 4 };\n',
      'alpha.test.js': 'export const handlers = { getAlpha: async () => 5 };\n',
    });
    expect(Object.keys((await loadRoutes(folder)).handlers)).toEqual(['getAlpha']);
  });

  it('refuses to start when two files handle one operationId', async () => {
    const folder = routesFolder({
      'alpha.ts': 'export const handlers = { getThing: async () => 1 };\n',
      'beta.ts': 'export const handlers = { getThing: async () => 2 };\n',
    });
    await expect(loadRoutes(folder)).rejects.toThrow('operationId getThing has handlers in both server/routes/alpha.ts and beta.ts');
  });

  it('refuses a body check for an operation its own file does not handle', async () => {
    const folder = routesFolder({
      'alpha.ts': 'export const handlers = { createAlpha: async () => 1 };\n',
      'beta.ts': 'export const handlers = { getBeta: async () => 2 };\nexport const bodyChecks = { createAlpha: async () => {} };\n',
    });
    await expect(loadRoutes(folder)).rejects.toThrow('server/routes/beta.ts: bodyChecks.createAlpha has no handler in the same file.');
  });

  it('refuses a route file without handlers, or with a check that is not a function', async () => {
    await expect(loadRoutes(routesFolder({ 'alpha.ts': 'export const other = 1;\n' }))).rejects.toThrow('must export `handlers`');
    rmSync(dir ?? '', { recursive: true, force: true });
    const folder = routesFolder({ 'alpha.ts': 'export const handlers = { createAlpha: async () => 1 };\nexport const bodyChecks = { createAlpha: 1 };\n' });
    await expect(loadRoutes(folder)).rejects.toThrow('bodyChecks.createAlpha is not a function');
  });

  it('loads the gateway’s own route files', async () => {
    const routes = await loadRoutes();
    expect(routes.handlers.createEndUser).toBeTypeOf('function');
    expect(Object.keys(routes.bodyChecks).sort()).toEqual(
      expect.arrayContaining(['changePassword', 'createAdmin', 'createEndUser', 'resetPassword', 'updateUser']),
    );
  });
});
