import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { parse } from 'yaml';
import { preparedContract } from '../../server/testing/contract-json.ts';

/**
 * Response validation against the contract (`openapi/gateway.yaml`), for gateway tests:
 *
 *   const res = await app.inject({ method: 'GET', url: '/api/v1/um/User/u-1?include=account' });
 *   expectMatchesContract(res, 'getUser');
 *
 * A status code the operation does not document, an undocumented content type, a body that breaks the
 * documented schema or a missing required header all throw a ContractError that lists what is wrong.
 */

export const CONTRACT_FILE = fileURLToPath(new URL('../../openapi/gateway.yaml', import.meta.url));

// Component schemas are registered under this id so that `#/components/schemas/X` refs resolve in ajv.
const SCHEMA_BASE = 'https://teller.test/contract/gateway.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export class ContractError extends Error {
  override name = 'ContractError';
}

type JsonObject = { [key: string]: unknown };

export type OperationRef = string | { method: string; path: string };
export type ResponseHeaders = Record<string, string | string[] | number | undefined>;

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  specGap: boolean;
  specGapDecision: string | undefined;
  /** documented status codes (and ranges such as 2XX), as written in the contract */
  statuses: string[];
}

interface HeaderSpec {
  name: string;
  required: boolean;
  schema: JsonObject | undefined;
}

interface ResponseSpec {
  headers: HeaderSpec[];
  /** media type (lowercase) → schema; an empty map means the response has no body */
  content: Map<string, JsonObject | undefined>;
}

interface IndexedOperation extends ContractOperation {
  pattern: RegExp;
  literalSegments: number;
  responses: Map<string, ResponseSpec>;
  requestBody: Map<string, JsonObject | undefined>;
}

interface Contract {
  document: JsonObject;
  operations: IndexedOperation[];
  byId: Map<string, IndexedOperation>;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, where: string): JsonObject {
  if (!isObject(value)) throw new ContractError(`openapi/gateway.yaml: ${where} is not an object`);
  return value;
}

function optionalObject(value: unknown, where: string): JsonObject {
  return value === undefined ? {} : objectAt(value, where);
}

/** Follows a local `$ref` (`#/components/responses/X`) to the object it names. */
function deref(document: JsonObject, value: unknown, where: string): JsonObject {
  const node = objectAt(value, where);
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (!ref.startsWith('#/')) throw new ContractError(`${where}: only local $refs are supported, got ${ref}`);
  let target: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[key] : undefined;
  }
  return deref(document, target, ref);
}

/** Makes an OpenAPI schema an ajv schema: component refs become absolute, `x-` extensions are dropped. */
function toAjvSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toAjvSchema);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('x-')) continue;
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      out[key] = `${SCHEMA_BASE}#/$defs/${child.slice('#/components/schemas/'.length)}`;
    } else {
      out[key] = toAjvSchema(child);
    }
  }
  return out;
}

function readContent(content: unknown, where: string): Map<string, JsonObject | undefined> {
  const media = new Map<string, JsonObject | undefined>();
  for (const [type, spec] of Object.entries(optionalObject(content, where))) {
    const schema = objectAt(spec, `${where}.${type}`).schema;
    media.set(type.toLowerCase(), schema === undefined ? undefined : objectAt(schema, `${where}.${type}.schema`));
  }
  return media;
}

function readResponse(document: JsonObject, value: unknown, where: string): ResponseSpec {
  const response = deref(document, value, where);
  const headers: HeaderSpec[] = [];
  for (const [name, raw] of Object.entries(optionalObject(response.headers, `${where}.headers`))) {
    const header = deref(document, raw, `${where}.headers.${name}`);
    const schema = header.schema === undefined ? undefined : objectAt(header.schema, `${where}.headers.${name}.schema`);
    headers.push({ name, required: header.required === true, schema });
  }
  return { headers, content: readContent(response.content, `${where}.content`) };
}

function templatePattern(path: string): { pattern: RegExp; literalSegments: number } {
  const segments = path.split('/').filter((segment) => segment !== '');
  const parts = segments.map((segment) =>
    /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return {
    pattern: new RegExp(`^/${parts.join('/')}/?$`),
    literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
  };
}

function indexOperations(document: JsonObject): IndexedOperation[] {
  const operations: IndexedOperation[] = [];
  for (const [path, rawItem] of Object.entries(objectAt(document.paths, 'paths'))) {
    const item = objectAt(rawItem, `paths.${path}`);
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const where = `paths.${path}.${method}`;
      const operation = objectAt(item[method], where);
      const { operationId } = operation;
      if (typeof operationId !== 'string') throw new ContractError(`${where} has no operationId`);
      const responses = new Map<string, ResponseSpec>();
      for (const [status, response] of Object.entries(objectAt(operation.responses, `${where}.responses`))) {
        responses.set(status.toUpperCase(), readResponse(document, response, `${where}.responses.${status}`));
      }
      const requestBody =
        operation.requestBody === undefined
          ? new Map<string, JsonObject | undefined>()
          : readContent(deref(document, operation.requestBody, `${where}.requestBody`).content, `${where}.requestBody`);
      const decision = operation['x-spec-gap-decision'];
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        specGap: operation['x-spec-gap'] === true,
        specGapDecision: typeof decision === 'string' ? decision : undefined,
        statuses: [...responses.keys()],
        responses,
        requestBody,
        ...templatePattern(path),
      });
    }
  }
  return operations;
}

