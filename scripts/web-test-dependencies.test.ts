// The one-copy rule of the web tests' bundled dependencies (scripts/web-test-dependencies.ts): every package the app
// imports whose peers include a bundled package is bundled too, and so is every path of a bundled package it imports.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_BUNDLED_DEPENDENCIES, WEB_UNBUNDLED_DEPENDENCIES } from './web-test-dependencies';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every bare module specifier the web app and its tests import (src/), type-only imports left out. */
function importedSpecifiers(): Set<string> {
  const specifiers = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^\s*import\s+(?!type\s)[^'"]*?from\s+'([^'.][^']*)'/gm)) {
      if (!match[1]!.startsWith('node:')) specifiers.add(match[1]!);
    }
  }
  return specifiers;
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function peersOf(name: string): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
  return Object.keys(manifest.peerDependencies ?? {});
}

describe('the web tests bundle one copy of each dependency they share (issue 25)', () => {
  const bundled = new Set<string>(WEB_BUNDLED_DEPENDENCIES);
  const outside = new Set<string>(WEB_UNBUNDLED_DEPENDENCIES);
  const imported = importedSpecifiers();

  it('bundles every package whose peers include a bundled package', () => {
    const packages = new Set([...imported].map(packageOf));
    const missing = [...packages].filter((name) => !bundled.has(name) && !outside.has(name) && peersOf(name).some((peer) => bundled.has(peer)));
    expect(missing).toEqual([]);
  });

  it('bundles every path of a bundled package that is imported by path', () => {
    const missing = [...imported].filter((specifier) => specifier !== packageOf(specifier) && bundled.has(packageOf(specifier)) && !bundled.has(specifier));
    expect(missing).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(imported).toContain('@mantine/core');
    expect(imported).toContain('@rjsf/mantine/lib/templates/index.js');
  });
});
