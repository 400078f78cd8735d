// dist/login.html and dist/index.html: Vite's index.html with the sign-in card, or a signed-in screen's frame, painted
// before the app runs (a fast first paint on a phone).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layerPreloads, withFirstPaint } from './first-paint.ts';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const LOGIN_SHELL = read('../src/features/auth/login-shell.html');
const APP_FRAME = read('../src/app/app-frame.html');
const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Loading...</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/Box-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/Box-abc.css">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const head = (page: string) => page.slice(0, page.indexOf('</head>'));

describe('login.html', () => {
  it('paints the card with its own style, the app\'s stylesheets loading print-only so they do not hold it back', () => {
    const page = withFirstPaint(BUILT_INDEX, LOGIN_SHELL);
    expect(head(page)).toContain('<style>');
    expect(head(page)).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(head(page)).toContain('<link rel="modulepreload" crossorigin href="/assets/Box-abc.js">');
    expect(head(page)).toContain('<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/Box-abc.css">');
    expect(head(page)).toContain('<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/index-abc.css">');
    expect(head(page).indexOf('/assets/index-abc.css')).toBeGreaterThan(head(page).indexOf('/assets/Box-abc.css'));
    expect(page).not.toMatch(/<link rel="stylesheet" crossorigin/);
    expect(page.indexOf('<main class="boot" inert>')).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(page).not.toContain('<!--');
  });

  it('refuses a frame or an index.html it cannot place', () => {
    expect(() => withFirstPaint(BUILT_INDEX, '<main></main>')).toThrow(/one <style> followed by its markup/);
    expect(() => withFirstPaint(BUILT_INDEX, '<style></style>')).toThrow(/one <style> followed by its markup/);
    expect(() => withFirstPaint(BUILT_INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), LOGIN_SHELL)).toThrow(/index.html must hold/);
  });
});

describe('index.html', () => {
  const preloads = { scripts: ['/assets/shell-abc.js', '/assets/table-abc.js'], styles: ['/assets/shell-abc.css'] };

  it('paints an inert frame without landmarks, and asks for the signed-in layers with the app, their styles deferred after the app\'s', () => {
    const page = withFirstPaint(BUILT_INDEX, APP_FRAME, preloads);
    expect(head(page)).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shell-abc.js">');
    expect(head(page)).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/table-abc.js">');
    expect(head(page)).toContain('<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/shell-abc.css">');
    expect(head(page).indexOf('/assets/shell-abc.css')).toBeGreaterThan(head(page).indexOf('/assets/index-abc.css'));
    const root = page.slice(page.indexOf('<div id="root">'));
    expect(root).toMatch(/^<div id="root"><div class="frame" inert>/);
    expect(root).toContain('Loading...');
    expect(root).not.toMatch(/<(main|header|nav)\b/);
  });

  it('does not name a file twice: a layer the page loads already keeps its one link', () => {
    const page = withFirstPaint(BUILT_INDEX, APP_FRAME, { scripts: ['/assets/Box-abc.js', ...preloads.scripts], styles: ['/assets/Box-abc.css'] });
    expect(page.match(/href="\/assets\/Box-abc\.js"/g)).toHaveLength(1);
    expect(page.match(/href="\/assets\/Box-abc\.css"/g)).toHaveLength(1);
  });

  it('takes the layers\' files and styles from the bundle, and refuses a build without them', () => {
    const bundle = {
      'assets/shell-abc.js': { type: 'chunk', name: 'shell', fileName: 'assets/shell-abc.js', viteMetadata: { importedCss: new Set(['assets/shell-abc.css']) } },
      'assets/table-abc.js': { type: 'chunk', name: 'table', fileName: 'assets/table-abc.js', viteMetadata: { importedCss: new Set<string>() } },
      'assets/other-abc.js': { type: 'chunk', name: 'other', fileName: 'assets/other-abc.js' },
      'assets/shell-abc.css': { type: 'asset', name: 'shell', fileName: 'assets/shell-abc.css' },
    };
    expect(layerPreloads(bundle, ['shell', 'table'])).toEqual(preloads);
    expect(() => layerPreloads(bundle, ['shell', 'screens'])).toThrow(/no chunk for the route layer\(s\) screens/);
  });
});
