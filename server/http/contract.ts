// Routes and request validation come from the contract (docs/architecture.md): fastify-openapi-glue registers every
// operation of openapi/gateway.yaml and binds it to the handler of the same operationId.
import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { parse } from 'yaml';
import type { RouteBodyCheck, RouteHandler, Routes } from '../routes/types.ts';
import { asHttpError, bodyFaultError, bodyValidationErrors } from './errors.ts';
import { HttpError } from './jsonapi.ts';
import { bodyFaults } from './validation.ts';

export interface Contract {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** The contract last read from each path, with the file's modification time then. */
const parsed = new Map<string, { modified: number; spec: Contract }>();

/**
 * Reads the contract (YAML or JSON). A process that builds many apps (the gateway tests build one per test) parses
 * the file once while it is unchanged: parsing its YAML was a third of building an app. Each caller gets its own copy,
 * since route registration may change what it is given.
 */
export function loadContract(path: string): Contract {
  const modified = statSync(path).mtimeMs;
  const known = parsed.get(path);
  if (known?.modified === modified) return structuredClone(known.spec);
  const text = readFileSync(path, 'utf8');
  // A JSON copy (the gateway tests' tests/contract-setup.ts) reads far faster with JSON.parse than as YAML.
  const spec: unknown = path.endsWith('.json') ? JSON.parse(text) : parse(text);
  if (typeof spec !== 'object' || spec === null || !('paths' in spec) || !('openapi' in spec)) {
    throw new Error(`${path} is not an OpenAPI document (no openapi or paths).`);
  }
  parsed.set(path, { modified, spec: spec as Contract });
  return structuredClone(spec as Contract);
}

interface BodyRule {
  required: boolean;
  mediaTypes: string[];
}

const JSON_TYPES = ['application/json', 'application/vnd.api+json'];
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch']);

/** operationId → what its request body may be, read from the contract. */
function bodyRules(spec: Contract): Map<string, BodyRule> {
  const rules = new Map<string, BodyRule>();
  for (const pathItem of Object.values(spec.paths)) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!httpMethods.has(method) || !isRecord(operation) || typeof operation.operationId !== 'string') continue;
      const requestBody = resolve(spec, operation.requestBody);
      if (!isRecord(requestBody) || !isRecord(requestBody.content)) continue;
      const mediaTypes = Object.keys(requestBody.content).map((type) => type.toLowerCase());
      if (mediaTypes.some((type) => JSON_TYPES.includes(type))) {
        for (const type of JSON_TYPES) if (!mediaTypes.includes(type)) mediaTypes.push(type);
      }
      rules.set(operation.operationId, { required: requestBody.required === true, mediaTypes });
    }
  }
  return rules;
}

/** Every media type named under a `content` of the contract. */
function mediaTypesOf(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) mediaTypesOf(item, found);
  if (!isRecord(node)) return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'content' && isRecord(value)) for (const type of Object.keys(value)) if (type.includes('/')) found.add(type.toLowerCase());
    mediaTypesOf(value, found);
  }
  return found;
}

