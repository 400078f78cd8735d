// TEMPORARY test shim (no imports, so a vi.mock factory can load it without a cycle); see below.
import type { FastifySchemaCompiler } from 'fastify';

/**
 * TEMPORARY, until server/http/validation.ts lowercases header schemas: Fastify skips its own lowercasing of
 * header names when a custom validator compiler is set, so a required `Idempotency-Key` never validates.
 * Tests wrap the gateway's compiler with this (vi.mock); remove it once the gateway does it itself.
 */
export function lowercasingHeaders(compile: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
  return (route) => {
    if (route.httpPart !== 'headers' || typeof route.schema !== 'object' || route.schema === null) return compile(route);
    const schema = route.schema as { properties?: Record<string, unknown>; required?: string[] };
    const lowered = {
      ...schema,
      ...(schema.properties
        ? { properties: Object.fromEntries(Object.entries(schema.properties).map(([name, value]) => [name.toLowerCase(), value])) }
        : {}),
      ...(schema.required ? { required: schema.required.map((name) => name.toLowerCase()) } : {}),
    };
    return compile({ ...route, schema: lowered });
  };
}
