// Malformed requests for every operation of the contract, generated from its parameters and request bodies:
// wrong types, oversized and hostile text (NUL, lone surrogates, right-to-left overrides, emoji), deep nesting,
// numbers past every range (1e309, -0, 2^63), unknown members and parameters like `sort=;drop`. Every variant
// breaks the contract (a body the contract accepts is never sent), so the gateway must refuse each one with a 4xx
// and change nothing. Deterministic: the same seed gives the same variants.
import { MAX_BODY_VALUES, bodyFaults } from '../../server/http/validation.ts';
import { loadContract } from '../../server/http/contract.ts';
import { mulberry32, type Random } from '../../server/seed/prng.ts';
import { CONTRACT_FILE, ContractError, validateRequestBody } from './harness.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  path: string;
  secured: boolean;
  parameters: FuzzParameter[];
  /** The request body's media type and schema, when the operation takes one. */
  body?: { mediaType: string; schema: Schema; example: unknown };
}

export interface FuzzVariant {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every operation of the contract with its parameters and body schema, `$ref`s resolved. */
export function fuzzOperations(): FuzzOperation[] {
  const spec = loadContract(CONTRACT_FILE);
  const resolve = (value: unknown, depth = 0): unknown => {
    if (depth > 40) return value;
    if (Array.isArray(value)) return value.map((item) => resolve(item, depth + 1));
    if (!isRecord(value)) return value;
    if (typeof value.$ref === 'string') {
      let node: unknown = spec;
      for (const part of value.$ref.slice(2).split('/')) node = isRecord(node) ? node[part] : undefined;
      return resolve(node, depth + 1);
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, resolve(child, depth + 1)]));
  };
  const operations: FuzzOperation[] = [];
  for (const [path, rawItem] of Object.entries(spec.paths)) {
    const item = resolve(rawItem) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isRecord(operation) || typeof operation.operationId !== 'string') continue;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])]
        .filter(isRecord)
        .map((parameter) => ({ name: String(parameter.name), in: parameter.in as FuzzParameter['in'], schema: (parameter.schema ?? {}) as Schema }));
      const content = isRecord(operation.requestBody) && isRecord(operation.requestBody.content) ? operation.requestBody.content : undefined;
      const [mediaType, media] = content ? (Object.entries(content)[0] ?? []) : [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        secured: !(Array.isArray(operation.security) && operation.security.length === 0),
        parameters,
        ...(mediaType && isRecord(media)
          ? { body: { mediaType, schema: (media.schema ?? {}) as Schema, example: media.example ?? (isRecord(media.examples) ? firstExample(media.examples) : undefined) } }
          : {}),
      });
    }
  }
  return operations;
}

function firstExample(examples: Record<string, unknown>): unknown {
  const first = Object.values(examples)[0];
  return isRecord(first) ? first.value : undefined;
}

/** A value of `schema`'s shape, good enough to carry one broken member (the example when the contract has one). */
export function sampleOf(schema: Schema, depth = 0): Json {
  if (depth > 8) return null;
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as Json;
  if (schema.example !== undefined) return schema.example as Json;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(options) && options[0]) return sampleOf(options[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || isRecord(schema.properties)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, sampleOf(child, depth + 1)]));
  }
  if (type === 'array') return [sampleOf((schema.items ?? {}) as Schema, depth + 1)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  if (schema.format === 'date') return '2025-01-15';
  if (schema.format === 'date-time') return '2025-01-15T12:00:00Z';
  if (schema.format === 'email') return 'fuzz@demo.test';
  return 'fuzz';
}

/** Values every member is tried with: raw JSON text, so numbers past a double's range travel as written. */
const HOSTILE_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['null', 'null'],
  ['true', 'true'],
  ['-0', '-0'],
  ['1e309', '1e309'],
  ['2^63', '9223372036854775808'],
  ['-2^63-1', '-9223372036854775809'],
  ['1.5', '1.5'],
  ['an empty list', '[]'],
  ['an empty object', '{}'],
  ['a list of one number', '[5]'],
  ['a list of one text', '["6"]'],
  ['"1e3"', '"1e3"'],
  ['"0x10"', '"0x10"'],
  ['" 7"', '" 7"'],
  ['a NUL', '"a\\u0000b"'],
  ['a lone high surrogate', '"\\ud800"'],
  ['a lone low surrogate', '"x\\udc00"'],
  ['emoji and a right-to-left override with a NUL', '"💸\\u202edrop\\u0000"'],
  ['100,000 characters', JSON.stringify('x'.repeat(100_000))],
  ['an empty text', '""'],
  ['nested 64 deep', `${'['.repeat(64)}${']'.repeat(64)}`],
];

