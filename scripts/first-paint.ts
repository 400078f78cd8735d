// What a phone paints before the app's JavaScript has run. The build writes two pages from Vite's index.html, each
// with a frame of plain HTML and CSS in #root (its style in the head) that the app's first render replaces:
// - dist/login.html, sent for /login (server/http/web.ts): the sign-in card of src/features/auth/login-shell.html;
// - dist/index.html, sent for every other page: the frame of a signed-in screen (src/app/app-frame.html).
// Each page asks at once for the route layers (scripts/route-chunks.ts) its first screen needs and their styles,
// which the app would otherwise find only as it runs.
// On both the app's stylesheets load print-only, which holds nothing back, and the app turns them on in place once
// they have loaded, before its first render (src/app/deferred-styles.ts), so they keep their place ahead of the
// stylesheets later chunks add.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const LOGIN_SHELL = fileURLToPath(new URL('../src/features/auth/login-shell.html', import.meta.url));
const APP_FRAME = fileURLToPath(new URL('../src/app/app-frame.html', import.meta.url));
/** The route layers (scripts/route-chunks.ts) each page asks for with itself: the entry (src/boot.ts) imports the
 * app only once the page has painted, and a signed-in first load needs the shell and table too. */
const LOGIN_LAYERS = ['react', 'app'];
const SIGNED_IN_LAYERS = ['react', 'app', 'shell', 'table'];
const EMPTY_ROOT = '<div id="root"></div>';
const STYLESHEET = /(<link rel="stylesheet")/g;
/** Marks the stylesheets the app turns on (src/app/deferred-styles.ts). */
const DEFERRED_STYLE = 'data-deferred-style';

/** Scripts and stylesheets a page asks for with its own, by their public paths. */
export interface Preloads {
  scripts: readonly string[];
  styles: readonly string[];
}

const NO_PRELOADS: Preloads = { scripts: [], styles: [] };

/** index.html with `frameHtml`'s style before </head>, its markup (what follows the style) in the empty #root, and `preloads`. */
export function withFirstPaint(indexHtml: string, frameHtml: string, preloads: Preloads = NO_PRELOADS): string {
  const style = /<style>[\s\S]*?<\/style>/.exec(frameHtml);
  const markup = style ? frameHtml.slice(style.index + style[0].length).trim() : '';
  if (!style || !markup) throw new Error('A first-paint frame must hold one <style> followed by its markup.');
  if (!indexHtml.includes(EMPTY_ROOT) || !indexHtml.includes('</head>')) throw new Error(`index.html must hold </head> and ${EMPTY_ROOT}.`);
  const named = (href: string) => indexHtml.includes(`href="${href}"`);
  const links = [
    // Not needed for the first paint, which the page's own frame makes: at high priority the browser would count them
    // as holding it back.
    ...preloads.scripts.filter((href) => !named(href)).map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`),
    ...preloads.styles.filter((href) => !named(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ];
  return indexHtml
    .replace('</head>', `${links.map((link) => `  ${link}\n  `).join('')}</head>`)
    .replace(STYLESHEET, `$1 media="print" ${DEFERRED_STYLE}`)
    .replace('</head>', `${style[0]}\n  </head>`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

interface BundleOutput {
  type: string;
  name?: string;
  fileName: string;
  imports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The files of the named chunks and of the chunks they import, and the stylesheets they bring, as public paths. */
export function layerPreloads(bundle: Record<string, BundleOutput>, layers: readonly string[]): Preloads {
  const outputs = Object.values(bundle);
  const roots = outputs.filter((output) => output.type === 'chunk' && layers.includes(output.name ?? ''));
  const missing = layers.filter((layer) => !roots.some((chunk) => chunk.name === layer));
  if (missing.length > 0) throw new Error(`The build has no chunk for the route layer(s) ${missing.join(', ')} (scripts/route-chunks.ts).`);
  const chunks = new Map<string, BundleOutput>();
  const add = (chunk: BundleOutput | undefined) => {
    if (!chunk || chunks.has(chunk.fileName)) return;
    chunks.set(chunk.fileName, chunk);
    for (const imported of chunk.imports ?? []) add(bundle[imported]);
  };
  roots.forEach(add);
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
      index.source = withFirstPaint(built, readFileSync(APP_FRAME, 'utf8'), layerPreloads(bundle, SIGNED_IN_LAYERS));
    },
  };
}
