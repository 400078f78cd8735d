// Request validation with one Ajv for the whole process: each distinct schema of the contract is compiled once, at
// its first use, so every app built from the same contract (one per test) reuses the compiled validators.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Nothing is coerced (the contract's conventions: an amount is an integer or a digit string, never "1e3"): with
// coercion `true` would pass as "true", and inside anyOf a string branch would turn a number into text or "1e3"
// into 1000. Query and path parameters arrive as text, so they get their own strict reading (readParameters)
// before validation. allErrors, so a 422 names every field at fault ("one error per field"); strict off for
// OpenAPI keywords. Properties the contract forbids (additionalProperties: false, on every request body object)
// are refused with an error naming them, never silently dropped. Query, path and header schemas built from the
// contract's parameters allow undeclared names (a cache-busting `_=` passes).
const ajv = new Ajv({ useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: true, strict: false, coerceTypes: false });
addFormats(ajv);

/** How deep a JSON body may nest: the contract's bodies need 6 levels; past this a body is refused before anything walks it. */
export const MAX_BODY_DEPTH = 16;
/** How many values (objects, arrays, scalars) a JSON body may hold: the largest the contract allows is a 1,000-id list. */
export const MAX_BODY_VALUES = 10_000;

/** A fault found outside the schema (text, depth, size), shaped like a schema error so one error path reports both. */
export type RequestFault = Pick<ErrorObject, 'instancePath' | 'schemaPath' | 'keyword' | 'params' | 'message'>;

const compiled = new Map<string, ValidateFunction>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` holds a character no text field accepts: NUL or an unpaired UTF-16 surrogate. No text of the
 * contract holds them, and they break logs, PostgreSQL text and the PDF exports.
 */
export function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

function characterFault(instancePath: string): RequestFault {
  return { instancePath, schemaPath: '', keyword: 'characters', params: {}, message: 'holds a NUL or an unpaired surrogate character' };
}

/**
 * What no schema can say about a parsed body: nesting past MAX_BODY_DEPTH, more than MAX_BODY_VALUES values, a
 * forbidden character in a value or a member name. Walks without recursion, so a body nested thousands of levels
 * deep is refused rather than overflowing the stack; undefined when the body is fine.
 */
export function bodyFaults(body: unknown): RequestFault[] | undefined {
  const faults: RequestFault[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  let values = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    values += 1;
    if (values > MAX_BODY_VALUES) {
      return [{ instancePath: '', schemaPath: '', keyword: 'size', params: { limit: MAX_BODY_VALUES }, message: 'holds too many values' }];
    }
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) faults.push(characterFault(path));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      return [{ instancePath: path, schemaPath: '', keyword: 'depth', params: { limit: MAX_BODY_DEPTH }, message: 'is nested too deeply' }];
    }
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [name, child] of entries) {
      const childPath = `${path}/${escapePointer(name)}`;
      if (hasForbiddenCharacter(name)) faults.push(characterFault(childPath));
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return faults.length > 0 ? faults.sort((a, b) => (a.instancePath < b.instancePath ? -1 : 1)) : undefined;
}

interface ParameterSchema {
  properties?: Record<string, { type?: unknown }>;
}

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The value a parameter's text stands for under its schema type; the text itself when it is not that type's plain form. */
function parameterValue(text: string, type: unknown): unknown {
  if (type === 'integer' && INTEGER_TEXT.test(text)) {
    const number = Number(text);
    return Number.isSafeInteger(number) ? number : text;
  }
  if (type === 'number' && NUMBER_TEXT.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * Reads query and path parameters strictly, in place: an integer is plain decimal digits (`1e3`, `0x10`, ` 7`, `+5`
 * and `5.0` stay text and fail validation), a boolean is `true` or `false`, a repeated parameter stays a list (a
 * list is no scalar). Returns the faults of parameters holding a forbidden character.
 */
function readParameters(data: unknown, schema: ParameterSchema): RequestFault[] {
  if (!isRecord(data)) return [];
  const faults: RequestFault[] = [];
  for (const [name, value] of Object.entries(data)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && hasForbiddenCharacter(text))) faults.push(characterFault(`/${escapePointer(name)}`));
    const type = schema.properties?.[name]?.type;
    if (typeof value === 'string' && type !== undefined && type !== 'string') data[name] = parameterValue(value, type);
  }
  return faults;
}

/**
 * Header names are case-insensitive and Node hands them over in lower case, but Fastify lowercases a headers
 * schema only with its default compiler: with this one, a required `Idempotency-Key` would never be found.
 * The contract's header schemas are flat (`properties` and `required` of the operation's header parameters).
 */
export function lowerCaseHeaderNames(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const lowered: Record<string, unknown> = { ...schema };
  if (isRecord(schema.properties)) {
    lowered.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, value]) => [name.toLowerCase(), value]));
  }
  if (Array.isArray(schema.required)) {
    lowered.required = schema.required.map((name: unknown) => (typeof name === 'string' ? name.toLowerCase() : name));
  }
  return lowered;
}

type Validator = ((data: unknown) => boolean) & { errors?: Array<ErrorObject | RequestFault> | null };

/** A parameter validator: strict reading first (readParameters), then the schema. */
function parameterValidator(validator: () => ValidateFunction, schema: ParameterSchema): Validator {
  const checked: Validator = (data) => {
    const faults = readParameters(data, schema);
    const validate = validator();
    const valid = validate(data);
    const errors = [...faults, ...(validate.errors ?? [])];
    checked.errors = errors.length > 0 ? errors : null;
    return valid && faults.length === 0;
  };
  return checked;
}

/** A schema's validator, compiled when it first checks something and then kept for every app of the process. */
function compiledOnUse(schema: unknown): () => ValidateFunction {
  const key = JSON.stringify(schema);
  let validate: ValidateFunction | undefined;
  // Held by the route after its first use: a request does no lookup in the process's table.
  return () => {
    validate ??= compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema as object);
      compiled.set(key, validate);
    }
    return validate;
  };
}

/**
 * Fastify asks for a validator of every part of every route when the app starts; each is compiled on its first use
 * instead: a gateway test process builds apps whose tests reach a few of the contract's routes, and compiling all of
 * them was a second of CPU in every test file (issue 25).
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const effective = httpPart === 'headers' ? lowerCaseHeaderNames(schema) : schema;
  const validator = compiledOnUse(effective);
  if (httpPart === 'querystring' || httpPart === 'params') return parameterValidator(validator, effective as ParameterSchema);
  const checked: Validator = (data) => {
    const validate = validator();
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  return checked;
};
