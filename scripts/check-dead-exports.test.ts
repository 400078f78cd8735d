// The dead-export check on a tiny program in a temporary folder: it reports exactly the exports nothing uses.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findDeadExports } from './check-dead-exports.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dead-exports-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  const compilerOptions = { strict: true, module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, noEmit: true, types: [] };
  files['tsconfig.json'] = JSON.stringify({ compilerOptions, include: ['src'] });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

const check = () => findDeadExports({ root, entries: ['src/main.ts'], checked: ['src/**'] });

describe('check:dead', () => {
  it('reports the one export nothing imports', () => {
    write({
      'src/main.ts': "import { used } from './lib.ts';\nconsole.log(used());\n",
      'src/lib.ts': 'export function used(): number {\n  return 1;\n}\nexport const unused = 2;\n',
    });
    expect(check()).toEqual([{ file: 'src/lib.ts', line: 4, name: 'unused', usedInFile: false }]);
  });

  it('counts a re-export as a use only when its own name is used, and tells an export its file uses apart', () => {
    write({
      'src/main.ts': "import { viaIndex } from './index.ts';\nconsole.log(viaIndex);\n",
      'src/index.ts': "export { viaIndex, onlyReexported } from './lib.ts';\n",
      'src/lib.ts': 'export const viaIndex = 1;\nexport const onlyReexported = 2;\nexport const localOnly = 3;\nconsole.log(localOnly);\n',
    });
    expect(check()).toEqual([
      { file: 'src/index.ts', line: 1, name: 'onlyReexported', usedInFile: false },
      { file: 'src/lib.ts', line: 2, name: 'onlyReexported', usedInFile: false },
      { file: 'src/lib.ts', line: 3, name: 'localOnly', usedInFile: true },
    ]);
  });

  it('sees the members read off a namespace import and off a dynamically imported module', () => {
    write({
      'src/main.ts': [
        "import * as shapes from './shapes.ts';",
        "import * as colours from './colours.ts';",
        'export const size: shapes.Size = shapes.small;',
        'console.log(Object.keys(colours));',
        "void import('./page.ts').then((page) => page.render());",
      ].join('\n'),
      'src/shapes.ts': 'export type Size = number;\nexport const small = 1;\nexport const large = 2;\n',
      'src/colours.ts': "export const red = 'red';\nexport const blue = 'blue';\n",
      'src/page.ts': 'export function render(): void {}\nexport function unusedRender(): void {}\n',
    });
    expect(check().map((dead) => `${dead.file}:${dead.line} ${dead.name}`)).toEqual(['src/page.ts:2 unusedRender', 'src/shapes.ts:3 large']);
  });
});
