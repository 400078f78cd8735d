// The gateway compiled to JavaScript (part of `npm run build`), so production starts with plain `node
// dist-gateway/server/main.js`, without a TypeScript loader. Every file the gateway can load keeps its place under
// dist-gateway/ (server/..., src/config/...): route files and migrations are found by reading their folder at start,
// and the code finds the repository's files from its own place (server/paths.ts). Each file is compiled on its own
// with its imports left as imports, their `.ts` turned into `.js`; JSON a file imports is written into it.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

const OUT = 'dist-gateway';

/** What the gateway loads by name at run time rather than by an import: every route file and every migration. */
function loadedByName(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(name) && !name.startsWith('_'))
    .map((name) => join(dir, name));
}

const entries = [
  'server/main.ts',
  'src/config/check/health.ts',
  ...loadedByName('server/routes'),
  ...loadedByName('server/db/migrations'),
];

/** Packages stay imports; a relative import of TypeScript stays an import of the compiled file beside it. */
const keepImports: Plugin = {
  name: 'keep-imports',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      if (/\.tsx?$/.test(args.path)) return { path: args.path.replace(/\.tsx?$/, '.js'), external: true };
      if (args.path.endsWith('.mjs')) return { path: args.path, external: true };
      return undefined;
    });
  },
};

// First the files the entries reach, then each compiled on its own.
const reach = await build({ entryPoints: entries, bundle: true, packages: 'external', platform: 'node', format: 'esm', write: false, metafile: true, outdir: OUT, logLevel: 'error' });
const sources = Object.keys(reach.metafile.inputs).filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules'));

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: sources,
  outbase: '.',
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [keepImports],
  logLevel: 'warning',
});
// The config checker's thread is plain JavaScript already.
for (const file of ['src/config/check/health-worker.mjs']) {
  mkdirSync(dirname(join(OUT, file)), { recursive: true });
  copyFileSync(file, join(OUT, file));
}
console.log(`Gateway compiled: ${sources.length} files into ${relative('.', OUT)}/ (start: node ${OUT}/server/main.js)`);