function createAjv(document: JsonObject): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // OpenAPI's own schema keywords (annotations for validation purposes).
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  const schemas = optionalObject(optionalObject(document.components, 'components').schemas, 'components.schemas');
  ajv.addSchema({ $id: SCHEMA_BASE, $defs: toAjvSchema(schemas) });
  return ajv;
}

let loaded: Contract | undefined;

function contract(): Contract {
  if (loaded) return loaded;
  // The JSON copy the run parsed once (tests/contract-setup.ts) where there is one: the same document, read faster.
  const prepared = preparedContract();
  const document = objectAt(prepared === undefined ? parse(readFileSync(CONTRACT_FILE, 'utf8')) : JSON.parse(readFileSync(prepared, 'utf8')), 'the document');
  const operations = indexOperations(document);
  loaded = {
    document,
    operations,
    byId: new Map(operations.map((operation) => [operation.operationId, operation])),
    ajv: createAjv(document),
    validators: new Map(),
  };
  return loaded;
}

function operationLabel(operation: IndexedOperation): string {
  return `${operation.operationId} (${operation.method} ${operation.path})`;
}

/** Every operation of the contract, in file order. */
export function listOperations(): ContractOperation[] {
  return contract().operations.map(({ operationId, method, path, specGap, specGapDecision, statuses }) => ({
    operationId,
    method,
    path,
    specGap,
    specGapDecision,
    statuses: [...statuses],
  }));
}

/** The operation a request goes to: the wire path may carry concrete ids and a query string. */
export function findOperation(method: string, url: string): ContractOperation | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? url;
  const candidates = contract().operations.filter(
    (operation) => operation.method === method.toUpperCase() && operation.pattern.test(path),
  );
  candidates.sort((a, b) => b.literalSegments - a.literalSegments);
  return candidates[0];
}

function resolveOperation(ref: OperationRef): IndexedOperation {
  const { byId } = contract();
  if (typeof ref === 'string') {
    const operation = byId.get(ref);
    if (!operation) throw new ContractError(`The contract has no operation with operationId "${ref}"`);
    return operation;
  }
  const found = findOperation(ref.method, ref.path);
  const operation = found && byId.get(found.operationId);
  if (!operation) throw new ContractError(`The contract has no operation for ${ref.method.toUpperCase()} ${ref.path}`);
  return operation;
}

function validatorFor(key: string, schema: JsonObject): ValidateFunction {
  const { ajv, validators } = contract();
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toAjvSchema(schema) as JsonObject);
    validators.set(key, validate);
  }
  return validate;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const at = error.instancePath === '' ? '(root)' : error.instancePath;
      const params = Object.keys(error.params).length > 0 ? ` ${JSON.stringify(error.params)}` : '';
      return `  - ${at} ${error.message ?? 'is invalid'}${params}`;
    })
    .join('\n');
}

function preview(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text === undefined) return String(body);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

function mediaEssence(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

function isJsonMedia(essence: string): boolean {
  return essence === 'application/json' || essence.endsWith('+json');
}

function toBytes(body: unknown): Uint8Array | undefined {
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return undefined;
}

function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  const bytes = toBytes(body);
  return bytes !== undefined && bytes.length === 0;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

// Files are served by content (docs/architecture.md: uploads checked by content): the bytes must be what the type says.
const FILE_SIGNATURES: Record<string, number[][]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [[0x50, 0x4b, 0x03, 0x04]],
  'application/vnd.ms-excel': [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
};

function parseJsonBody(body: unknown, label: string): unknown {
  const bytes = typeof body === 'string' || body instanceof Uint8Array ? toBytes(body) : undefined;
  if (bytes === undefined) return body;
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ContractError(`${label}: the body is not JSON: ${preview(text)}`);
  }
}

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value.join(', ') : String(value);
  }
  return undefined;
}

function checkHeaders(operation: IndexedOperation, status: string, spec: ResponseSpec, headers: ResponseHeaders): string[] {
  const problems: string[] = [];
  for (const header of spec.headers) {
    if (header.name.toLowerCase() === 'content-type') continue;
    const raw = headerValue(headers, header.name);
    if (raw === undefined) {
      if (header.required) problems.push(`  - header ${header.name} is required but missing`);
      continue;
    }
    if (!header.schema) continue;
    const numeric = header.schema.type === 'integer' || header.schema.type === 'number';
    const value: unknown = numeric && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    const validate = validatorFor(`${operation.operationId} ${status} header ${header.name}`, header.schema);
    if (!validate(value)) problems.push(`  - header ${header.name}: ${JSON.stringify(raw)}\n${formatErrors(validate.errors)}`);
  }
  return problems;
}