/** Whole bodies that are no request at all. */
const HOSTILE_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['an empty body with a JSON type', ''],
  ['null', 'null'],
  ['a list', '[]'],
  ['a text', '"data"'],
  ['1e309', '1e309'],
  ['truncated JSON', '{"data":{'],
  ['an array nested 5,000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['an object nested 5,000 deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['a __proto__ member', '{"__proto__":{"admin":true},"data":{}}'],
  ['a constructor member', '{"constructor":{"prototype":{"admin":true}}}'],
  ['more values than a body may hold', JSON.stringify(Object.fromEntries(Array.from({ length: MAX_BODY_VALUES + 1 }, (_, index) => [`m${index}`, index])))],
];

/** Hostile path segments, already percent-encoded. */
const HOSTILE_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%92%B8',
  '%E2%80%AEfuzz',
  'x'.repeat(300),
  '-1',
  '-0',
  '1e309',
  '9223372036854775808',
  '%3Bdrop',
  '..%2F..%2Fetc%2Fpasswd',
  '%25',
  '%20',
  '0x10',
  '1.5',
];

/** Hostile query values by the parameter's type, already percent-encoded. */
const HOSTILE_QUERY: Record<'integer' | 'string' | 'boolean', readonly string[]> = {
  integer: ['1e309', '-0', '9223372036854775808', '1e9', '-1', '0', 'abc', '', '%00', '1.5', '0x10', '%207', '%2B5', 'NaN', 'Infinity'],
  string: ['%3Bdrop', 'x'.repeat(5000), '%00', '%ED%A0%80', '%F0%9F%92%B8', '%E2%80%AE', "'%20OR%201%3D1--", '%25', '[]'],
  boolean: ['yes', '1', 'TRUE', '', '%00'],
};

/** Parameters sent to every operation, declared or not. */
const STRAY_QUERIES: readonly string[] = [
  'sort=%3Bdrop',
  'page[size]=1e9',
  'page[number]=-1',
  'page[size]=-0',
  'page[number]=1e309',
  'include=%3Bdrop',
  'filter[x]=%00',
  'page[size]=5&page[size]=6',
];

const HOSTILE_KEYS: readonly string[] = ['', '%%%', 'x'.repeat(200), ';drop table users;--'];

/** The operation's path with every parameter filled: `fill` for the one named, a harmless unknown id for the others. */
function pathWith(operation: FuzzOperation, fill: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => fill[name] ?? 'fuzz-404');
}

interface Builder {
  path: string;
  query: string;
  headers: Record<string, string>;
  payload: string | undefined;
}

function variant(operation: FuzzOperation, label: string, parts: Partial<Builder>, auth: Record<string, string>): FuzzVariant {
  const base = baseline(operation);
  const path = parts.path ?? base.path;
  const query = parts.query ?? base.query;
  const payload = 'payload' in parts ? parts.payload : base.payload;
  return {
    label: `${operation.operationId}: ${label}`,
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: {
      ...auth,
      ...base.headers,
      ...(payload !== undefined && operation.body ? { 'content-type': operation.body.mediaType === 'multipart/form-data' ? 'application/json' : operation.body.mediaType } : {}),
      ...parts.headers,
    },
    ...(payload === undefined ? {} : { payload }),
  };
}

/** What a variant sends where it does not break something on purpose: a broken body, so no write can go through. */
function baseline(operation: FuzzOperation): Builder {
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key') headers['idempotency-key'] = 'fuzz-key-00000001';
  }
  const payload = operation.body ? (operation.body.mediaType === 'application/x-www-form-urlencoded' ? 'fuzz=%00' : '{"data":null}') : undefined;
  return { path: pathWith(operation), query: '', headers, payload };
}

