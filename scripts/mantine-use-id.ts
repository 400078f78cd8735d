// Mantine's useId (@mantine/hooks) sets a random id in a layout effect after mount, for React 17, which had no useId:
// every field, menu and popover of a screen so renders twice, the second time synchronously inside the commit that
// shows the screen (on a phone's first load of a list, a quarter of the page's longest task). React 19's own useId is
// stable from the first render, so the app's build gives Mantine that instead (src/app/mantine-use-id.ts).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const REACT_USE_ID = fileURLToPath(new URL('../src/app/mantine-use-id.ts', import.meta.url));

export function mantineUseId(): Plugin {
  return {
    name: 'teller:mantine-use-id',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('use-id') || importer === REACT_USE_ID) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && MANTINE_USE_ID.test(resolved.id) ? REACT_USE_ID : null;
    },
  };
}
