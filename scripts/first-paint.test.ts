// dist/login.html and dist/index.html: Vite's index.html with the sign-in card, or a signed-in screen's frame, painted
// before the app runs (a fast first paint on a phone).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { SCREEN_ROUTES } from '../src/config/routes.ts';
import { layerPreloads, screenFiles, screenModules, screenPreloadScript, withFirstPaint } from './first-paint.ts';

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
/** The start tag of the last element `markup` opens. */
const lastStartTag = (markup: string) => [...markup.matchAll(/<[a-z][^>]*>/g)].at(-1)?.[0];

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

  it('paints nothing before the card is parsed to its last element (regression: a page arriving in pieces painted a partial card, which grew and moved)', () => {
    const page = withFirstPaint(BUILT_INDEX, LOGIN_SHELL);
    expect(head(page)).toContain('<link rel="expect" href="#first-paint-end" blocking="render">');
    const card = page.slice(page.indexOf('<main class="boot" inert>'), page.indexOf('</main>'));
    expect(card.match(/ id="first-paint-end"/g)).toHaveLength(1);
    expect(lastStartTag(card)).toContain(' id="first-paint-end"');
  });

  it('refuses a frame or an index.html it cannot place', () => {
    expect(() => withFirstPaint(BUILT_INDEX, '<style></style><main><p id="first-paint-end"></p><p></p></main>')).toThrow(/mark its last element id="first-paint-end"/);
    expect(() => withFirstPaint(BUILT_INDEX, '<style></style><main></main>')).toThrow(/mark its last element id="first-paint-end"/);
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
    expect(head(page)).toContain('<link rel="expect" href="#first-paint-end" blocking="render">');
    expect(lastStartTag(root.slice(0, root.indexOf('</body>')))).toContain(' id="first-paint-end"');
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
    // In the order of the layers asked for, which is the order the app evaluates them in, not the bundle's.
    expect(layerPreloads(bundle, ['table', 'shell']).scripts).toEqual(['/assets/table-abc.js', '/assets/shell-abc.js']);
    expect(() => layerPreloads(bundle, ['shell', 'screens'])).toThrow(/no chunk for the route layer\(s\) screens/);
  });
});

describe('the screen preloads of index.html', () => {
  const modules = screenModules();
  const module = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
  const bundle = {
    'assets/users-abc.js': { type: 'chunk', name: 'screens', fileName: 'assets/users-abc.js', imports: ['assets/get-user-abc.js', 'assets/table-abc.js'], moduleIds: [`${module('features/users/screens')}.ts`] },
    'assets/get-user-abc.js': { type: 'chunk', name: 'get-user', fileName: 'assets/get-user-abc.js', imports: ['assets/table-abc.js'] },
    'assets/table-abc.js': { type: 'chunk', name: 'table', fileName: 'assets/table-abc.js' },
    'assets/home-abc.js': { type: 'chunk', name: 'HomePage', fileName: 'assets/home-abc.js', moduleIds: [`${module('app/HomePage')}.tsx`] },
  };
  const routes = SCREEN_ROUTES.filter((route) => ['/', '/wallet/users', '/admins', '/remittances/users/:id', '/login'].includes(route.path));
  /** The links the script adds to a page at `pathname`. */
  const linksAt = (script: string, pathname: string) => {
    const head: Record<string, string>[] = [];
    const document = {
      createElement: () => ({ setAttribute(name: string, value: string) { this[name as 'rel'] = value; } }) as Record<string, string> & { setAttribute: (name: string, value: string) => void },
      head: { appendChild: (link: Record<string, string>) => head.push(link) },
    };
    runInNewContext(script, { document, location: { pathname } });
    return head.map(({ rel, href, fetchpriority }) => ({ rel, href, fetchpriority }));
  };

  it('knows the module of every protected screen of the route map', () => {
    for (const route of SCREEN_ROUTES.filter((candidate) => candidate.access === 'protected')) expect(modules.get(route.screen), route.screen).toBeDefined();
    expect(modules.get('walletUsers')).toBe(module('features/users/screens'));
    expect(modules.get('audit')).toBe(module('features/audit/AuditScreen'));
  });

  it('asks for the screen of the address with what it imports, less what the page loads anyway, at any case and trailing slash', () => {
    const script = screenPreloadScript(screenFiles(bundle, modules, ['/assets/table-abc.js'], routes));
    const users = [
      { rel: 'modulepreload', href: '/assets/users-abc.js', fetchpriority: 'low' },
      { rel: 'modulepreload', href: '/assets/get-user-abc.js', fetchpriority: 'low' },
    ];
    expect(linksAt(script, '/wallet/users')).toEqual(users);
    expect(linksAt(script, '/Wallet/Users/')).toEqual(users);
    expect(linksAt(script, '/admins')).toEqual(users);
    expect(linksAt(script, '/')).toEqual([{ rel: 'modulepreload', href: '/assets/home-abc.js', fetchpriority: 'low' }]);
    // A route with parameters, a public route and an unknown address ask for nothing.
    expect(linksAt(script, '/remittances/users/7')).toEqual([]);
    expect(linksAt(script, '/login')).toEqual([]);
    expect(linksAt(script, '/nowhere')).toEqual([]);
  });

  it('refuses a screen without a loader and a loader whose module the build lacks', () => {
    expect(() => screenFiles(bundle, new Map(), [], routes)).toThrow(/no loader for screen home/);
    const { 'assets/home-abc.js': _home, ...withoutHome } = bundle;
    expect(() => screenFiles(withoutHome, modules, [], routes)).toThrow(/no chunk holding .*HomePage, the screen home/);
  });
});
