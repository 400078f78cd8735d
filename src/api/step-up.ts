// Step-up (issue 28 item 2): an action the gateway guards answers 403 `step_up_required` when the session's last
// second-factor check is older than the tenant's window. This middleware of the one API client holds that answer,
// asks the person for their factor in place (the app's step-up dialog registers how, `askForStepUpWith`), and on
// success sends the very same request again: same body, same Idempotency-Key, so no flow repeats or re-keys anything.
// Cancelled, the flow gets the 403 as any refusal.
import type { Middleware } from 'openapi-fetch';
import { isErrorDocument } from './errors';

export interface StepUpAsk {
  /** The gateway's text: why, and within how many minutes. */
  detail: string;
}

/** Asks the person to prove their factor; true once proved, false when they cancel. */
export type StepUpAsker = (ask: StepUpAsk) => Promise<boolean>;

let asker: StepUpAsker | null = null;

/** Registers how the app asks (its step-up dialog); null when nothing may ask (then the 403 goes through). */
export function askForStepUpWith(next: StepUpAsker | null): void {
  asker = next;
}

/** The gateway's step-up refusal in a response, if it is one. */
export async function stepUpRefusalOf(response: Response): Promise<StepUpAsk | null> {
  if (response.status !== 403) return null;
  const body: unknown = await response.clone().json().catch(() => null);
  const error = isErrorDocument(body) ? body.errors.find((item) => item.code === 'step_up_required') : undefined;
  return error ? { detail: error.detail ?? error.title ?? '' } : null;
}

/** The middleware; it must be the last one registered, so it keeps the request exactly as it went on the wire. */
export function stepUpRetry(send: (request: Request) => Promise<Response>): Middleware {
  const bodies = new WeakMap<Request, ArrayBuffer | null>();
  return {
    async onRequest({ request }) {
      // The body is read once and goes on the wire as bytes: a clone would tee it into a stream, which the browser
      // then uploads as one (unseen by whatever reads request bodies), and a retry needs the very same bytes.
      const body = request.body ? await request.arrayBuffer() : null;
      const wire = body ? new Request(request, { body }) : request;
      bodies.set(wire, body);
      return wire;
    },
    async onResponse({ request, response }) {
      if (!bodies.has(request)) return response;
      const body = bodies.get(request) ?? null;
      let answer = response;
      for (let ask = await stepUpRefusalOf(answer); ask && asker; ask = await stepUpRefusalOf(answer)) {
        if (!(await asker(ask))) return answer;
        answer = await send(body ? new Request(request, { body }) : new Request(request));
      }
      return answer;
    },
  };
}
