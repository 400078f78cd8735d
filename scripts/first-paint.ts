// What a phone paints before the app's JavaScript has run. The build writes two pages from Vite's index.html, each
// with a frame of plain HTML and CSS in #root (its style in the head) that the app's first render replaces:
// - dist/login.html, sent for /login (server/http/web.ts): the sign-in card of src/features/auth/login-shell.html;
// - dist/index.html, sent for every other page: the frame of a signed-in screen (src/app/app-frame.html).
// Each page asks at once for the route layers (scripts/route-chunks.ts) its first screen needs and their styles,
// which the app would otherwise find only as it runs.
// index.html also asks, by a small script of its own, for the code of the screen the address opens (the chunks of
// the module the screen's manifest names, src/generated/screens.ts), which the app would otherwise ask for only once
// it runs.
// On both the first paint waits until the frame's markup has been parsed to its last element (id="first-paint-end"):
// a page that arrives in pieces would otherwise paint a partial card, which then grows, and the centred card moves.
// On both the app's stylesheets load print-only, which holds nothing back, and the app turns them on in place once
// they have loaded, before its first render (src/app/deferred-styles.ts), so they keep their place ahead of the
// stylesheets later chunks add.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_FILES, FIRST_SCREEN_HOLD, FIRST_SCREEN_SLOTS, type DrawnScreenFiles } from '../src/api/page-contract.ts';
import { SCREEN_ROUTES, type ScreenRoute } from '../src/config/routes.ts';
import { SCREEN_MODULES } from '../src/generated/screens.ts';

