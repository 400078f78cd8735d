// What each feature declares once, in its manifest (src/features/<feature>/manifest.ts, the app's own in
// src/app/manifest.ts): `screens` (ScreenManifest), `tableSources` (the sources of the list operations it owns),
// `slots` (the context of the slots its screens offer) and `fills` (what it draws in slots, by the feature that offers
// them), composed into what the rest derives from them:
// - src/generated/screens.ts: the route map (src/config/routes.ts, the config checker) and each screen's module (the
//   first-paint preloads, scripts/first-paint.ts);
// - src/app/screen-loaders.gen.ts: each screen's lazy loader (src/app/screen-loaders.ts), or its component when it
//   loads with the app;
// - src/app/features.gen.ts: every feature's table sources and slot providers (src/app/ProtectedApp.tsx).
// A manifest is code (its table sources and slot fills are), loaded here through Vite's module runner as the app loads
// it; only what it exports is read, never its text.
// `--check` fails when a committed file is stale (npm test runs it); `npm run gen:screens` writes them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { RouteAccess, ScreenManifest, ScreenRoute } from '../src/config/routes.ts';
import { writeOrCheck } from './generated-file.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROUTE_MAP_FILE = 'src/generated/screens.ts';
export const LOADERS_FILE = 'src/app/screen-loaders.gen.ts';
export const FEATURES_FILE = 'src/app/features.gen.ts';
const MODULE_EXTENSIONS = ['.tsx', '.ts'];

/** A manifest as read: its file (from the repository root) and what it exports. */
export interface ManifestFile {
  file: string;
  screens: ScreenManifest;
  /** The sources of the list operations the feature owns, by operationId. */
  tableSources?: Readonly<Record<string, unknown>>;
  /** The context of the slots the feature's screens offer (other features fill them). */
  slots?: unknown;
  /** What the feature draws in slots: slot name by the feature that offers it. */
  fills?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A feature's slots and who fills each: the feature (folder name) whose manifest fills it. */
export interface SlotFills {
  feature: string;
  fills: Record<string, string>;
}

/** The feature a manifest belongs to: its folder under src/features ('app' for src/app/manifest.ts). */
export const featureOf = (file: string): string => /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? 'app';

/** Screen id → its module (from the repository root, without extension) and component ('default' when unnamed). */
export type ScreenModules = Record<string, { module: string; component: string; loadsWithApp: boolean }>;

/** The manifests of the repository at `root`: the app's, then each feature's by name. */
export function manifestFiles(root: string = ROOT): string[] {
  const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/features/${entry.name}/manifest.ts`)
    .sort();
  return ['src/app/manifest.ts', ...features].filter((file) => existsSync(join(root, file)));
}

/** What the manifests compose into. */
export interface Composed {
  routes: ScreenRoute[];
  modules: ScreenModules;
  /** operationId → the feature whose manifest gives its source. */
  tableSources: Record<string, string>;
  /** The features that offer slots, each with its fills. */
  slots: SlotFills[];
}

/**
 * The route map, screen modules, table sources and slots the manifests declare. Refuses a screen id or a route
 * declared twice, a screen without a loader (no module, or one that is not there) or without a route, a table source
 * two features declare, a slot filled twice or in a feature that offers no slots: each names the manifest to fix.
 */
export function composeScreens(manifests: readonly ManifestFile[], moduleExists: (module: string) => boolean): Composed {
  const routes: ScreenRoute[] = [];
  const modules: ScreenModules = {};
  const declaredIn = new Map<string, string>();
  const problems: string[] = [];
  for (const { file, screens } of manifests) {
    for (const [screen, declaration] of Object.entries(screens)) {
      const earlier = declaredIn.get(screen);
      if (earlier) problems.push(`${file}: screen ${screen} is declared in ${earlier} too; a screen id names one screen`);
      declaredIn.set(screen, file);
      const module = typeof declaration.module === 'string' && declaration.module !== '' ? join(dirname(file), declaration.module).split('\\').join('/') : '';
      if (!module) problems.push(`${file}: screen ${screen} has no loader: give it the module that draws it (module: './ItsScreen')`);
      else if (!moduleExists(module)) problems.push(`${file}: screen ${screen} loads ${module}, which is not there (${MODULE_EXTENSIONS.join(' or ')})`);
      if (declaration.routes.length === 0) problems.push(`${file}: screen ${screen} has no route: give it one, or remove it`);
      modules[screen] = { module, component: declaration.component ?? 'default', loadsWithApp: declaration.loadsWithApp === true };
      for (const route of declaration.routes) {
        const access: RouteAccess = route.access ?? 'protected';
        const twice = routes.find((other) => other.path.toLowerCase() === route.path.toLowerCase());
        if (twice) problems.push(`${file}: route ${route.path} of screen ${screen} is screen ${twice.screen}'s already`);
        routes.push({ path: route.path, screen, title: route.title, access });
      }
    }
  }
  const { tableSources, slots } = composeParts(manifests, problems);
  if (problems.length > 0) throw new Error(`The screen manifests do not compose:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  // The routes open without a session first, as the route map has always listed them.
  const open = (route: ScreenRoute) => (route.access === 'protected' ? 1 : 0);
  return { routes: routes.sort((a, b) => open(a) - open(b)), modules, tableSources, slots };
}

/** The table sources and slots of the manifests; what does not compose goes to `problems`. */
function composeParts(manifests: readonly ManifestFile[], problems: string[]): Pick<Composed, 'tableSources' | 'slots'> {
  const tableSources: Record<string, string> = {};
  const fileOf = new Map(manifests.map(({ file }) => [featureOf(file), file]));
  for (const { file, tableSources: sources = {} } of manifests) {
    for (const operation of Object.keys(sources)) {
      const earlier = tableSources[operation];
      if (earlier) problems.push(`${file}: table source ${operation} is declared in ${fileOf.get(earlier)} too; one feature gives a list operation's source`);
      else tableSources[operation] = featureOf(file);
    }
  }
  const slots: SlotFills[] = manifests.filter((manifest) => manifest.slots !== undefined).map(({ file }) => ({ feature: featureOf(file), fills: {} }));
  for (const { file, fills = {} } of manifests) {
    for (const [owner, named] of Object.entries(fills)) {
      const offered = slots.find((slot) => slot.feature === owner);
      if (!offered) {
        problems.push(`${file}: fills slots of ${owner}, which offers none (its manifest exports no slots: export const slots = ItsSlotsContext)`);
        continue;
      }
      for (const slot of Object.keys(named)) {
        const earlier = offered.fills[slot];
        if (earlier) problems.push(`${file}: fills slot ${slot} of ${owner}, which ${fileOf.get(earlier)} fills too; a slot is filled once`);
        else offered.fills[slot] = featureOf(file);
      }
    }
  }
  return { tableSources, slots };
}

