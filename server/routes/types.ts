// The shapes a route file exports, bound by operationId from the contract (server/routes/index.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Returns the response body (Fastify sends it), or uses `reply` itself for status codes, headers and streams. */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A route file's export: handlers keyed by the contract's operationId. */
export type Handlers = Partial<Record<string, RouteHandler>>;

/**
 * Runs an operation's rules on the parsed JSON body before the contract's schema validation and throws the spec's
 * own messages (`HttpError.invalidAttributes`), so a 422 names the field in the spec's words, not the validator's.
 * It runs after the bearer check and the media-type check; a body it lets through is still schema-validated.
 */
export type BodyCheck = (body: unknown, request: FastifyRequest) => Promise<void>;

/** A route file's optional export: body checks keyed by operationId, each for an operation the same file handles. */
export type BodyChecks = Partial<Record<string, BodyCheck>>;

/** Every route file's exports, merged. */
export interface Routes {
  handlers: Handlers;
  bodyChecks: BodyChecks;
}
