// Test support: the gateway in memory behind the app's API client, for component tests of every feature. The client
// keeps the fetch it finds when created, so a test file stubs fetch before any import (vi.hoisted) and forwards each
// request to a FakeGateway's `handle`.
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed; undefined for GET and for bodies that are not JSON (see `request`). */
  body: unknown;
  authorization: string | null;
  /** The request as sent, unread: a multipart body is read with `await call.request.formData()` or `.text()`. */
  request: Request;
}

/** A JSON body (or `raw` for any other body), with a status (200) and headers; or a Response as is. */
export type FakeReply = { status?: number; body?: unknown; raw?: BodyInit; headers?: Record<string, string> } | Response;
export type FakeHandler = (call: FakeCall, match: RegExpMatchArray) => FakeReply | Promise<FakeReply>;

/** A path pattern; a string matches that exact path. */
export type PathPattern = RegExp | string;

function matchPath(pattern: PathPattern, path: string): RegExpMatchArray | null {
  if (pattern instanceof RegExp) return path.match(pattern);
  return path === pattern ? path.match(/^.*$/) : null;
}

async function jsonBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || !request.headers.get('content-type')?.includes('json')) return undefined;
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export function replyOf(reply: FakeReply): Response {
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  if (reply.raw !== undefined) return new Response(reply.raw, { status, ...(reply.headers ? { headers: reply.headers } : {}) });
  const body = status === 204 ? null : JSON.stringify(reply.body ?? {});
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...reply.headers } });
}

/** Answers requests from the routes a test sets (the newest matching route wins); anything else answers 404. */
export class FakeGateway {
  readonly calls: FakeCall[] = [];
  private readonly routes: { method: string; pattern: PathPattern; handler: FakeHandler }[] = [];

  on(method: string, pattern: PathPattern, handler: FakeHandler): this {
    this.routes.unshift({ method, pattern, handler });
    return this;
  }

  callsTo(method: string, pattern: PathPattern): FakeCall[] {
    return this.calls.filter((call) => call.method === method && matchPath(pattern, call.path) !== null);
  }

  readonly handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: await jsonBody(request),
      authorization: request.headers.get('authorization'),
      request: request.clone(),
    };
    this.calls.push(call);
    for (const route of this.routes) {
      const match = route.method === request.method ? matchPath(route.pattern, url.pathname) : null;
      if (match) return replyOf(await route.handler(call, match));
    }
    return replyOf({ status: 404, body: { errors: [{ status: '404', title: `No fake for ${request.method} ${url.pathname}` }] } });
  };
}
