// dist/login.html: index.html with the sign-in card painted before the app runs (a fast first paint on a phone).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withLoginShell } from './login-shell.ts';

const SHELL = readFileSync(fileURLToPath(new URL('../src/features/auth/login-shell.html', import.meta.url)), 'utf8');
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

describe('login.html', () => {
  it('paints the card with its own style, the app\'s stylesheets loading print-only so they do not hold it back', () => {
    const page = withLoginShell(BUILT_INDEX, SHELL);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<style>');
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Box-abc.js">');
    expect(head).toContain('<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/Box-abc.css">');
    expect(head).toContain('<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/index-abc.css">');
    expect(head.indexOf('/assets/index-abc.css')).toBeGreaterThan(head.indexOf('/assets/Box-abc.css'));
    expect(page).not.toMatch(/<link rel="stylesheet" crossorigin/);
    expect(page.indexOf('<main class="boot" inert>')).toBeGreaterThan(page.indexOf('<div id="root">'));
  });

  it('refuses a shell or an index.html it cannot place', () => {
    expect(() => withLoginShell(BUILT_INDEX, '<main></main>')).toThrow(/one <style> and one <main>/);
    expect(() => withLoginShell(BUILT_INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), SHELL)).toThrow(/index.html must hold/);
  });
});
