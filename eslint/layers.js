// docs/architecture.md, layout: imports flow one way, app → features → render / flows → config / api,
// features never import each other, and server/ and src/ share only the generated contract, the config types and the page contract.
// docs/architecture.md, conventions: the gateway's domain never knows HTTP: server/domain imports neither server/http, server/routes nor
// Fastify; it returns outcomes and refusals that the routes map to status codes.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Layer of a file, or undefined for files outside the layered tree (tests, scripts). */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'server') return { name: 'server', part: rel.length > 2 ? rel[1] : undefined };
  if (rel[0] !== 'src') return undefined;
  if (rel[1] === 'features') return { name: 'features', feature: rel[2] };
  return { name: (rel[1] ?? '').replace(/\.tsx?$/, '') };
}

/** What each layer may import from src/. */
const allowed = {
  // The page's entry: it only starts the app (src/boot.ts).
  boot: ['main'],
  main: ['app', 'api', 'config', 'render', 'flows', 'features', 'generated'],
  // The gateway's render of first screens (server/http/first-screen.ts): the app, as main starts it.
  'entry-server': ['app', 'api', 'config', 'render', 'flows', 'features', 'generated'],
  app: ['app', 'features', 'render', 'flows', 'config', 'api', 'generated'],
  features: ['render', 'flows', 'config', 'api', 'generated'],
  render: ['render', 'config', 'api', 'generated'],
  flows: ['flows', 'config', 'api'],
  config: ['config', 'api', 'generated'],
  api: ['api'],
  generated: ['generated', 'api', 'config'],
  test: ['test', 'api', 'config', 'render', 'flows', 'features', 'app', 'generated'],
};

// The generated types server/ and src/ share: the contract's, and the config files' (which src/ imports by layer).
const sharedContract = path.join(root, 'src', 'api', 'gateway.d.ts');
const sharedConfigTypes = path.join(root, 'src', 'generated', 'config-types.ts');
// What the gateway's drawn pages and the app agree on (the session's storage keys, the drawn screen's names).
const sharedPageContract = path.join(root, 'src', 'api', 'page-contract.ts');
const isFile = (resolved, file) => resolved === file || resolved === file.replace(/(\.d)?\.ts$/, '');

/** The gateway's HTTP side, which the domain must not import. */
const httpParts = ['http', 'routes'];

function domainMessage(what) {
  return `server/domain must not import ${what}: return an outcome or throw a DomainRefusal, and let the route map it to HTTP`;
}

function isFastify(spec) {
  return spec === 'fastify' || spec.startsWith('fastify/') || spec.startsWith('@fastify/') || spec.startsWith('fastify-');
}

function problem(from, target) {
  if (!from || !target) return undefined;
  if (from.name === 'server') {
    if (target.name !== 'server') return 'server/ may import from src/ only the generated contract, the config types and the page contract';
    return from.part === 'domain' && httpParts.includes(target.part) ? domainMessage(`server/${target.part}`) : undefined;
  }
  if (target.name === 'server') return 'src/ must not import server/ code';
  if (from.name === 'features' && target.name === 'features') {
    return from.feature === target.feature ? undefined : `feature "${from.feature}" must not import feature "${target.feature}"; move the shared part down to render, flows, config or api`;
  }
  const may = allowed[from.name] ?? [];
  return may.includes(target.name) ? undefined : `src/${from.name} must not import src/${target.name} (imports flow app → features → render/flows → config/api)`;
}

export default {
  rules: {
    'one-way-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        // A test may compose layers (a machine test with the real compiled form); only the server/src wall holds.
        const isTest = /\.test\.tsx?$/.test(context.filename);
        const from = layerOf(context.filename);
        function check(node) {
          const spec = node.source?.value;
          if (!from || typeof spec !== 'string') return;
          if (!spec.startsWith('.')) {
            if (from.name === 'server' && from.part === 'domain' && isFastify(spec)) context.report({ node: node.source, message: domainMessage(spec) });
            return;
          }
          const resolved = path.resolve(path.dirname(context.filename), spec.split('?')[0]);
          if (isFile(resolved, sharedContract)) return;
          if (from.name === 'server' && (isFile(resolved, sharedConfigTypes) || isFile(resolved, sharedPageContract))) return;
          const target = layerOf(resolved);
          const message = isTest && from.name !== 'server' && target?.name !== 'server' ? undefined : problem(from, target);
          if (message) context.report({ node: node.source, message });
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
