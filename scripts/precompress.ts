// Compresses the built web app once, at build: `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside each
// text file of dist/, which the gateway sends by Accept-Encoding (server/http/web.ts, @fastify/static preCompressed).
// Wired into vite.config.ts as a plugin.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text formats; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);

interface PrecompressedFile {
  file: string;
  bytes: number;
  br: number | null;
  gz: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Vite's own folder (.vite/manifest.json) is read at build, never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Writes each variant only when it is smaller than the file: the gateway sends the file itself otherwise. */
async function precompressFile(file: string): Promise<PrecompressedFile> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const kept = async (variant: Buffer, suffix: string) => {
    if (variant.length >= content.length) return null;
    await writeFile(`${file}${suffix}`, variant);
    return variant.length;
  };
  return { file, bytes: content.length, br: await kept(br, '.br'), gz: await kept(gz, '.gz') };
}

/** Precompresses every text file under `dir`. */
async function precompress(dir: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.has(extname(file)));
  return Promise.all(files.map(precompressFile));
}

/**
 * The Vite plugin: precompresses the output folder once the build has written it (public/ files included).
 * TELLER_PRECOMPRESS=0 leaves it out (the gateway then sends the files themselves): a build only a test serves
 * (tests/e2e/config-build.ts) saves the compression's seconds of CPU.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'teller:precompress',
    apply: (_config, { command }) => command === 'build' && process.env.TELLER_PRECOMPRESS !== '0',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
