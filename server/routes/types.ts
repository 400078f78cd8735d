// The shapes a route file exports, bound by operationId from the contract (server/routes/index.ts). Every type
// here is derived from the generated `operations` of src/api/gateway.d.ts, so a handler reads the parameters and
// body the contract declares and must answer a document the contract has: a new operation is a contract entry
// plus one typed handler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../src/api/gateway';

export type OperationId = keyof operations;

/** A schema of the contract by name, e.g. `Schema<'User'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

type Parameters<K extends OperationId> = operations[K]['parameters'];

/** The path parameters of K (`{ id: string }`); never when it has none. */
export type PathOf<K extends OperationId> = Exclude<Parameters<K>['path'], undefined>;
/** The query parameters of K, as validated against the contract (integers and booleans read strictly from their text); never when it has none. */
export type QueryOf<K extends OperationId> = Exclude<Parameters<K>['query'], undefined>;
/** The header parameters of K; Fastify gives them lower-cased. */
export type HeadersOf<K extends OperationId> = Exclude<Parameters<K>['header'], undefined>;

/** JSON bodies are parsed; a form-encoded one (connect/token) too; multipart is read by the handler from `request.parts()`. */
type ParsedMediaType = 'application/json' | 'application/vnd.api+json' | 'application/x-www-form-urlencoded';
type ParsedContent<C> = C extends Record<string, unknown> ? C[Extract<keyof C, ParsedMediaType>] : never;

/** The request body of K, as validated against the contract; never when it has none (or only a multipart one). */
export type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer B }
  ? B extends { content: infer C }
    ? ParsedContent<C>
    : never
  : never;

/** The request a handler of K gets: params, query, headers and body typed from the contract. */
export type RequestOf<K extends OperationId> = FastifyRequest<{
  Params: PathOf<K>;
  Querystring: QueryOf<K>;
  Headers: HeadersOf<K>;
  Body: BodyOf<K>;
}>;

type JsonMediaType = 'application/json' | 'application/vnd.api+json';
type Responses<K extends OperationId> = operations[K]['responses'];
/** The statuses below 400 (2xx, and requestPasswordReset's 300). */
type SuccessStatus<K extends OperationId> = {
  [S in keyof Responses<K>]: `${S & number}` extends `${2 | 3}${string}` ? S : never;
}[keyof Responses<K>];
type JsonContent<R> = R extends { content: infer C } ? (C extends Record<string, unknown> ? C[Extract<keyof C, JsonMediaType>] : never) : never;

/** The JSON documents K answers with: the union of its success responses' JSON content; never for a binary answer. */
export type ResponseOf<K extends OperationId> = { [S in SuccessStatus<K>]: JsonContent<Responses<K>[S]> }[SuccessStatus<K>];

/**
 * What a JSON handler may do with the reply: set one of K's success statuses and response headers. It answers by
 * returning the document (never by `reply.send`, so the document is checked), and refuses by throwing.
 */
export interface JsonReply<K extends OperationId> {
  code(statusCode: SuccessStatus<K>): JsonReply<K>;
  header(name: string, value: string): JsonReply<K>;
}

/** A binary answer (PDF, file) is sent by the handler itself: it gets the whole reply and resolves to it. */
type Binary<K extends OperationId> = [ResponseOf<K>] extends [never] ? true : false;

export type ReplyOf<K extends OperationId> = Binary<K> extends true ? FastifyReply : JsonReply<K>;

/** What a handler of K resolves to: the document (Fastify sends it), or for a binary answer the reply it sent. */
export type AnswerOf<K extends OperationId> = Binary<K> extends true ? FastifyReply : ResponseOf<K>;

export type Handler<K extends OperationId> = (request: RequestOf<K>, reply: ReplyOf<K>) => Promise<AnswerOf<K>>;

/** A route file's export: handlers keyed by the contract's operationId. */
export type Handlers = { [K in OperationId]?: Handler<K> };

/** A handler once bound by operationId, whatever its operation (server/routes/index.ts, http/contract.ts). */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Runs an operation's rules on the parsed JSON body before the contract's schema validation and refuses with the
 * spec's own messages (a `DomainRefusal` of kind invalid, or `HttpError.invalidAttributes`), so a 422 names the
 * field in the spec's words, not the validator's. It runs after the bearer check and the media-type check; a body it
 * lets through is still schema-validated. The body is not validated yet (unknown); the path parameters are the
 * router's strings.
 */
export type BodyCheck<K extends OperationId> = (body: unknown, request: FastifyRequest<{ Params: PathOf<K> }>) => Promise<void>;

/** A route file's optional export: body checks keyed by operationId, each for an operation the same file handles. */
export type BodyChecks = { [K in OperationId]?: BodyCheck<K> };

/** A body check once bound by operationId. */
export type RouteBodyCheck = (body: unknown, request: FastifyRequest) => Promise<void>;

/** Every route file's exports, merged. */
export interface Routes {
  handlers: Partial<Record<string, RouteHandler>>;
  bodyChecks: Partial<Record<string, RouteBodyCheck>>;
}
