// The build gives Mantine React's useId in place of @mantine/hooks' own, and leaves every other module alone.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mantineUseId } from './mantine-use-id.ts';

const REACT_USE_ID = fileURLToPath(new URL('../src/app/mantine-use-id.ts', import.meta.url));
const HOOKS = '/app/node_modules/@mantine/hooks/esm';

function loaded(id: string): unknown {
  const hook = mantineUseId().load;
  if (typeof hook !== 'function') throw new Error('the plugin has no load hook');
  return Reflect.apply(hook, {}, [id]);
}

describe('mantineUseId', () => {
  it("loads @mantine/hooks' use-id module as a re-export of the app's, keeping the module's id", () => {
    expect(loaded(`${HOOKS}/use-id/use-id.mjs`)).toBe(`export { useId } from ${JSON.stringify(REACT_USE_ID)};\n`);
    expect(loaded(`${HOOKS}/use-id/use-id.mjs?v=1`)).toBe(`export { useId } from ${JSON.stringify(REACT_USE_ID)};\n`);
  });

  it('leaves other modules, and a use-id of another package, to their own code', () => {
    expect(loaded(`${HOOKS}/use-id-like/use-id-like.mjs`)).toBeNull();
    expect(loaded('/app/node_modules/other/esm/use-id/use-id.mjs')).toBeNull();
    expect(loaded(`${HOOKS}/index.mjs`)).toBeNull();
  });
});