/**
 * Throws a ContractError unless the answer is one the contract documents for the operation:
 * a documented status, a documented content type, a body matching its schema (JSON) or its file type
 * (binary), and, when `headers` are given, every required header present and well-formed.
 */
export function validateResponse(
  ref: OperationRef,
  statusCode: number,
  contentType: string | undefined,
  body: unknown,
  headers?: ResponseHeaders,
): void {
  const operation = resolveOperation(ref);
  const status = String(statusCode);
  const label = `${operationLabel(operation)} answered ${status}`;
  const range = `${status.charAt(0)}XX`;
  const statusKey = [status, range, 'DEFAULT'].find((key) => operation.responses.has(key));
  const spec = statusKey === undefined ? undefined : operation.responses.get(statusKey);
  if (statusKey === undefined || !spec) {
    throw new ContractError(
      `${label}, a status the contract does not document (documented: ${operation.statuses.join(', ')}). Body: ${preview(body)}`,
    );
  }

  const problems = headers ? checkHeaders(operation, statusKey, spec, headers) : [];

  if (spec.content.size === 0) {
    if (!isEmptyBody(body)) problems.push(`  - the contract documents no body, got ${preview(body)}`);
  } else if (contentType === undefined || contentType === '') {
    problems.push(`  - no Content-Type; documented: ${[...spec.content.keys()].join(', ')}`);
  } else {
    const essence = mediaEssence(contentType);
    if (!spec.content.has(essence)) {
      problems.push(`  - Content-Type ${essence} is not documented; documented: ${[...spec.content.keys()].join(', ')}`);
    } else if (isJsonMedia(essence)) {
      const schema = spec.content.get(essence);
      const json = parseJsonBody(body, label);
      if (schema) {
        const validate = validatorFor(`${operation.operationId} ${statusKey} ${essence}`, schema);
        if (!validate(json)) problems.push(formatErrors(validate.errors));
      }
    } else {
      const bytes = toBytes(body);
      if (!bytes || bytes.length === 0) {
        problems.push(`  - ${essence} body is empty or not bytes`);
      } else {
        const signatures = FILE_SIGNATURES[essence];
        if (signatures && !signatures.some((signature) => startsWith(bytes, signature))) {
          problems.push(`  - the bytes are not a ${essence} file`);
        }
      }
    }
  }

  if (problems.length > 0) {
    throw new ContractError(`${label} (${contentType ?? 'no content type'}), which breaks the contract:\n${problems.join('\n')}\nBody: ${preview(body)}`);
  }
}

/**
 * Throws a ContractError unless `body` matches the documented request body of the operation for the media
 * type. Lets web and gateway tests check that a payload they build is one the contract accepts.
 */
export function validateRequestBody(ref: OperationRef, contentType: string, body: unknown): void {
  const operation = resolveOperation(ref);
  const essence = mediaEssence(contentType);
  if (!operation.requestBody.has(essence)) {
    const documented = [...operation.requestBody.keys()].join(', ') || 'none';
    throw new ContractError(`${operationLabel(operation)} takes no ${essence} body (documented: ${documented})`);
  }
  const schema = operation.requestBody.get(essence);
  if (!schema) return;
  const validate = validatorFor(`${operation.operationId} request ${essence}`, schema);
  if (!validate(body)) {
    throw new ContractError(
      `Request body for ${operationLabel(operation)} breaks the contract:\n${formatErrors(validate.errors)}\nBody: ${preview(body)}`,
    );
  }
}

function firstHeader(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value[0] : String(value);
}

/**
 * For gateway tests: checks a Fastify `app.inject` answer against the operation, including that the request
 * went to that operation's method and path.
 */
export function expectMatchesContract(res: LightMyRequestResponse, operationId: string): void {
  const { method, url } = res.raw.req;
  if (method !== undefined && url !== undefined) {
    const routed = findOperation(method, url);
    if (routed?.operationId !== operationId) {
      const actual = routed ? `operation ${routed.operationId}` : 'no operation of the contract';
      throw new ContractError(`The request ${method} ${url} is ${actual}, not ${operationId}`);
    }
  }
  const contentType = firstHeader(res.headers['content-type']);
  const essence = contentType === undefined ? '' : mediaEssence(contentType);
  const body: unknown = isJsonMedia(essence) || essence.startsWith('text/') ? res.body : res.rawPayload;
  validateResponse(operationId, res.statusCode, contentType, body, res.headers);
}

/** An answer as `inject` gives it, for requests that may open an event stream. */
export interface InjectedAnswer {
  statusCode: number;
  headers: ResponseHeaders;
  rawPayload: Buffer;
}

/**
 * `app.inject` for a walk over every operation: an event stream (streamChanges) never ends by itself, so its answer
 * is its first chunk; the stream ends when the app closes. Any other answer is read whole.
 */
export async function injectAnswer(app: FastifyInstance, options: InjectOptions): Promise<InjectedAnswer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const chunks: Buffer[] = [];
  const eventStream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    if (eventStream) break;
  }
  return { statusCode: res.statusCode, headers: res.headers, rawPayload: Buffer.concat(chunks) };
}
