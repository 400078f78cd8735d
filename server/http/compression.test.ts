// Compressed answers (the contract's "Compression"): JSON of 1 KB or more leaves brotli- or gzip-compressed when the
// client accepts it; small answers and downloads that are compressed already leave as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const start = gatewayPerTest();

describe('compressed answers', () => {
  it("compresses a JSON answer of 1 KB or more (the contract's Compression) with brotli or gzip, as the client accepts (regression: every answer left uncompressed)", async () => {
    const { app } = await start();
    const headers = bearer(await signIn(app, 'super@demo.test'));
    const plain = await app.inject({ method: 'GET', url: '/api/v1/um/countries', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);

    const br = await app.inject({ method: 'GET', url: '/api/v1/um/countries', headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expectMatchesContract(plain, 'listCountries');

    const gzip = await app.inject({ method: 'GET', url: '/api/v1/um/countries', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends small answers and PDF downloads as they are', async () => {
    const { app } = await start();
    const small = await app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ meta: { status: 'ok' } });

    const token = await tenantToken(app, await signIn(app, 'super@demo.test'), 'naccug');
    const pdf = await app.inject({
      method: 'GET',
      url: '/api/v1/wt/transactions/pdf?filter[startDate]=2025-01-01&filter[endDate]=2025-01-31',
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
