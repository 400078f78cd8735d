// Mantine's useId (@mantine/hooks) sets a random id in a layout effect after mount, for React 17, which had no useId:
// every field, menu and popover of a screen so renders twice, the second time synchronously inside the commit that
// shows the screen (on a phone's first load of a list, a quarter of the page's longest task). React 19's own useId is
// stable from the first render, so the app's build gives Mantine that instead (src/app/mantine-use-id.ts). The module
// keeps its place and id in the graph (only its code is replaced), so the route layers (scripts/route-chunks.ts)
// still take from @mantine/hooks only the hooks a layer uses.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const REACT_USE_ID = fileURLToPath(new URL('../src/app/mantine-use-id.ts', import.meta.url));

export function mantineUseId(): Plugin {
  return {
    name: 'teller:mantine-use-id',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id.split('?')[0] ?? '') ? `export { useId } from ${JSON.stringify(REACT_USE_ID)};\n` : null;
    },
  };
}
