// Writes dist/login.html: the built index.html with the sign-in card of src/features/auth/login-shell.html painted
// in #root (its style in the head), so /login shows the card before the app's JavaScript has run. The gateway sends
// it for /login (server/http/web.ts); the app's first render replaces the card with the working one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHELL = fileURLToPath(new URL('../src/features/auth/login-shell.html', import.meta.url));
const EMPTY_ROOT = '<div id="root"></div>';
const STYLESHEET = /(<link rel="stylesheet")/g;
/** Marks the stylesheets the app turns on (src/app/deferred-styles.ts). */
const DEFERRED_STYLE = 'data-deferred-style';

/** index.html with the shell's style before </head> and its markup in the empty #root. */
export function withLoginShell(indexHtml: string, shellHtml: string): string {
  const style = /<style>[\s\S]*?<\/style>/.exec(shellHtml)?.[0];
  const markup = /<main[\s\S]*<\/main>/.exec(shellHtml)?.[0];
  if (!style || !markup) throw new Error('src/features/auth/login-shell.html must hold one <style> and one <main>.');
  if (!indexHtml.includes(EMPTY_ROOT) || !indexHtml.includes('</head>')) throw new Error(`index.html must hold </head> and ${EMPTY_ROOT}.`);
  // The app's stylesheets load as print-only, which holds nothing back, so the card paints with its own style at once;
  // the app turns them on in place once they have loaded, before its first render (src/app/deferred-styles.ts), so
  // they keep their place ahead of the stylesheets later chunks add.
  return indexHtml
    .replace(STYLESHEET, `$1 media="print" ${DEFERRED_STYLE}`)
    .replace('</head>', `${style}\n  </head>`)
    .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
}

export function loginShellPlugin(): Plugin {
  return {
    name: 'teller:login-shell',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build has no index.html to write login.html from.');
      this.emitFile({ type: 'asset', fileName: 'login.html', source: withLoginShell(String(index.source), readFileSync(SHELL, 'utf8')) });
    },
  };
}
