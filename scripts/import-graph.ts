// The import graph of src/, server/ and scripts/, and what must never be in it: a circle of files importing one
// another, or an import the layers refuse (eslint/layers.js importProblem: an arrow up the layers, the gateway reaching
// into the web app, product code importing scripts/). The lint rule reads one file at a time and skips generated
// code; this reads every edge TypeScript resolves (type-only, dynamic, re-exports), plus import.meta.glob and tsx's
// tsImport, over every .ts, .tsx, .js and .mjs file, the generated form validators included once built. A worker's
// URL is not an import: the worker runs its module in a realm of its own.
//
//   npx tsx scripts/import-graph.ts     prints the circles and the refused imports; exits 1 on any
//
// scripts/import-graph.test.ts runs it on the repository.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { importProblem } from '../eslint/layers.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TREES = ['src', 'server', 'scripts'];
const CODE = /\.(ts|tsx|js|mjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'dist-server']);

/** File (repository-relative, posix) → the files of the graph it imports. */
export type ImportGraph = Map<string, Set<string>>;

export interface RefusedImport {
  from: string;
  to: string;
  why: string;
}

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return CODE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const posix = (rootDir: string, file: string) => path.relative(rootDir, file).split(path.sep).join('/');

/** What a file imports by a string that is not an import statement: import.meta.glob patterns, tsx's tsImport. */
function loadedBy(text: string): { globs: string[]; paths: string[] } {
  const globs: string[] = [];
  for (const call of text.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const pattern of (call[1] ?? '').matchAll(/'([^']*)'|"([^"]*)"/g)) globs.push(pattern[1] ?? pattern[2] ?? '');
  }
  const paths = [...text.matchAll(/tsImport\(\s*'(\.[^']*)'/g)].map((match) => match[1] ?? '');
  return { globs, paths };
}

/** The files a glob of one folder (`*` within a name) matches; a leading `/` is the repository root, as in Vite. */
function globFiles(rootDir: string, from: string, pattern: string): string[] {
  const absolute = pattern.startsWith('/') ? path.join(rootDir, pattern) : path.resolve(path.dirname(from), pattern);
  const dir = path.dirname(absolute);
  const name = new RegExp(`^${path.basename(absolute).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return existsSync(dir) ? readdirSync(dir).filter((entry) => name.test(entry)).map((entry) => path.join(dir, entry)) : [];
}

/** Every import between the code files of src/, server/ and scripts/ under `rootDir`. */
export function importGraph(rootDir: string = repositoryRoot): ImportGraph {
  const config = ts.readConfigFile(path.join(rootDir, 'tsconfig.json'), ts.sys.readFile).config ?? {};
  const options = { ...ts.parseJsonConfigFileContent(config, ts.sys, rootDir).options, allowJs: true };
  const cache = ts.createModuleResolutionCache(rootDir, (name) => name, options);
  const files = TREES.flatMap((tree) => codeFiles(path.join(rootDir, tree)));
  const inGraph = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    const add = (target: string | undefined) => {
      if (target && inGraph.has(target) && target !== file) targets.add(posix(rootDir, target));
    };
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.') && !fileName.startsWith('/')) continue;
      const resolved = ts.resolveModuleName(fileName.split('?')[0] ?? fileName, file, options, ts.sys, cache).resolvedModule;
      add(resolved && path.resolve(resolved.resolvedFileName));
    }
    const { globs, paths } = loadedBy(text);
    for (const pattern of globs) for (const target of globFiles(rootDir, file, pattern)) add(target);
    for (const target of paths) add(path.resolve(path.dirname(file), target));
    graph.set(posix(rootDir, file), targets);
  }
  return graph;
}

/** Every circle: each group of files that reach one another through imports (Tarjan's strongly connected components). */
export function circles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Every import the layers refuse, with the rule's reason. */
export function refusedImports(graph: ImportGraph, rootDir: string = repositoryRoot): RefusedImport[] {
  return [...graph].flatMap(([from, targets]) =>
    [...targets].flatMap((to) => {
      const why = importProblem(path.join(rootDir, from), path.join(rootDir, to));
      return why ? [{ from, to, why }] : [];
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const graph = importGraph();
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
  const found = circles(graph);
  const refused = refusedImports(graph);
  console.log(`import graph: ${graph.size} files, ${edges} imports (src/, server/, scripts/)`);
  console.log(`circles: ${found.length}`);
  for (const group of found) console.log(`  ${group.join(' ↔ ')}`);
  console.log(`imports against the layers: ${refused.length}`);
  for (const { from, to, why } of refused) console.log(`  ${from} → ${to}: ${why}`);
  if (found.length > 0 || refused.length > 0) process.exit(1);
}