/** True when `text` is a body the contract refuses (or the gateway must: a NUL, a lone surrogate, too deep). */
function breaksContract(operation: FuzzOperation, text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  if (bodyFaults(parsed)) return true;
  try {
    validateRequestBody(operation.operationId, 'application/json', parsed);
    return false;
  } catch (error) {
    if (error instanceof ContractError) return true;
    throw error;
  }
}

interface Member {
  path: string[];
  schema: Schema | undefined;
}

/** Every member of `value` (by path), with its schema where the contract declares one. */
function membersOf(value: Json, schema: Schema | undefined, path: string[] = [], found: Member[] = []): Member[] {
  if (path.length > 8) return found;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemSchema = schema && isRecord(schema.items) ? (schema.items as Schema) : undefined;
      found.push({ path: [...path, String(index)], schema: itemSchema });
      membersOf(item, itemSchema, [...path, String(index)], found);
    });
  } else if (isRecord(value)) {
    for (const [name, child] of Object.entries(value)) {
      const properties = schema && isRecord(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
      found.push({ path: [...path, name], schema: properties[name] });
      membersOf(child as Json, properties[name], [...path, name], found);
    }
  }
  return found;
}

const RAW = '\u0001raw\u0001';

/** `body` as JSON text with the member at `path` replaced by raw JSON text, or removed when `raw` is undefined. */
function withMember(body: Json, path: string[], raw: string | undefined): string {
  const copy = structuredClone(body);
  let node: Json = copy;
  for (const key of path.slice(0, -1)) node = (node as Record<string, Json>)[key] ?? null;
  const last = path[path.length - 1] ?? '';
  if (Array.isArray(node)) {
    if (raw === undefined) node.splice(Number(last), 1);
    else node[Number(last)] = RAW;
  } else if (isRecord(node)) {
    if (raw === undefined) delete (node as Record<string, Json>)[last];
    else (node as Record<string, Json>)[last] = RAW;
  }
  const text = JSON.stringify(copy);
  return raw === undefined ? text : text.replace(JSON.stringify(RAW), () => raw);
}

/** Whole-body variants (every one is sent) and one-member variants (a sample is sent). */
interface BodyVariants {
  whole: FuzzVariant[];
  members: FuzzVariant[];
}

function bodyVariants(operation: FuzzOperation, auth: Record<string, string>): BodyVariants {
  const body = operation.body;
  if (!body) return { whole: [], members: [] };
  // Only what the contract refuses: a variant it accepts is no malformed request.
  const malformed = (candidates: FuzzVariant[]) =>
    candidates.filter((candidate) => candidate.payload === undefined || candidate.headers['content-type'] !== 'application/json' || breaksContract(operation, candidate.payload));
  if (body.mediaType === 'multipart/form-data') {
    const whole = [
      variant(operation, 'multipart without a boundary', { payload: '--x\r\n', headers: { 'content-type': 'multipart/form-data' } }, auth),
      variant(operation, 'a broken multipart body', { payload: '--fz\r\nContent-Disposition: form-data; name="files"; filename="a\u0000.png"\r\n\r\nxx', headers: { 'content-type': 'multipart/form-data; boundary=fz' } }, auth),
      variant(operation, 'a JSON body', { payload: '{"data":{}}', headers: { 'content-type': 'application/json' } }, auth),
    ];
    return { whole, members: [] };
  }
  if (body.mediaType === 'application/x-www-form-urlencoded') {
    const whole = ['client_id=%00', 'client_id=a&client_id=b', `scope=${'x'.repeat(20_000)}`, 'grant_type=%ED%A0%80', '%%%', `${'a'.repeat(100)}=1`].map((payload) =>
      variant(operation, `form ${payload.slice(0, 30)}`, { payload }, auth),
    );
    return { whole, members: [] };
  }
  const sample = (body.example ?? sampleOf(body.schema)) as Json;
  const whole: FuzzVariant[] = HOSTILE_BODIES.map(([label, payload]) => variant(operation, `body: ${label}`, { payload }, auth));
  whole.push(variant(operation, 'body as text/plain', { payload: JSON.stringify(sample), headers: { 'content-type': 'text/plain' } }, auth));
  if (isRecord(sample)) {
    whole.push(variant(operation, 'a top-level meta', { payload: withMember(sample, ['meta'], '{"fuzz":true}') }, auth));
    whole.push(variant(operation, 'a top-level meta nested 5,000 deep', { payload: withMember(sample, ['meta'], `${'['.repeat(5000)}${']'.repeat(5000)}`) }, auth));
  }
  const out: FuzzVariant[] = [];
  for (const member of membersOf(sample, body.schema)) {
    const where = `/${member.path.join('/')}`;
    out.push(variant(operation, `${where} removed`, { payload: withMember(sample, member.path, undefined) }, auth));
    for (const [label, raw] of HOSTILE_VALUES) out.push(variant(operation, `${where} = ${label}`, { payload: withMember(sample, member.path, raw) }, auth));
  }
  for (const member of [{ path: [] as string[] }, ...membersOf(sample, body.schema)]) {
    const parent = member.path.reduce<Json>((node, key) => (isRecord(node) ? (node[key] ?? null) : null), sample);
    if (!isRecord(parent)) continue;
    out.push(variant(operation, `unknown member under /${member.path.join('/')}`, { payload: withMember(sample, [...member.path, 'fuzzUnknown'], '1') }, auth));
  }
  return { whole: malformed(whole), members: malformed(out) };
}