const LOGIN_SHELL = fileURLToPath(new URL('../src/features/auth/login-shell.html', import.meta.url));
const APP_FRAME = fileURLToPath(new URL('../src/app/app-frame.html', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The route layers (scripts/route-chunks.ts) each page asks for with itself: the entry (src/boot.ts) imports the
 * app only once the page has painted, and a signed-in first load needs the shell and table too. */
const LOGIN_LAYERS = ['react', 'app'];
const SIGNED_IN_LAYERS = ['react', 'app', 'shell', 'table'];
const EMPTY_ROOT = '<div id="root"></div>';
const HTML_START = '<html lang="en">';
/** The id of a frame's last element: the page paints nothing before the parser has reached it. */
const FRAME_END = 'first-paint-end';
const STYLESHEET = /(<link rel="stylesheet")/g;
/** Marks the stylesheets the app turns on (src/app/deferred-styles.ts). */
const DEFERRED_STYLE = 'data-deferred-style';

/** Scripts and stylesheets a page asks for with its own, by their public paths. */
export interface Preloads {
  scripts: readonly string[];
  styles: readonly string[];
  /** Classic scripts the page runs as soon as they arrive, holding nothing back. */
  asyncScripts?: readonly string[];
}

const NO_PRELOADS: Preloads = { scripts: [], styles: [] };

/** The start tag of the last element `markup` opens. */
const lastElementTag = (markup: string) => [...markup.matchAll(/<[a-z][^>]*>/gi)].at(-1)?.[0] ?? '';

/** index.html with `frameHtml`'s style before </head>, its markup (what follows the style) in the empty #root, and `preloads`. */
export function withFirstPaint(indexHtml: string, frameHtml: string, preloads: Preloads = NO_PRELOADS): string {
  const style = /<style>[\s\S]*?<\/style>/.exec(frameHtml);
  const markup = style ? frameHtml.slice(style.index + style[0].length).trim() : '';
  if (!style || !markup) throw new Error('A first-paint frame must hold one <style> followed by its markup.');
  if (!lastElementTag(markup).includes(` id="${FRAME_END}"`)) throw new Error(`A first-paint frame must mark its last element id="${FRAME_END}".`);
  if (!indexHtml.includes(EMPTY_ROOT) || !indexHtml.includes('</head>')) throw new Error(`index.html must hold </head> and ${EMPTY_ROOT}.`);
  const named = (href: string) => indexHtml.includes(`href="${href}"`);
  const links = [
    // Not needed for the first paint, which the page's own frame makes: at high priority the browser would count them
    // as holding it back.
    ...preloads.scripts.filter((href) => !named(href)).map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`),
    ...preloads.styles.filter((href) => !named(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...(preloads.asyncScripts ?? []).map((src) => `<script async src="${src}"></script>`),
  ];
  return indexHtml
    .replace('</head>', `${links.map((link) => `  ${link}\n  `).join('')}</head>`)
    .replace(STYLESHEET, `$1 media="print" ${DEFERRED_STYLE}`)
    .replace('</head>', `<link rel="expect" href="#${FRAME_END}" blocking="render">\n  ${style[0]}\n  </head>`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

interface BundleOutput {
  type: string;
  name?: string;
  fileName: string;
  imports?: readonly string[];
  moduleIds?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Screen id → the file (absolute, without extension) its loader imports, as the manifests declare it
 * (src/generated/screens.ts, scripts/gen-screens.ts). */
export function screenModules(modules: Readonly<Record<string, string>> = SCREEN_MODULES, root: string = ROOT): Map<string, string> {
  return new Map(Object.entries(modules).map(([screen, module]) => [screen, resolve(root, module)]));
}

/** The files a chunk needs: itself and what it imports, each once. */
function chunkClosure(bundle: Record<string, BundleOutput>, roots: readonly BundleOutput[]): Map<string, BundleOutput> {
  const chunks = new Map<string, BundleOutput>();
  const add = (chunk: BundleOutput | undefined) => {
    if (!chunk || chunks.has(chunk.fileName)) return;
    chunks.set(chunk.fileName, chunk);
    for (const imported of chunk.imports ?? []) add(bundle[imported]);
  };
  roots.forEach(add);
  return chunks;
}

/** The files of a screen: its chunks and what they import, and the stylesheets they bring, as public paths. */
export interface ScreenFiles {
  scripts: string[];
  styles: string[];
}

/**
 * Per protected route without parameters (its path in lower case), the files of the screen it opens, less `loaded`
 * (what the page asks for anyway).
 */
export function screenFiles(
  bundle: Record<string, BundleOutput>,
  modules: ReadonlyMap<string, string>,
  loaded: readonly string[],
  routes: readonly ScreenRoute[] = SCREEN_ROUTES,
): Record<string, ScreenFiles> {
  const outputs = Object.values(bundle).filter((output) => output.type === 'chunk');
  const unstated = (id: string) => id.replace(/\.(tsx?|jsx?|mjs)$/, '').replace(/[\\/]index$/, '');
  const files: Record<string, ScreenFiles> = {};
  for (const route of routes) {
    if (route.access !== 'protected' || route.path.includes(':')) continue;
    const module = modules.get(route.screen);
    if (!module) throw new Error(`The screen manifests declare no loader for screen ${route.screen} (route ${route.path}): npm run gen:screens.`);
    const chunk = outputs.find((output) => output.moduleIds?.some((id) => unstated(id) === module));
    if (!chunk) throw new Error(`The build has no chunk holding ${module}, the screen ${route.screen}.`);
    const chunks = chunkClosure(bundle, [chunk]);
    const styles = [...chunks.values()].flatMap((output) => [...(output.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`));
    files[route.path.toLowerCase()] = {
      scripts: [...chunks.keys()].map((file) => `/${file}`).filter((file) => !loaded.includes(file)),
      styles: [...new Set(styles)].filter((file) => !loaded.includes(file)),
    };
  }
  return files;
}

/** A script that asks for the code of the screen the page's address opens (`screenFiles`). */
export function screenPreloadScript(files: Record<string, ScreenFiles>): string {
  const lists: string[][] = [];
  const byPath: Record<string, number> = {};
  for (const [path, { scripts }] of Object.entries(files)) {
    if (scripts.length === 0) continue;
    const key = JSON.stringify(scripts);
    let index = lists.findIndex((list) => JSON.stringify(list) === key);
    if (index < 0) index = lists.push(scripts) - 1;
    byPath[path] = index;
  }
  // Routes match case-insensitively and without a trailing slash (src/config/routes.ts).
  return (
    `(function (screens, routes) {\n` +
    `  var files = screens[routes[location.pathname.toLowerCase().replace(/\\/+$/, '') || '/']] || [];\n` +
    `  files.forEach(function (file) {\n` +
    `    var link = document.createElement('link');\n` +
    `    link.rel = 'modulepreload';\n` +
    `    link.href = file;\n` +
    `    link.setAttribute('fetchpriority', 'low');\n` +
    `    document.head.appendChild(link);\n` +
    `  });\n` +
    `})(${JSON.stringify(lists)}, ${JSON.stringify(byPath)});\n`
  );
}

