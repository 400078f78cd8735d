// The login route must stay small (its budget: under 150 KB gzip, scripts/check-login-size.ts): the light form modules must never pull in RJSF,
// ajv or the widgets; only SchemaForm's lazy import may reach the engine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx'].map((extension) => base + extension).find((candidate) => {
    try {
      readFileSync(candidate);
      return true;
    } catch {
      return false;
    }
  });
}

/** Every package a module loads statically, following local imports. */
function packagesReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const local = resolveLocal(file, specifier);
      if (local) visit(local);
      else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('form chunks', () => {
  it.each(['useFormValidator.ts', 'SchemaForm.tsx', 'index.ts'])('%s loads no RJSF and no ajv statically', (entry) => {
    const reached = [...packagesReachedFrom(path.join(here, entry))];
    expect(reached.filter((name) => name.startsWith('@rjsf/') || name.startsWith('ajv'))).toEqual([]);
  });

  it('SchemaForm reaches the engine only through a dynamic import', () => {
    const source = readFileSync(path.join(here, 'SchemaForm.tsx'), 'utf8');
    expect(source).toContain("import('./SchemaFormEngine')");
    expect(staticImports(path.join(here, 'SchemaForm.tsx'))).not.toContain('./SchemaFormEngine');
  });
});
