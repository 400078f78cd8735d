// The build gives Mantine React's useId in place of @mantine/hooks' own, and leaves every other module alone.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mantineUseId } from './mantine-use-id.ts';

const REACT_USE_ID = fileURLToPath(new URL('../src/app/mantine-use-id.ts', import.meta.url));
const HOOKS = '/app/node_modules/@mantine/hooks/esm';

async function resolveThrough(source: string, importer: string, resolvedId: string): Promise<unknown> {
  const plugin = mantineUseId();
  const hook = plugin.resolveId;
  if (typeof hook !== 'function') throw new Error('the plugin has no resolveId hook');
  const context = { resolve: async () => ({ id: resolvedId }) };
  return Reflect.apply(hook, context, [source, importer, { isEntry: false, attributes: {} }]);
}

describe('mantineUseId', () => {
  it("resolves @mantine/hooks' use-id module, from its index or a sibling, to the app's", async () => {
    expect(await resolveThrough('./use-id/use-id.mjs', `${HOOKS}/index.mjs`, `${HOOKS}/use-id/use-id.mjs`)).toBe(REACT_USE_ID);
    expect(await resolveThrough('../use-id/use-id.mjs', `${HOOKS}/use-uncontrolled/x.mjs`, `${HOOKS}/use-id/use-id.mjs`)).toBe(REACT_USE_ID);
  });

  it('leaves other modules, and a use-id of another package, to the usual resolution', async () => {
    expect(await resolveThrough('./use-id-like.mjs', `${HOOKS}/index.mjs`, `${HOOKS}/use-id-like.mjs`)).toBeNull();
    expect(await resolveThrough('./use-id/use-id.mjs', '/app/node_modules/other/index.mjs', '/app/node_modules/other/use-id/use-id.mjs')).toBeNull();
    expect(await resolveThrough('./Button.mjs', `${HOOKS}/index.mjs`, `${HOOKS}/Button.mjs`)).toBeNull();
  });
});