/**
 * dist/first-screen.html: the page of a signed-in screen the gateway has drawn. Its stylesheets hold the first paint
 * (the drawn screen needs them); its scripts start once the page has painted (src/boot.ts): asked for beside the
 * stylesheets, they would share a phone's bandwidth with them. The gateway fills its slots with the screen's own
 * stylesheets, its markup and what the app needs to hydrate it.
 */
export function withFirstScreenSlots(indexHtml: string, styles: readonly string[]): string {
  if (!indexHtml.includes(EMPTY_ROOT) || !indexHtml.includes('</head>') || !indexHtml.includes('</body>') || !indexHtml.includes(HTML_START)) {
    throw new Error(`index.html must hold ${HTML_START}, </head>, </body> and ${EMPTY_ROOT}.`);
  }
  const links = styles.filter((href) => !indexHtml.includes(`href="${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  return indexHtml
    // Mantine reads its colours under the scheme <html> names, which the browser otherwise gets only from the app.
    .replace(HTML_START, `<html lang="en" data-mantine-color-scheme="${FIRST_SCREEN_SLOTS.colorScheme}">`)
    .replace('</head>', `${links.map((link) => `  ${link}\n  `).join('')}${FIRST_SCREEN_SLOTS.head}\n  </head>`)
    // Until the app has hydrated it the drawn screen looks ready but answers nothing: the page's guard drops what is
    // meant for it (server/http/first-screen.ts), and src/app/first-screen-state.ts lifts the hold.
    .replace(EMPTY_ROOT, `<div id="root" ${FIRST_SCREEN_HOLD}>${FIRST_SCREEN_SLOTS.root}</div>`)
    .replace('</body>', `${FIRST_SCREEN_SLOTS.state}\n  </body>`);
}

/** The files of the named chunks and of the chunks they import, and the stylesheets they bring, as public paths. */
export function layerPreloads(bundle: Record<string, BundleOutput>, layers: readonly string[]): Preloads {
  const outputs = Object.values(bundle);
  const roots = outputs
    .filter((output) => output.type === 'chunk' && layers.includes(output.name ?? ''))
    .sort((a, b) => layers.indexOf(a.name ?? '') - layers.indexOf(b.name ?? ''));
  const missing = layers.filter((layer) => !roots.some((chunk) => chunk.name === layer));
  if (missing.length > 0) throw new Error(`The build has no chunk for the route layer(s) ${missing.join(', ')} (scripts/route-chunks.ts).`);
  const chunks = chunkClosure(bundle, roots);
  return {
    scripts: [...chunks.keys()].map((file) => `/${file}`),
    styles: [...chunks.values()].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
  };
}

export function firstPaintPlugin(): Plugin {
  return {
    name: 'teller:first-paint',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build has no index.html to write the first-paint pages from.');
      const built = String(index.source);
      this.emitFile({ type: 'asset', fileName: 'login.html', source: withFirstPaint(built, readFileSync(LOGIN_SHELL, 'utf8'), layerPreloads(bundle, LOGIN_LAYERS)) });
      const signedIn = layerPreloads(bundle, SIGNED_IN_LAYERS);
      const modules = screenModules();
      // The scripts Vite's index.html asks for itself (the entry), which every page of it holds.
      const builtScripts = [...built.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
      const onPage = [...signedIn.scripts, ...builtScripts];
      const screens = screenFiles(bundle, modules, [...onPage, ...signedIn.styles]);
      const script = this.emitFile({ type: 'asset', name: 'screen-preloads.js', source: screenPreloadScript(screens) });
      const asyncScripts = [`/${this.getFileName(script)}`];
      index.source = withFirstPaint(built, readFileSync(APP_FRAME, 'utf8'), { ...signedIn, asyncScripts });
      // The gateway knows the screen of a page it draws: it names the screen's files itself (server/http/first-screen.ts).
      this.emitFile({ type: 'asset', fileName: 'first-screen.html', source: withFirstScreenSlots(built, signedIn.styles) });
      const layerScripts = signedIn.scripts.filter((file) => !builtScripts.includes(file));
      const drawnFiles: Record<string, DrawnScreenFiles> = Object.fromEntries(
        Object.entries(screens).map(([path, { styles, scripts }]) => [path, { styles, scripts: [...layerScripts, ...scripts] }]),
      );
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_FILES, source: JSON.stringify(drawnFiles) });
    },
  };
}
