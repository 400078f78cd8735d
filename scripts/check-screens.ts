// One registration per screen (issue 23): a screen, the table sources of its lists and the slots it offers or fills
// are declared in its feature's manifest and nowhere else. Fails when
// - the manifests do not compose (a route with no loader, a screen or route declared twice, a table source two
//   features declare, a slot filled twice: scripts/gen-screens.ts);
// - the route map, the loaders or the features' parts (src/generated/screens.ts, src/app/screen-loaders.gen.ts,
//   src/app/features.gen.ts) are not as the manifests make them;
// - a source file of the app registers a screen by hand: a route of the route map as a `path` literal, or a dynamic
//   import of a screen's module (its loader comes from its manifest);
// - a source file registers a table source or a slot by hand: a table-sources.ts file, a source made or a slot
//   filled outside a manifest, or a slots context provided outside the app's composition.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREEN_MODULES, SCREEN_ROUTE_MAP } from '../src/generated/screens.ts';
import { FEATURES_FILE, LOADERS_FILE, ROUTE_MAP_FILE, manifestFiles, staleScreenFiles } from './gen-screens.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where a screen is registered by hand: `path: '/audit'`, `path="/audit"`, or `import('…/AuditScreen')`. */
const PATH_LITERAL = /\bpath\s*[:=]\s*\{?\s*['"`]([^'"`]+)['"`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"`]([^'"`]+)['"`]\s*\)/g;

/**
 * The hand registrations in `files` (path from the repository root → source): each names its file, what it registers
 * and where it belongs. `routes` and `modules` are the route map and the screen modules the manifests declare.
 */
export function handRegistrations(files: ReadonlyMap<string, string>, routes: readonly { path: string; screen: string }[], modules: Readonly<Record<string, string>>): string[] {
  const routeOf = new Map(routes.map((route) => [route.path.toLowerCase(), route.screen]));
  const screenOf = new Map(Object.entries(modules).map(([screen, module]) => [module, screen]));
  const problems: string[] = [];
  for (const [file, source] of files) {
    for (const [, path = ''] of source.matchAll(PATH_LITERAL)) {
      // "/" is also the path a rule context or a link names; its screen's module import is checked below.
      const screen = path === '/' ? undefined : routeOf.get(path.toLowerCase());
      if (screen) problems.push(`${file}: registers route ${path} (screen ${screen}) by hand; the route map comes from its feature's manifest.ts`);
    }
    for (const [, specifier = ''] of source.matchAll(DYNAMIC_IMPORT)) {
      if (!specifier.startsWith('.')) continue;
      const module = join(dirname(file), specifier).split('\\').join('/').replace(/\.(tsx?|jsx?)$/, '');
      const screen = screenOf.get(module);
      if (screen) problems.push(`${file}: loads ${module} (screen ${screen}) by hand; its loader comes from its manifest (src/app/screen-loaders.ts)`);
    }
  }
  return problems;
}

/** The modules that define the table source and slot helpers (not registrations). */
const PART_HELPERS = new Set(['src/render/table/table-sources.tsx', 'src/render/slots.tsx']);
const TABLE_SOURCES_FILE = /(^|\/)table-sources\.tsx?$/;
const TABLE_SOURCE_MADE = /\btableSource\(/;
const SLOT_FILLED = /\blazySlot\(/;
const SLOTS_PROVIDED = /<\w*SlotsContext(\.Provider)?\s[^>]*\bvalue=|\bslotProvider\(/;

/** `source` without its comments, which may show how a slot is provided. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * The table sources and slots registered outside a manifest in `files` (path from the repository root → source; the
 * manifests, the generated composition and tests are not given): each names its file and where it belongs.
 */
export function strayParts(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    if (PART_HELPERS.has(file)) continue;
    const source = withoutComments(text);
    if (TABLE_SOURCES_FILE.test(file)) problems.push(`${file}: table sources are declared in the feature's manifest.ts (export const tableSources), not in a file of their own`);
    else if (TABLE_SOURCE_MADE.test(source)) problems.push(`${file}: makes a table source outside a manifest; declare it in its feature's manifest.ts (export const tableSources)`);
    if (SLOT_FILLED.test(source)) problems.push(`${file}: fills a slot outside a manifest; declare it in its feature's manifest.ts (export const fills)`);
    if (SLOTS_PROVIDED.test(source)) problems.push(`${file}: provides a feature's slots by hand; the app provides them as the manifests fill them (${FEATURES_FILE})`);
  }
  return problems;
}

/** The app's source files a screen could be registered in: not the manifests, the generated files or tests. */
function appSources(root: string): Map<string, string> {
  const skipped = new Set([...manifestFiles(root), ROUTE_MAP_FILE, LOADERS_FILE, FEATURES_FILE]);
  const files = new Map<string, string>();
  for (const name of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    const file = `src/${name.split('\\').join('/')}`;
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|\.d\.ts$/.test(file) || /\/test\/|test-support(\/|\.tsx?$)/.test(file) || skipped.has(file)) continue;
    files.set(file, readFileSync(join(root, file), 'utf8'));
  }
  return files;
}

export async function checkScreens(root: string = ROOT): Promise<string[]> {
  const problems: string[] = [];
  try {
    problems.push(...(await staleScreenFiles(root)).map((file) => `${file}: not as the manifests make it; run npm run gen:screens`));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  const sources = appSources(root);
  return [...problems, ...handRegistrations(sources, SCREEN_ROUTE_MAP, SCREEN_MODULES), ...strayParts(sources)];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await checkScreens();
  if (problems.length > 0) {
    console.error(`One registration per screen:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log('check:screens: every screen, table source and slot is registered once, in its manifest');
}
