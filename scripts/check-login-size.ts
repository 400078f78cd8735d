// Fails when what the login route sends a browser exceeds its budget (150 KB): the bytes that travel, as the gateway
// serves them to a browser that accepts brotli. Asks the gateway itself (in-process, over the built dist/) for
// /login, then for every script, module preload and stylesheet the page names, every chunk they import and, when the
// login screen is a lazy chunk, that chunk and its imports and styles (Vite's manifest), and /config.json.
//   npx tsx scripts/check-login-size.ts [dist]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '../server/app.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const LIMIT_BYTES = 150 * 1024;
const ACCEPT_ENCODING = 'br, gzip';
const distDir = resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The files a manifest entry loads: its own, its static imports' and their styles. */
function closure(key: string, files: Set<string>, seen = new Set<string>()): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imported of chunk.imports ?? []) closure(imported, files, seen);
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

const dataDir = mkdtempSync(join(tmpdir(), 'teller-login-size-'));
const app = await buildApp({ databaseUrl: ':memory:', dataDir, demo: false, web: { root: distDir, gatewayUrl: '' } });
try {
  const page = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': ACCEPT_ENCODING } });
  if (page.statusCode !== 200) throw new Error(`GET /login answered ${page.statusCode}: is ${distDir} a build?`);
  const html = decoded(page.rawPayload, page.headers['content-encoding'] as string | undefined);

  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+)"[^>]*>/g)) {
    const tag = match[0];
    const path = match[1];
    if (path && (tag.startsWith('<script') || /rel="(?:stylesheet|modulepreload|preload|icon)"/.test(tag))) files.add(path);
  }
  closure('index.html', files);
  // A lazy login screen is fetched right after the entry runs: its chunk counts too.
  closure('src/features/auth/LoginPage.tsx', files);

  const sent: Array<{ path: string; bytes: number; encoding: string }> = [{ path: '/login', bytes: page.rawPayload.length, encoding: String(page.headers['content-encoding'] ?? 'identity') }];
  for (const path of [...files].sort()) {
    const res = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': ACCEPT_ENCODING } });
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
    sent.push({ path, bytes: res.rawPayload.length, encoding: String(res.headers['content-encoding'] ?? 'identity') });
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const { path, bytes, encoding } of sent) console.log(`  ${kb(bytes).padStart(9)}  ${encoding.padEnd(8)} ${path}`);
  const sum = (pattern: RegExp) => sent.filter(({ path }) => pattern.test(path)).reduce((total, { bytes }) => total + bytes, 0);
  const total = sum(/./);
  const verdict = total <= LIMIT_BYTES ? 'ok' : 'over budget';
  console.log(
    `login route as served (Accept-Encoding: ${ACCEPT_ENCODING}): ${kb(total)} in ${sent.length} answers ` +
      `(JavaScript ${kb(sum(/\.js$/))}, CSS ${kb(sum(/\.css$/))}, HTML, config and icon ${kb(sum(/^\/(login|config\.json|favicon\.svg)$/))}); limit ${kb(LIMIT_BYTES)}: ${verdict}`,
  );
  if (total > LIMIT_BYTES) process.exitCode = 1;
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