const GENERATED = (what: string, declared = 'a screen') => `// Generated by scripts/gen-screens.ts from the screen manifests (src/app/manifest.ts, src/features/*/manifest.ts):
// ${what}. Do not edit; declare ${declared} in its feature's manifest and run npm run gen:screens.
`;

/** src/generated/screens.ts: the route map and the module of each screen. */
export function routeMapSource({ routes, modules }: Composed): string {
  const files = Object.fromEntries(Object.entries(modules).map(([screen, { module }]) => [screen, module]));
  return (
    GENERATED('the route map and the module that draws each screen') +
    `\n/** Every route of the app, by the manifest that declares it. */\n` +
    `export const SCREEN_ROUTE_MAP = [\n${routes.map((route) => `  ${JSON.stringify(route)},\n`).join('')}] as const;\n` +
    `\n/** Screen id → the module (from the repository root, without extension) its loader imports. */\n` +
    `export const SCREEN_MODULES: Readonly<Record<string, string>> = ${JSON.stringify(files, null, 2)};\n`
  );
}

/** src/app/screen-loaders.gen.ts: each screen's loader, or its component for a screen that loads with the app. */
export function loadersSource({ modules }: Composed, from: string = LOADERS_FILE): string {
  const specifier = specifierFrom(from);
  const withApp = Object.entries(modules).filter(([, { loadsWithApp }]) => loadsWithApp);
  const imports = withApp.map(([screen, { module, component }]) =>
    component === 'default' ? `import ${screen}Screen from '${specifier(module)}';` : `import { ${component} as ${screen}Screen } from '${specifier(module)}';`,
  );
  const loaders = Object.entries(modules)
    .filter(([, { loadsWithApp }]) => !loadsWithApp)
    .map(([screen, { module, component }]) => {
      const load = `import('${specifier(module)}')`;
      return `  ${screen}: () => ${component === 'default' ? load : `${load}.then((m) => ({ default: m.${component} }))`},`;
    });
  return (
    GENERATED('the lazy loader of each screen') +
    `import type { ComponentType } from 'react';\n` +
    imports.map((line) => `${line}\n`).join('') +
    `\ntype ScreenModule = Promise<{ default: ComponentType }>;\n` +
    `\n/** Screen id → the function that loads the code of the screen. */\n` +
    `export const screenLoaders = {\n${loaders.join('\n')}\n} satisfies Record<string, () => ScreenModule>;\n` +
    `\n/** The screens that load with the app, not on first use. */\n` +
    `export const screensWithApp: Readonly<Record<string, ComponentType>> = { ${withApp.map(([screen]) => `${screen}: ${screen}Screen`).join(', ')} };\n`
  );
}

