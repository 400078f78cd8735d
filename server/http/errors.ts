// One error path for the gateway (the contract's error conventions): every failure leaves as a JSON:API errors document, request
// validation maps to 422 (body) or 400 (parameters, headers), and a 5xx never carries its detail out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainRefusal, type RefusalKind } from '../domain/refusal.ts';
import { HttpError, errorDocument, reasonPhrase, type ErrorObject } from './jsonapi.ts';
import { REQUEST_ID_HEADER, isProbe } from './request-log.ts';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

export interface ErrorResponse {
  status: number;
  errors: ErrorObject[];
  headers: Record<string, string>;
}

const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 422, not_found: 404, forbidden: 403, conflict: 409 };

/** The HTTP answer of a domain refusal: its kind's status, one error per reason, a field as its body pointer. */
export function refusalError(refusal: DomainRefusal): HttpError {
  return HttpError.withErrors(
    REFUSAL_STATUS[refusal.kind],
    refusal.reasons.map(({ message, detail, code, field }) => ({
      title: message,
      ...(detail === undefined ? {} : { detail }),
      ...(code === undefined ? {} : { code }),
      ...(field === undefined ? {} : { pointer: `/data/attributes/${field}` }),
    })),
  );
}

/** A failure a handler or the domain raised on purpose, as an HttpError; undefined for anything else. */
export function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainRefusal) return refusalError(error);
  return undefined;
}

/** PostgreSQL's "invalid byte sequence for encoding" (SQLSTATE 22021). */
const PG_INVALID_TEXT = '22021';

/** Turns any failure into the answer to send; 5xx errors are reduced to 'Internal Server Error'. */
export function toErrorResponse(error: unknown): ErrorResponse {
  const deliberate = asHttpError(error);
  if (deliberate) return { status: deliberate.status, errors: deliberate.errors, headers: deliberate.headers };
  if (!(error instanceof Error)) return single(500, reasonPhrase(500));

  const security = securityFailure(error);
  if (security) return security;

  const validation = (error as { validation?: unknown }).validation;
  if (Array.isArray(validation)) {
    const context = (error as { validationContext?: ValidationContext }).validationContext ?? 'body';
    return validationFailure(validation as AjvError[], context);
  }

  const code = (error as { code?: unknown }).code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && statusCode === 400)) {
    return single(400, 'Malformed JSON', 'The request body is not valid JSON.');
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return single(413, 'Payload Too Large', 'The request body is too large.');
  // The contract's conventions: a bad path parameter is a 400, whatever the router calls it (414 URI Too Long).
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return single(400, 'Bad Request', 'A path parameter is too long.');
  // PostgreSQL refuses a NUL character in text (SQLite would store it): only a request can have brought one.
  if (code === PG_INVALID_TEXT && /0x00/.test(error.message)) return single(400, 'Bad Request', 'Text must not contain NUL characters.');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's and its plugins' 4xx messages describe the request, never the server.
    return single(statusCode, reasonPhrase(statusCode), error.message);
  }
  return single(500, reasonPhrase(500));
}

function single(status: number, title: string, detail?: string): ErrorResponse {
  return { status, errors: [{ status: String(status), title, ...(detail ? { detail } : {}) }], headers: {} };
}

/** fastify-openapi-glue wraps what the security handlers threw; keep our own HttpError (401/403) when it is there. */
function securityFailure(error: Error): ErrorResponse | undefined {
  const inner = (error as { errors?: unknown }).errors;
  if (error.name !== 'Unauthorized' || !Array.isArray(inner)) return undefined;
  // The last scheme's refusal is the most telling: with no Authorization header the bearer scheme only says "none",
  // while the cookie scheme says why it refused (a missing CSRF token, an unknown tenant).
  const ours = inner.findLast((item): item is HttpError => item instanceof HttpError);
  if (ours) return { status: ours.status, errors: ours.errors, headers: ours.headers };
  return single(401, 'Session has expired', 'A valid bearer token is required.');
}

/** The 422 errors of a request body that broke its schema (Ajv errors), one per pointer. */
export function bodyValidationErrors(errors: readonly unknown[]): ErrorObject[] {
  return validationFailure(errors.filter(isAjvError), 'body').errors;
}

/** The 422 of a request body that broke a rule no schema states (server/http/validation.ts bodyFaults). */
export function bodyFaultError(faults: readonly AjvError[]): HttpError {
  const { status, errors, headers } = validationFailure([...faults], 'body');
  const error = new HttpError(status);
  error.errors.splice(0, error.errors.length, ...errors);
  Object.assign(error.headers, headers);
  return error;
}

