import { afterEach, describe, expect, it } from 'vitest';
import type { MiddlewareCallbackParams } from 'openapi-fetch';
import { askForStepUpWith, stepUpRetry } from './step-up';

const refusal = () =>
  new Response(JSON.stringify({ errors: [{ status: '403', code: 'step_up_required', title: 'Step-up required', detail: 'Prove your second factor (within the last 5 minutes).' }] }), {
    status: 403,
    headers: { 'content-type': 'application/vnd.api+json' },
  });

// Only what the middleware reads of openapi-fetch's callback parameters.
const params = (request: Request, response?: Response) => ({ request, response }) as unknown as MiddlewareCallbackParams & { response: Response };

describe('stepUpRetry', () => {
  afterEach(() => askForStepUpWith(null));

  it('[issue 28] sends the body as bytes and, after the proof, the very same request again: same body, same Idempotency-Key', async () => {
    const resent: Request[] = [];
    const middleware = stepUpRetry(async (request) => {
      resent.push(request);
      return new Response(null, { status: 204 });
    });
    const asks: string[] = [];
    askForStepUpWith(async (ask) => {
      asks.push(ask.detail);
      return true;
    });
    const body = JSON.stringify({ data: { type: 'bulkreprocess', attributes: { ids: ['7'] } } });
    const original = new Request('http://gateway.test/api/v1/payout/bulk', { method: 'POST', body, headers: { 'Idempotency-Key': 'key-1', 'content-type': 'application/vnd.api+json' } });

    const wire = (await middleware.onRequest?.(params(original))) as Request;
    expect(await wire.clone().text()).toBe(body);
    const answer = (await middleware.onResponse?.(params(wire, refusal()))) as Response;

    expect(asks).toEqual(['Prove your second factor (within the last 5 minutes).']);
    expect(answer.status).toBe(204);
    expect(resent).toHaveLength(1);
    expect(resent[0]?.method).toBe('POST');
    expect(resent[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(await resent[0]?.text()).toBe(body);
  });

  it('[issue 28] hands the refusal on when the person cancels, sending nothing again', async () => {
    const resent: Request[] = [];
    const middleware = stepUpRetry(async (request) => {
      resent.push(request);
      return new Response(null, { status: 204 });
    });
    askForStepUpWith(async () => false);
    const wire = (await middleware.onRequest?.(params(new Request('http://gateway.test/api/v1/tenant/x', { method: 'PATCH', body: '{}' })))) as Request;
    const answer = (await middleware.onResponse?.(params(wire, refusal()))) as Response;
    expect(answer.status).toBe(403);
    expect(resent).toHaveLength(0);
  });
});
