// One chunk per layer of a first load instead of dozens: the entry (src/boot.ts), React, the app (src/main.tsx and
// what it imports: the /login route), the shell (src/app/ProtectedApp.tsx and what it imports that the app does not)
// and the table (src/render/table and what it imports that none of them does). Left to itself the bundler cuts a chunk
// at every module two routes share, and with the per-component Mantine styles (scripts/mantine-styles.ts) a signed-in
// page asked for about 70 files, /login for 17; a phone on HTTP/1.1 opens six connections to a host at a time, so each
// round of six costs a round trip. Screens and the rest stay split as the bundler splits them.
import { dirname, resolve } from 'node:path';
import type { Rolldown } from 'vite';

type CodeSplittingGroup = NonNullable<Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups']>[number];
type ChunkingContext = Parameters<Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/** A layer of the app: the modules `root` imports statically, less those of the layers loaded before it. */
interface Layer {
  name: string;
  root: RegExp;
  /** Only the modules of that closure whose id matches: a library the root uses, evaluated before it. */
  only?: RegExp;
  /** The module that starts the layer's evaluation (src/boot.ts imports it), placed in the layer. */
  start?: RegExp;
}

const MAIN = /[\\/]src[\\/]main\.tsx$/;

const LAYERS: Layer[] = [
  // The entry and what it imports (the bundler's preload helper): evaluated before the app (src/boot.ts).
  { name: 'boot', root: /[\\/]src[\\/]boot\.ts$/ },
  // React and React DOM: the entry evaluates them in a task of their own before the app (src/boot.ts).
  { name: 'react', root: /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/ },
  // The app's router and Mantine, each evaluated in a task of its own before the app's code (src/boot.ts): the three in
  // one were the longest task of a cold load after its first paint (issue 27).
  { name: 'router', root: MAIN, only: /[\\/]node_modules[\\/]react-router[\\/]/, start: /[\\/]src[\\/]lib[\\/]first-layers[\\/]router\.ts$/ },
  { name: 'mantine', root: MAIN, only: /[\\/]node_modules[\\/]@mantine[\\/]/, start: /[\\/]src[\\/]lib[\\/]first-layers[\\/]mantine\.ts$/ },
  { name: 'app', root: MAIN },
  { name: 'shell', root: /[\\/]src[\\/]app[\\/]ProtectedApp\.tsx$/ },
  { name: 'table', root: /[\\/]src[\\/]render[\\/]table[\\/]index\.ts$/ },
];

/** A package's index that only re-exports its modules: a module that imports it uses only the names it takes. */
const BARREL = /[\\/]node_modules[\\/](@mantine[\\/][^\\/]+)[\\/]esm[\\/]index\.mjs$/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The names `code` imports (or re-exports) from `specifier`; null when it takes the module some other way. */
function namedImports(code: string, specifier: string): string[] | null {
  const quoted = `["']${escape(specifier)}["']`;
  const named = [...code.matchAll(new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))];
  if (named.length !== [...code.matchAll(new RegExp(quoted, 'g'))].length) return null;
  return named.flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '')
      .filter((name) => name !== ''),
  );
}

/** Exported name → the module id that defines it, for a barrel's `import { a } from "./a.mjs"; export { a };`. */
function barrelExports(ctx: ChunkingContext, barrel: string): Map<string, string> {
  const info = ctx.getModuleInfo(barrel);
  const code = info?.code ?? '';
  const source = new Map<string, string>();
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const specifier = match[2] ?? '';
    const id = specifier.startsWith('.')
      ? resolve(dirname(barrel), specifier)
      : info?.importedIds.find((imported) => imported.replace(/\\/g, '/').includes(`/node_modules/${specifier}/`));
    if (!id) continue;
    for (const part of (match[1] ?? '').split(',')) {
      const local = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (local) source.set(local, id);
    }
  }
  const exported = new Map<string, string>();
  for (const match of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [local = '', name = local] = part.trim().split(/\s+as\s+/);
      const id = source.get(local.trim());
      if (id) exported.set(name.trim(), id);
    }
  }
  return exported;
}

/**
 * Every module `root` reaches through static imports, `root` included. Through a barrel only the modules of the
 * names taken count: every chunk imports @mantine/core, and its index alone would reach every component.
 */
function staticClosure(ctx: ChunkingContext, root: string, barrels: Map<string, Map<string, string>>): Set<string> {
  const seen = new Set<string>([root]);
  const pending = [root];
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    pending.push(id);
  };
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const info = ctx.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = BARREL.exec(imported);
      const names = barrel && !id.includes(`${barrel[1] ?? ''}`) ? namedImports(info?.code ?? '', (barrel[1] ?? '').replace(/\\/g, '/')) : null;
      if (!names) {
        visit(imported);
        continue;
      }
      let exported = barrels.get(imported);
      if (!exported) barrels.set(imported, (exported = barrelExports(ctx, imported)));
      for (const name of names) {
        const target = exported.get(name);
        if (target && ctx.getModuleInfo(target)) visit(target);
        else visit(imported);
      }
    }
  }
  return seen;
}

/** The module ids of the build whose id matches `pattern`: the roots are found among the importers of what is asked. */
function findModule(ctx: ChunkingContext, start: string, pattern: RegExp): string | undefined {
  const seen = new Set<string>();
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (pattern.test(id)) return id;
    const info = ctx.getModuleInfo(id);
    for (const next of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? []), ...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
      if (!seen.has(next)) {
        seen.add(next);
        pending.push(next);
      }
    }
  }
  return undefined;
}

/** The layer name of each module, computed once per build from the first module the bundler asks about. */
function layerAssigner(): (moduleId: string, ctx: ChunkingContext) => string | null {
  let layerOf: Map<string, string> | undefined;
  return (moduleId, ctx) => {
    if (!layerOf) {
      const assigned = new Map<string, string>();
      const barrels = new Map<string, Map<string, string>>();
      const before = new Set<string>();
      for (const layer of LAYERS) {
        const root = findModule(ctx, moduleId, layer.root);
        if (!root) continue;
        const start = layer.start && findModule(ctx, moduleId, layer.start);
        if (layer.start && !start) throw new Error(`The build has no module for the start of layer ${layer.name} (${String(layer.start)})`);
        const closure = [...staticClosure(ctx, root, barrels)].filter((id) => !layer.only || layer.only.test(id));
        for (const id of start ? [start, ...closure] : closure) {
          if (before.has(id)) continue;
          before.add(id);
          assigned.set(id, layer.name);
        }
      }
      layerOf = assigned;
    }
    return layerOf.get(moduleId) ?? null;
  };
}

/** Rolldown's `output.codeSplitting` for the app build. */
export function routeChunks(): Rolldown.OutputOptions['codeSplitting'] {
  // Each layer is closed under static imports less what loads before it, so it needs only earlier layers and the
  // bundler need not pull a layer's dependencies (the entry's React, router...) into it.
  return { groups: [{ name: layerAssigner(), debugName: 'route layers', includeDependenciesRecursively: false }] };
}
