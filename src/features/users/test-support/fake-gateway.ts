// Test support: a gateway in memory for the users screens' component tests. The API client keeps the fetch it finds
// when created, so a test file installs `fetchProxy` with vi.hoisted before any import and points it at a FakeGateway.
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Reply = { status?: number; body?: unknown } | Response;
type Handler = (call: FakeCall, match: RegExpMatchArray) => Reply | Promise<Reply>;

export class FakeGateway {
  readonly calls: FakeCall[] = [];
  private readonly routes: { method: string; pattern: RegExp; handler: Handler }[] = [];

  /** The newest matching route wins, so a test can override a default. */
  on(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.unshift({ method, pattern, handler });
    return this;
  }

  callsTo(method: string, pattern: RegExp): FakeCall[] {
    return this.calls.filter((call) => call.method === method && pattern.test(call.path));
  }

  readonly handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    this.calls.push(call);
    for (const route of this.routes) {
      const match = route.method === request.method ? url.pathname.match(route.pattern) : null;
      if (!match) continue;
      const reply = await route.handler(call, match);
      if (reply instanceof Response) return reply;
      return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ errors: [{ status: '404', title: `No fake for ${request.method} ${url.pathname}` }] }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}
