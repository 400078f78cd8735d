// Request validation with one Ajv for the whole process: each distinct schema of the contract is compiled once,
// so every app built from the same contract (one per test) reuses the compiled validators.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// Fastify's own defaults (coercion of query strings, defaults, dropping undeclared properties), plus allErrors
// so a 422 names every field at fault (issue 2: "one error per field"), and strict off for OpenAPI keywords.
const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: true,
  strict: false,
});
addFormats(ajv);

const compiled = new Map<string, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(key, validate);
  }
  return validate;
};