function resolve(spec: Contract, value: unknown): unknown {
  if (!isRecord(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  let node: unknown = spec;
  for (const part of value.$ref.slice(2).split('/')) {
    node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return node;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function notImplemented(operationId: string): RouteHandler {
  return async () => {
    throw new HttpError(501, 'Not Implemented', { detail: `Operation ${operationId} is not implemented yet.` });
  };
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** The `{ pointer }` source is this pointer or lies under it. */
function covers(pointer: string, other: string): boolean {
  return other === pointer || other.startsWith(`${pointer}/`);
}

/**
 * Runs the operation's body check. When it refuses the body (422), the schema's complaints about other fields
 * are added, so the answer still names every field at fault once, in the spec's words where the check has them.
 */
async function runBodyCheck(request: FastifyRequest, check: RouteBodyCheck, schema: Record<string, unknown> | undefined): Promise<void> {
  try {
    await check(request.body, request);
  } catch (thrown) {
    const error = asHttpError(thrown);
    if (!error || error.status !== 422 || !schema) throw thrown;
    const validate = request.compileValidationSchema(schema, 'body');
    if (validate(request.body) === true || !validate.errors) throw error;
    const named = error.errors.map((item) => item.source?.pointer).filter((pointer) => pointer !== undefined);
    for (const extra of bodyValidationErrors(validate.errors)) {
      const pointer = extra.source?.pointer;
      if (pointer !== undefined && !named.some((done) => covers(done, pointer) || covers(pointer, done))) error.errors.push(extra);
    }
    throw error;
  }
}

/**
 * Adjusts each contract route before Fastify builds it:
 * - the security handler runs first (onRequest), so a request without a valid token gets 401 before any parsing;
 * - `application/json` and `application/vnd.api+json` bodies validate against the same schema;
 * - multipart bodies are not schema-validated (the upload handler checks parts, sizes and content itself);
 * - a body of an undeclared media type is 415, a missing required body 422;
 * - a parsed body nested too deeply, too large in values, or holding a NUL or a lone surrogate is 422 before
 *   anything else reads it (validation.ts bodyFaults);
 * - the operation's body check (server/routes `bodyChecks`) runs on a JSON body before schema validation, so a
 *   malformed name, phone, e-mail or password answers the spec's message rather than the validator's.
 */
function adjustRoute(route: RouteOptions, rules: Map<string, BodyRule>, bodyChecks: Routes['bodyChecks']): void {
  const schema = route.schema as (Record<string, unknown> & { operationId?: unknown; body?: unknown }) | undefined;
  const operationId = typeof schema?.operationId === 'string' ? schema.operationId : undefined;
  if (!schema || !operationId) return;

  if (route.preHandler) {
    route.onRequest = route.preHandler as onRequestHookHandler;
    delete route.preHandler;
  }

  let jsonBodySchema: Record<string, unknown> | undefined;
  if (isRecord(schema.body) && isRecord(schema.body.content)) {
    const content = schema.body.content;
    const jsonSchema = JSON_TYPES.map((type) => content[type]).find((entry) => entry !== undefined);
    if (jsonSchema) for (const type of JSON_TYPES) content[type] ??= jsonSchema;
    if (isRecord(jsonSchema) && isRecord(jsonSchema.schema)) jsonBodySchema = jsonSchema.schema;
    delete content['multipart/form-data'];
    if (Object.keys(content).length === 0) delete schema.body;
  }

  const rule = rules.get(operationId);
  if (!rule) return;
  const check = bodyChecks[operationId];
  route.preValidation = async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!hasBody(request)) {
      if (rule.required) throw new HttpError(422, 'A request body is required.', { pointer: '/data' });
      return;
    }
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (!mediaType || !rule.mediaTypes.includes(mediaType)) {
      throw new HttpError(415, 'Unsupported Media Type', { detail: `Send the body as ${rule.mediaTypes.join(' or ')}.` });
    }
    const faults = bodyFaults(request.body);
    if (faults) throw bodyFaultError(faults);
    if (check && JSON_TYPES.includes(mediaType)) await runBodyCheck(request, check, jsonBodySchema);
  };
}

export interface ContractRoutesOptions {
  spec: Contract;
  handlers: Routes['handlers'];
  /** Run before schema validation on JSON bodies (see adjustRoute); default none. */
  bodyChecks?: Routes['bodyChecks'];
  securityHandlers: Record<string, (request: FastifyRequest, reply: FastifyReply, scopes: unknown) => Promise<void>>;
}

/** Registers every operation of the contract; an operationId without a handler answers 501. */
export async function registerContractRoutes(app: FastifyInstance, options: ContractRoutesOptions): Promise<void> {
  const rules = bodyRules(options.spec);
  // Media types the contract only answers with (image/png, application/pdf...) are never accepted as a body.
  const refused = [...mediaTypesOf(options.spec)].filter((type) => !app.hasContentTypeParser(type));
  if (refused.length > 0) {
    app.addContentTypeParser(refused, (_request, _payload, done) => {
      done(new HttpError(415, 'Unsupported Media Type'), undefined);
    });
  }
  const bodyChecks = options.bodyChecks ?? {};
  app.addHook('onRoute', (route) => adjustRoute(route, rules, bodyChecks));
  await app.register(openapiGlue, {
    specification: options.spec,
    operationResolver: (operationId: string) => options.handlers[operationId] ?? notImplemented(operationId),
    securityHandlers: options.securityHandlers,
  });
}
