// A first load's layers as chunks: each module goes to the first layer (router, mantine, app, shell, table) that
// reaches it through static imports, through @mantine's index only by the names taken, and anything else is left to
// the bundler; the router and Mantine layers hold only the app's own use of those libraries, and their start modules.
import { describe, expect, it } from 'vitest';
import { routeChunks } from './route-chunks.ts';

const CORE = '/repo/node_modules/@mantine/core/esm';
const ROUTER = '/repo/node_modules/react-router/dist/production/index.mjs';

/** A module graph as the bundler's ChunkingContext shows it. */
const graph: Record<string, { code?: string; importedIds?: string[]; dynamicallyImportedIds?: string[] }> = {
  '/repo/src/boot.ts': { code: 'import("./lib/first-layers/router.ts"); import("./lib/first-layers/mantine.ts"); import("./main.tsx");', dynamicallyImportedIds: ['/repo/src/lib/first-layers/router.ts', '/repo/src/lib/first-layers/mantine.ts', '/repo/src/main.tsx'] },
  '/repo/src/lib/first-layers/router.ts': { code: 'export { RouterProvider } from "react-router";', importedIds: [ROUTER] },
  '/repo/src/lib/first-layers/mantine.ts': { code: 'export { Button } from "@mantine/core";', importedIds: [`${CORE}/index.mjs`] },
  [ROUTER]: {},
  '/repo/src/main.tsx': {
    code: 'import { Button } from "@mantine/core"; import { RouterProvider } from "react-router"; import("./app/ProtectedApp.tsx");',
    importedIds: [`${CORE}/index.mjs`, ROUTER],
    dynamicallyImportedIds: ['/repo/src/app/ProtectedApp.tsx'],
  },
  [`${CORE}/index.mjs`]: {
    code: 'import { Button } from "./components/Button/Button.mjs";\nimport { Modal as M } from "./components/Modal/Modal.mjs";\nexport { Button, M as Modal };',
    importedIds: [`${CORE}/components/Button/Button.mjs`, `${CORE}/components/Modal/Modal.mjs`],
  },
  [`${CORE}/components/Button/Button.mjs`]: {},
  [`${CORE}/components/Modal/Modal.mjs`]: {},
  '/repo/src/app/ProtectedApp.tsx': {
    code: 'import { Button, Modal } from "@mantine/core"; import("../features/users/screens.tsx");',
    importedIds: [`${CORE}/index.mjs`],
    dynamicallyImportedIds: ['/repo/src/features/users/screens.tsx'],
  },
  '/repo/src/features/users/screens.tsx': { code: 'import "../../render/table/index.ts";', importedIds: ['/repo/src/render/table/index.ts'] },
  '/repo/src/render/table/index.ts': { code: 'import "./SchemaTable.tsx";', importedIds: ['/repo/src/render/table/SchemaTable.tsx'] },
  '/repo/src/render/table/SchemaTable.tsx': {},
  '/repo/src/features/forms/Form.tsx': { code: 'import { Modal } from "@mantine/core";', importedIds: [`${CORE}/index.mjs`] },
};

const importersOf = (id: string) => Object.entries(graph).filter(([, info]) => info.importedIds?.includes(id)).map(([importer]) => importer);
const dynamicImportersOf = (id: string) => Object.entries(graph).filter(([, info]) => info.dynamicallyImportedIds?.includes(id)).map(([importer]) => importer);

const ctx = {
  getModuleInfo: (id: string) => {
    const info = graph[id];
    if (!info) return null;
    return { id, code: info.code ?? '', importedIds: info.importedIds ?? [], dynamicallyImportedIds: info.dynamicallyImportedIds ?? [], importers: importersOf(id), dynamicImporters: dynamicImportersOf(id) };
  },
  // The bundler's own context type is not exported; this stands in for the fields route-chunks reads.
} as never;

describe('routeChunks', () => {
  it('puts each module in the first layer that reaches it, following the Mantine index only for the names taken', () => {
    const options = routeChunks();
    const name = typeof options === 'object' ? options.groups?.[0]?.name : undefined;
    if (typeof name !== 'function') throw new Error('routeChunks must name its layers with a function');
    expect(name('/repo/src/features/forms/Form.tsx', ctx)).toBeNull();
    expect(name('/repo/src/main.tsx', ctx)).toBe('app');
    expect(name(ROUTER, ctx)).toBe('router');
    expect(name('/repo/src/lib/first-layers/router.ts', ctx)).toBe('router');
    expect(name(`${CORE}/components/Button/Button.mjs`, ctx)).toBe('mantine');
    expect(name('/repo/src/lib/first-layers/mantine.ts', ctx)).toBe('mantine');
    expect(name('/repo/src/app/ProtectedApp.tsx', ctx)).toBe('shell');
    expect(name(`${CORE}/components/Modal/Modal.mjs`, ctx)).toBe('shell');
    expect(name('/repo/src/render/table/SchemaTable.tsx', ctx)).toBe('table');
    expect(name('/repo/src/render/table/index.ts', ctx)).toBe('table');
    // A screen is its own chunk, as the bundler splits it.
    expect(name('/repo/src/features/users/screens.tsx', ctx)).toBeNull();
  });
});