/** The import specifier of `module` (from the repository root, without extension) in the file `from`. */
const specifierFrom = (from: string) => (module: string) => {
  const path = relative(dirname(from), module).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

/** src/app/features.gen.ts: the table sources, by operationId, and each feature's slot provider, as the manifests give them. */
export function featuresSource({ tableSources, slots }: Composed, manifests: readonly ManifestFile[], from: string = FEATURES_FILE): string {
  const specifier = specifierFrom(from);
  const imports = manifests.flatMap(({ file, tableSources: sources, slots: offered, fills }) => {
    const feature = featureOf(file);
    const names = [
      ...(fills && Object.keys(fills).length > 0 ? [`fills as ${feature}Fills`] : []),
      ...(offered !== undefined ? [`slots as ${feature}Slots`] : []),
      ...(sources && Object.keys(sources).length > 0 ? [`tableSources as ${feature}TableSources`] : []),
    ];
    return names.length > 0 ? [`import { ${names.join(', ')} } from '${specifier(file.replace(/\.ts$/, ''))}';`] : [];
  });
  const sourceLines = Object.entries(tableSources).map(([operation, feature]) => `  ${operation}: ${feature}TableSources.${operation},`);
  const providers = slots.map(({ feature, fills }) => {
    const lines = Object.entries(fills).map(([slot, filler]) => `    ${slot}: ${filler}Fills.${feature}.${slot},`);
    return `  slotProvider(${feature}Slots, {\n${lines.join('\n')}\n  }),`;
  });
  return (
    GENERATED('every feature\'s table sources and slots', 'a table source or a slot') +
    imports.map((line) => `${line}\n`).join('') +
    `import { slotProvider, type SlotProvider } from '../render/slots';\n` +
    `import type { TableSources } from '../render/table/table-sources';\n` +
    `\n/** The source of each list operation a table file may name, from the manifest of the feature that owns it. */\n` +
    `export const tableSources: TableSources = {\n${sourceLines.join('\n')}\n};\n` +
    `\n/** Each feature's slots, filled by the manifests that fill them; each slot loads its code on first use. */\n` +
    `export const slotProviders: readonly SlotProvider[] = [\n${providers.join('\n')}\n];\n`
  );
}

const moduleExistsIn = (root: string) => (module: string) => MODULE_EXTENSIONS.some((extension) => existsSync(join(root, `${module}${extension}`)));

const MANIFESTS_ENTRY = 'virtual:manifests';

/**
 * What each manifest of the repository at `root` exports, loaded as the app loads them (Vite's module runner: a
 * manifest's table sources reach modules that need import.meta.env and import.meta.glob), in one run.
 */
export async function loadManifests(root: string = ROOT): Promise<ManifestFile[]> {
  const files = manifestFiles(root);
  const entry = files.map((file, index) => `export * as m${index} from ${JSON.stringify(join(root, file))};`).join('\n');
  const { module } = await runnerImport<Record<string, Omit<ManifestFile, 'file'> | undefined>>(MANIFESTS_ENTRY, {
    configFile: false,
    root,
    logLevel: 'error',
    plugins: [{ name: 'manifests', resolveId: (id) => (id === MANIFESTS_ENTRY ? `\0${id}` : undefined), load: (id) => (id === `\0${MANIFESTS_ENTRY}` ? entry : undefined) }],
  });
  return files.map((file, index) => {
    const exported = module[`m${index}`];
    if (!exported?.screens) throw new Error(`${file} exports no screens (export const screens: ScreenManifest)`);
    const { screens, tableSources, slots, fills } = exported;
    return { file, screens, tableSources, slots, fills };
  });
}

/** The generated files, from the manifests of the repository at `root`. */
export async function generateScreens(root: string = ROOT): Promise<Record<string, string>> {
  const manifests = await loadManifests(root);
  const composed = composeScreens(manifests, moduleExistsIn(root));
  return { [ROUTE_MAP_FILE]: routeMapSource(composed), [LOADERS_FILE]: loadersSource(composed), [FEATURES_FILE]: featuresSource(composed, manifests) };
}

/** The generated files that are not as the manifests make them. */
export async function staleScreenFiles(root: string = ROOT): Promise<string[]> {
  const files = await generateScreens(root);
  return Object.entries(files)
    .filter(([file, source]) => !existsSync(join(root, file)) || readFileSync(join(root, file), 'utf8') !== source)
    .map(([file]) => file);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, source] of Object.entries(await generateScreens())) writeOrCheck(ROOT, file, source, 'npm run gen:screens');
}
