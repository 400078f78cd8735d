import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circles, importGraph, refusedImports, type ImportGraph } from './import-graph.ts';

describe('the import graph of src/, server/ and scripts/ (issue 23, item 4: no circles, no arrows up)', () => {
  let graph: ImportGraph;
  beforeAll(() => {
    graph = importGraph();
  });

  it('has no circle of files importing one another', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no import the layers refuse: no arrow up, nothing of src/ but the shared layers in server/, no scripts/ in the product', () => {
    expect(refusedImports(graph)).toEqual([]);
  });

  it('reads the imports of the files it judges: the gateway runs the config checker of src/config/check, not a script', () => {
    expect([...(graph.get('server/app.ts') ?? [])]).toContain('src/config/check/checker-thread.ts');
    expect([...(graph.get('src/config/check/health-worker.mjs') ?? [])]).toEqual(['src/config/check/health.ts']);
    expect([...(graph.get('scripts/check-config.ts') ?? [])]).toContain('src/config/check/health.ts');
    expect([...(graph.get('server/http/first-screen.ts') ?? [])].filter((file) => file.startsWith('scripts/'))).toEqual([]);
  });
});

describe('the import graph check finds what it must refuse', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'teller-import-graph-'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, noEmit: true } }));
    // A circle of two through a type-only import and a dynamic one.
    write('src/render/a.ts', "import type { B } from './b.ts';\nexport type A = B;\n");
    write('src/render/b.ts', "export type B = 1;\nexport const load = () => import('./a');\n");
    // A circle of three through import.meta.glob and a re-export.
    write('src/config/c.ts', "export const parts = import.meta.glob('./parts/*.ts');\n");
    write('src/config/parts/d.ts', "export { e } from '../e.ts';\n");
    write('src/config/e.ts', "import './c.ts';\nexport const e = 1;\n");
    // No circle: one way only.
    write('src/render/f.ts', "import type { A } from './a.ts';\nexport type F = A;\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds a circle of two files and one of three, through type-only, dynamic, glob and re-exporting imports', () => {
    expect(circles(importGraph(root))).toEqual([
      ['src/config/c.ts', 'src/config/e.ts', 'src/config/parts/d.ts'],
      ['src/render/a.ts', 'src/render/b.ts'],
    ]);
  });

  it('refuses an arrow up the layers, the gateway importing the web app, and product code importing a script', () => {
    const graph: ImportGraph = new Map([
      ['src/lib/validator-runtime.ts', new Set(['src/config/form-fields.ts'])],
      ['src/generated/validators/login.js', new Set(['src/render/IsoDateInput.tsx'])],
      ['src/features/users/edited-config.test.tsx', new Set(['src/app/ConfigProvider.tsx'])],
      ['server/routes/config.ts', new Set(['src/config/forms.ts', 'src/config/check/checker-thread.ts'])],
      ['server/app.ts', new Set(['scripts/config-checker.ts'])],
      ['scripts/check-config.ts', new Set(['src/config/check/health.ts', 'server/app.ts'])],
      ['src/features/users/list/UsersList.tsx', new Set(['src/render/table/SchemaTable.tsx', 'src/lib/validator-runtime.ts'])],
    ]);
    expect(refusedImports(graph).map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'src/lib/validator-runtime.ts → src/config/form-fields.ts',
      'src/generated/validators/login.js → src/render/IsoDateInput.tsx',
      'src/features/users/edited-config.test.tsx → src/app/ConfigProvider.tsx',
      'server/routes/config.ts → src/config/forms.ts',
      'server/app.ts → scripts/config-checker.ts',
    ]);
  });
});