function parameterVariants(operation: FuzzOperation, auth: Record<string, string>): FuzzVariant[] {
  const out: FuzzVariant[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const segment of HOSTILE_SEGMENTS) {
        out.push(variant(operation, `path ${parameter.name}=${segment.slice(0, 30)}`, { path: pathWith(operation, { [parameter.name]: segment }) }, auth));
      }
    } else if (parameter.in === 'query') {
      const type = parameter.schema.type === 'integer' || parameter.schema.type === 'boolean' ? parameter.schema.type : 'string';
      for (const value of HOSTILE_QUERY[type]) {
        out.push(variant(operation, `query ${parameter.name}=${value.slice(0, 30)}`, { query: `${parameter.name}=${value}` }, auth));
      }
      out.push(variant(operation, `query ${parameter.name} twice`, { query: `${parameter.name}=1&${parameter.name}=2` }, auth));
    } else if (parameter.in === 'header') {
      for (const value of HOSTILE_KEYS) out.push(variant(operation, `header ${parameter.name}=${value.slice(0, 30)}`, { headers: { [parameter.name.toLowerCase()]: value } }, auth));
    }
  }
  // Undeclared parameters are allowed (a cache-busting `_=` passes): they are malformed only where the request has
  // something else to refuse, a read or a broken body.
  if (operation.method === 'GET' || operation.body) for (const query of STRAY_QUERIES) out.push(variant(operation, `query ${query}`, { query }, auth));
  return out;
}

function tokenVariants(operation: FuzzOperation): FuzzVariant[] {
  if (!operation.secured) return [];
  return [
    variant(operation, 'no token', {}, {}),
    variant(operation, 'a forged token', {}, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' }),
    variant(operation, 'a 10,000-character token', {}, { authorization: `Bearer ${'a'.repeat(10_000)}` }),
    variant(operation, 'another scheme', {}, { authorization: 'Basic Zm96ejpmdXp6' }),
  ];
}

/** Picks `count` of `items` in a seeded order. */
function sample<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = random.int(0, index);
    [pool[index], pool[other]] = [pool[other] as T, pool[index] as T];
  }
  return pool.slice(0, count);
}

function seedOf(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

export interface FuzzPlan {
  /** One-member body variants per operation (every whole-body variant is sent too). */
  bodies: number;
  /** Parameter, path and header variants per operation. */
  parameters: number;
  seed: number;
}

/** The variants for one operation, signed with `auth`: every whole-body and token variant, a seeded sample of the others. */
export function fuzzVariants(operation: FuzzOperation, auth: Record<string, string>, plan: FuzzPlan): FuzzVariant[] {
  const random = mulberry32(seedOf(operation.operationId, plan.seed));
  const bodies = bodyVariants(operation, auth);
  return [
    ...bodies.whole,
    ...sample(bodies.members, plan.bodies, random),
    ...sample(parameterVariants(operation, auth), plan.parameters, random),
    ...tokenVariants(operation),
  ];
}
