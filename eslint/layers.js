// docs/architecture.md, layout: imports flow one way, app → features → render / flows → config / api → lib,
// features never import each other, and server/ and src/ share only the generated contract, the config types, the page
// contract and the config checker. scripts/ sits above both: a script may import any of them, and nothing the product
// runs imports a script.
// docs/architecture.md, conventions: the gateway's domain never knows HTTP: server/domain imports neither server/http, server/routes nor
// Fastify; it returns outcomes and refusals that the routes map to status codes.
// scripts/import-graph.ts applies these same rules to every import of src/, server/ and scripts/ (generated files and
// import.meta.glob too) and finds the import circles, which a rule that reads one file at a time cannot.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Layer of a file, or undefined for files outside the layered tree (tests/, eslint/, config files). */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'server') return { name: 'server', part: rel.length > 2 ? rel[1] : undefined };
  if (rel[0] === 'scripts') return { name: 'scripts' };
  if (rel[0] !== 'src') return undefined;
  if (rel[1] === 'features') return { name: 'features', feature: rel[2] };
  return { name: (rel[1] ?? '').replace(/\.tsx?$/, '') };
}

/** What each layer may import from src/. */
const allowed = {
  // The page's entry: it only starts the app (src/boot.ts), its libraries' layers first (src/lib/first-layers), and
  // reads the page contract (src/api/page-contract.ts, see importProblem).
  boot: ['main', 'lib'],
  main: ['app', 'api', 'config', 'render', 'flows', 'features', 'generated', 'lib'],
  // The gateway's render of first screens (server/http/first-screen.ts): the app, as main starts it.
  'entry-server': ['app', 'api', 'config', 'render', 'flows', 'features', 'generated', 'lib'],
  app: ['app', 'features', 'render', 'flows', 'config', 'api', 'generated', 'lib'],
  features: ['render', 'flows', 'config', 'api', 'generated', 'lib'],
  render: ['render', 'config', 'api', 'generated', 'lib'],
  flows: ['flows', 'config', 'api', 'lib'],
  config: ['config', 'api', 'generated', 'lib'],
  api: ['api', 'lib'],
  // Generated code: the config types import nothing, the form validators only the validator runtime (src/lib).
  generated: ['generated', 'lib'],
  // Code every layer may use and that uses none of them (the validator runtime).
  lib: ['lib'],
  test: ['test', 'api', 'config', 'render', 'flows', 'features', 'app', 'generated', 'lib'],
};

/** How high a layer sits: one above the highest layer it may import (lib and api: 0). */
function rankOf(name, seen = new Set()) {
  if (seen.has(name)) throw new Error(`eslint/layers.js: the layers ${[...seen, name].join(' → ')} import each other in \`allowed\``);
  const below = (allowed[name] ?? []).filter((other) => other !== name);
  return below.length === 0 ? 0 : 1 + Math.max(...below.map((other) => rankOf(other, new Set([...seen, name]))));
}
const ranks = Object.fromEntries(Object.keys(allowed).map((name) => [name, rankOf(name)]));

// The generated types server/ and src/ share: the contract's, and the config files' (which src/ imports by layer).
const sharedContract = path.join(root, 'src', 'api', 'gateway.d.ts');
const sharedConfigTypes = path.join(root, 'src', 'generated', 'config-types.ts');
// What the gateway's drawn pages and the app agree on (the session's storage keys, the drawn screen's names).
const sharedPageContract = path.join(root, 'src', 'api', 'page-contract.ts');
// The config checker: check:config at build and the gateway's getConfigHealth run the same one. Node-side code of the
// config layer; the rest of src/config is the browser's (import.meta.glob, React contexts) and stays out of server/.
const sharedConfigChecker = path.join(root, 'src', 'config', 'check');
const isFile = (resolved, file) => resolved === file || resolved === file.replace(/(\.d)?\.ts$/, '');

/** Whether the gateway may import this file of src/. */
function isShared(resolved) {
  return (
    isFile(resolved, sharedContract) ||
    isFile(resolved, sharedConfigTypes) ||
    isFile(resolved, sharedPageContract) ||
    resolved.startsWith(sharedConfigChecker + path.sep)
  );
}

/** The gateway's HTTP side, which the domain must not import. */
const httpParts = ['http', 'routes'];

function domainMessage(what) {
  return `server/domain must not import ${what}: return an outcome or throw a DomainRefusal, and let the route map it to HTTP`;
}

function isFastify(spec) {
  return spec === 'fastify' || spec.startsWith('fastify/') || spec.startsWith('@fastify/') || spec.startsWith('fastify-');
}

const SERVER_WALL = 'server/ may import from src/ only the generated contract, the config types, the page contract and the config checker (src/config/check/)';
const SCRIPTS_WALL = 'src/ and server/ must not import scripts/: move what the product runs into a layer both sides may use (src/config/check/, src/lib/)';

/**
 * Why importing `resolved` (an absolute path, extension optional) from `file` breaks the layers, or undefined.
 * A test may compose layers side by side (a machine test with the real compiled form) and use a script's tool, but
 * not reach up: a test that needs a higher layer belongs to that layer.
 */
export function importProblem(file, resolved) {
  const from = layerOf(file);
  const target = layerOf(resolved);
  if (!from || !target) return undefined;
  if (from.name === 'scripts') return undefined;
  const isTest = /\.test\.tsx?$/.test(file);
  if (from.name === 'server') {
    if (target.name === 'scripts') return isTest ? undefined : SCRIPTS_WALL;
    if (target.name !== 'server') return isShared(resolved) ? undefined : SERVER_WALL;
    return from.part === 'domain' && httpParts.includes(target.part) ? domainMessage(`server/${target.part}`) : undefined;
  }
  if (target.name === 'server') return 'src/ must not import server/ code';
  if (target.name === 'scripts') return isTest ? undefined : SCRIPTS_WALL;
  if (isFile(resolved, sharedContract)) return undefined;
  // The entry reads what the drawn page names for it (the scripts to ask for after the paint).
  if (from.name === 'boot' && isFile(resolved, sharedPageContract)) return undefined;
  if (from.name === 'features' && target.name === 'features') {
    if (from.feature === target.feature || isTest) return undefined;
    return `feature "${from.feature}" must not import feature "${target.feature}"; move the shared part down to render, flows, config or api`;
  }
  const may = allowed[from.name] ?? [];
  if (may.includes(target.name)) return undefined;
  if (isTest && (ranks[target.name] ?? 0) <= (ranks[from.name] ?? 0)) return undefined;
  return `src/${from.name} must not import src/${target.name} (imports flow app → features → render/flows → config/api → lib)`;
}

export default {
  rules: {
    'one-way-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        function check(node) {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          if (!spec.startsWith('.')) {
            const from = layerOf(context.filename);
            if (from?.name === 'server' && from.part === 'domain' && isFastify(spec)) context.report({ node: node.source, message: domainMessage(spec) });
            return;
          }
          const message = importProblem(context.filename, path.resolve(path.dirname(context.filename), spec.split('?')[0]));
          if (message) context.report({ node: node.source, message });
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
