// The export's libraries load in the worker only, never in the page's own bundle.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Modules a file loads at run time, by import or re-export (type-only ones are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)].map((match) => match[1] ?? '');
}

function closure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const target = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (target) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the export seen from a screen', () => {
  it('loads no XLSX writer, fflate or exceljs outside the worker', () => {
    const { files, packages } = closure(resolve(here, 'index.ts'));
    expect([...files].map((file) => file.slice(here.length + 1))).toContain('useExcelExport.ts');
    expect([...packages].filter((name) => /exceljs|fflate/.test(name))).toEqual([]);
    expect([...files].filter((file) => /xlsx-writer|export\.worker/.test(file))).toEqual([]);
  });

  it('the worker is what loads the kept writer', () => {
    const { files } = closure(resolve(here, 'export.worker.ts'));
    expect([...files].map((file) => file.slice(here.length + 1))).toContain('streaming-xlsx-writer.ts');
  });
});
