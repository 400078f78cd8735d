// Request validation with one Ajv for the whole process: each distinct schema of the contract is compiled once,
// so every app built from the same contract (one per test) reuses the compiled validators.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Fastify's own defaults (coercion of query strings, defaults; bodies are not coerced), plus allErrors so a 422 names every field at fault
// (the contract's conventions: "one error per field"), and strict off for OpenAPI keywords. Unlike Fastify's defaults, properties the
// contract forbids (additionalProperties: false) are refused with a 422 naming them, never silently dropped: a
// client that sends `email` to updateUser learns that it was not applied. Nothing relies on dropping: query,
// path and header schemas built from the contract's parameters allow undeclared names (a cache-busting `_=`
// passes), and only request bodies declare additionalProperties: false.
const options = { useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: true, strict: false } as const;
const ajv = new Ajv({ ...options, coerceTypes: 'array' });
addFormats(ajv);
// Bodies are JSON, typed by the client: a wrong type is refused, never coerced. With coercion `true` would pass as
// "true", and inside anyOf a string branch would turn a number into text or "1e3" into 1000 (not an amount, IC §5).
const bodyAjv = new Ajv({ ...options, coerceTypes: false });
addFormats(bodyAjv);

const compiled = new Map<string, ValidateFunction>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const effective = httpPart === 'headers' ? lowerCaseHeaderNames(schema) : schema;
  const body = httpPart === 'body';
  const key = `${body ? 'body' : 'other'}:${JSON.stringify(effective)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (body ? bodyAjv : ajv).compile(effective as object);
    compiled.set(key, validate);
  }
  return validate;
};
