// The shape of a route handler: bound by operationId from the contract (server/routes/index.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Returns the response body (Fastify sends it), or uses `reply` itself for status codes, headers and streams. */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A route file's export: handlers keyed by the contract's operationId. */
export type Handlers = Partial<Record<string, RouteHandler>>;
