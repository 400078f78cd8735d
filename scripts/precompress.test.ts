// The build writes `<file>.br` and `<file>.gz` beside each text file of dist/, which the gateway serves by
// Accept-Encoding (regression: every asset was sent uncompressed).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { precompressPlugin } from './precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function build(files: Record<string, string | Buffer>): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'teller-precompress-'));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, 'dist', name, '..'), { recursive: true });
    writeFileSync(join(root, 'dist', name), content);
  }
  const plugin: Plugin = precompressPlugin();
  (plugin.configResolved as (config: { root: string; build: { outDir: string } }) => void)({ root, build: { outDir: 'dist' } });
  await (plugin.closeBundle as () => Promise<void>)();
  return join(root, 'dist');
}

describe('precompressPlugin', () => {
  it('writes brotli and gzip beside the text files, not beside images, variants or Vite\'s own folder', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, index) => ({ index, label: 'a row' })))};`;
    const dist = await build({
      'index.html': `<!doctype html><title>Loading...</title>${'<meta name="x" content="y">'.repeat(40)}`,
      'assets/app-abc.js': script,
      'assets/app-abc.css': '.a{color:red}'.repeat(200),
      'assets/logo.png': Buffer.alloc(4000, 7),
      '.vite/manifest.json': JSON.stringify({ 'index.html': { file: 'assets/app-abc.js' } }).repeat(50),
    });
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets/app-abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dist, 'assets/app-abc.js.gz'))).toString()).toBe(script);
    for (const file of ['index.html', 'assets/app-abc.css']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(true);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(true);
    }
    for (const file of ['assets/logo.png.br', 'assets/logo.png.gz', '.vite/manifest.json.br', 'assets/app-abc.js.br.gz', 'assets/app-abc.js.br.br']) {
      expect(existsSync(join(dist, file)), file).toBe(false);
    }
  });

  it('writes no variant that would not be smaller than the file', async () => {
    const dist = await build({ 'favicon.svg': '<svg/>' });
    expect(existsSync(join(dist, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(dist, 'favicon.svg.gz'))).toBe(false);
  });
});