function isAjvError(value: unknown): value is AjvError {
  return typeof value === 'object' && value !== null;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
};

/** A sentence a person can read for each schema rule; a client shows it as it is, so no validator wording leaks
 * out (ajv's "must NOT have fewer than 1 properties"). */
function titleOf(error: AjvError, name: string): string {
  const limit = error.params?.limit;
  switch (error.keyword) {
    case 'required':
      return `${name} is required`;
    // additionalProperties: false in the contract: the attribute may not be sent (never silently dropped).
    case 'additionalProperties':
      return `${name} is not accepted here`;
    case 'minProperties':
      return `${name} must not be empty`;
    case 'format':
      return `${name} is not a valid ${String(error.params?.format ?? 'value')}`;
    case 'pattern':
      return `${name} is not in the expected format`;
    case 'minLength':
      return `${name} is too short`;
    case 'maxLength':
      return `${name} is too long (at most ${String(limit)} characters)`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${name} is too small`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${name} is too large`;
    case 'minItems':
      return `${name} needs at least ${String(limit)}`;
    case 'maxItems':
      return `${name} may hold at most ${String(limit)}`;
    case 'enum':
    case 'const':
      return `${name} is not one of the accepted values`;
    case 'characters':
      return `${name} must not hold a NUL or an unpaired surrogate character`;
    case 'depth':
      return `${name} is nested too deeply (at most ${String(limit)} levels)`;
    case 'size':
      return `${name} holds too many values (at most ${String(limit)})`;
    case 'type': {
      const type = error.params?.type;
      const expected = typeof type === 'string' ? TYPE_NAMES[type] : undefined;
      return expected ? `${name} must be ${expected}` : `${name} is invalid`;
    }
    default:
      return `${name} is invalid`;
  }
}

function validationFailure(errors: AjvError[], context: ValidationContext): ErrorResponse {
  const status = context === 'body' ? 422 : 400;
  const seen = new Set<string>();
  const out: ErrorObject[] = [];
  for (const ajvError of errors) {
    const path = pathOf(ajvError);
    if (seen.has(path)) continue;
    seen.add(path);
    const segments = path.split('/').filter(Boolean).map(unescapePointer);
    const name = segments[segments.length - 1] ?? context;
    const base = { status: String(status), title: titleOf(ajvError, name) };
    if (context === 'body') out.push({ ...base, source: { pointer: path || '/' } });
    else if (context === 'headers') out.push({ ...base, source: { header: segments[0] ?? name } });
    else out.push({ ...base, source: { parameter: segments[0] ?? name } });
  }
  if (out.length === 0) out.push({ status: String(status), title: `The request ${context} is invalid` });
  return { status, errors: out, headers: {} };
}

/** The JSON pointer of the offending value; for a missing or extra property, that property's pointer. */
function pathOf(error: AjvError): string {
  const base = error.instancePath ?? '';
  const missing = error.params?.missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string') return `${base}/${escapePointer(missing)}`;
  const extra = error.params?.additionalProperty;
  if (error.keyword === 'additionalProperties' && typeof extra === 'string') return `${base}/${escapePointer(extra)}`;
  return base;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Sends the error document; it names the request id, also on failures that happen before any hook ran (a bad URL). */
export function sendError(reply: FastifyReply, response: ErrorResponse): FastifyReply {
  const requestId = reply.request.id;
  return reply
    .code(response.status)
    .headers(response.headers)
    .header(REQUEST_ID_HEADER, requestId)
    .type('application/json; charset=utf-8')
    .send(errorDocument(response.errors, requestId));
}

export interface ErrorHandlingOptions {
  /** Answers a request no route matched (e.g. the web app's index.html); return true when it did. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

/** Installs the one error handler and the 404 handler. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error, request, reply) => {
    const response = toErrorResponse(error);
    // Request lines are debug (app.ts); a refusal stays visible at info with what was asked and why.
    const what = { status: response.status, method: request.method, path: (request.url.split('?')[0] ?? '').slice(0, 200) };
    // A probe's 503 (not ready) is what it is for; the orchestrator reads it, the log does not need it.
    if (isProbe(request)) request.log.debug({ ...what, title: response.errors[0]?.title }, 'probe refused');
    else if (response.status >= 500) request.log.error({ ...what, err: error }, 'request failed');
    else request.log.info({ ...what, title: response.errors[0]?.title }, 'request refused');
    return sendError(reply, response);
  });
  app.setNotFoundHandler((request, reply) => {
    if (options.fallback?.(request, reply)) return reply;
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    return sendError(reply, single(404, 'Not Found', `No route for ${request.method} ${path}`));
  });
}
