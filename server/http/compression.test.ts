// Compressed answers (the contract's "Compression"): JSON of 1 KB or more leaves brotli- or gzip-compressed when the
// client accepts it; small answers and downloads that are compressed already leave as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import type { NewRemittance } from '../db/schema.ts';
import { REMITTANCE_LOGINS, remittanceGateway } from '../testing/remittances.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';
import { acceptedEncoding } from './compression.ts';

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

  it('compresses a report page of several megabytes as the client accepts, and it decodes to the very bytes of the plain answer', async () => {
    const { app } = await remittanceGateway(start);
    const at = '2025-01-14T12:00:00.000Z';
    const rows: NewRemittance[] = Array.from({ length: 4_000 }, (_, index) => ({
      tenant_id: 'tawakal-swift', payout_external_id: `BIG${String(index).padStart(6, '0')}`, reference_number: `RPBIG${index}`, original_id: null,
      payin_id: `pi-big-${index}`, card_payment_reference: null, transaction_date: at, type_name: 'Remittance', external_id: null, payout_channel: 'SWIFT',
      payout_partner: null, sender_name: 'Hodan Ali', sender_amount_minor: 10_000 + index, sender_currency: 'USD', receiver_name: 'Chinedu Okafor',
      receiver_amount_minor: 1_500_000, receiver_currency: 'NGN', beneficiary_bank_bic: null, beneficiary_bank_code: null, beneficiary_account: null,
      transaction_fee_minor: 100, transaction_fx_micro: 1_520_350_000, status_id: 256, status: 'Approved or completed successfully', purpose: null,
      sender_remarks: null, admin_notes: null, version: 0, created: at, updated: at,
    }));
    for (let from = 0; from < rows.length; from += 200) await app.db.insertInto('remittances').values(rows.slice(from, from + 200)).execute();
    const headers = bearer(await signIn(app, REMITTANCE_LOGINS.payout));
    const url = '/api/v1/remittance?page[size]=100000';
    const plain = await app.inject({ method: 'GET', url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(3_000_000);
    expectMatchesContract(plain, 'listRemittances');

    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const;
    for (const [accept, encoding] of cases) {
      const res = await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      if (encoding === undefined) {
        expect(res.rawPayload.equals(plain.rawPayload), accept).toBe(true);
        continue;
      }
      expect(String(res.headers.vary), accept).toContain('accept-encoding');
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 10);
      const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(decoded.equals(plain.rawPayload), accept).toBe(true);
    }
  });
});

describe('acceptedEncoding (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ] as const)('%s → %s', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});
