// The payout operations on the gateway (remittances-and-payouts §4 to §7): the payout account, the swift status
// check and each bank branch, re-initiate and the settler, bulk and selected reprocessing with Idempotency-Key,
// cancel, edit status and bulk edit; a bank that is down (502) or slow (504); payout admins only; tenant isolation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { auditOf, bulkKey, remittanceGateway, SLOW_BANK, storedRow, UNKNOWN_ACCOUNT } from '../testing/remittances.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { PAYOUT_INPUT_MESSAGES } from '../domain/remittances/rules.ts';
import { gatewayPerTest } from '../testing.ts';

const startGateway = gatewayPerTest();
const start = (options = {}) => remittanceGateway(startGateway, options);

const settle = async (app: Awaited<ReturnType<typeof start>>['app']) => {
  const res = await app.inject({ method: 'POST', url: '/dev/settler' });
  expectMatchesContract(res, 'runSettler');
  return res.json().data as { settled: number; results: Record<string, number> };
};

const setBank = async (app: Awaited<ReturnType<typeof start>>['app'], mode: string) => {
  const res = await app.inject({ method: 'PUT', url: '/dev/bank', payload: { mode } });
  expectMatchesContract(res, 'setBankMode');
  expect(res.statusCode).toBe(200);
};

const today = MINIMAL_NOW.toISOString().slice(0, 10);

describe('GET payout account (getPayoutAccount, lookupPayoutAccount)', () => {
  it("[RP-2.45] [RP-3.05] [RP-7.21] answers the tenant's configured payout account from the bank, and 404 for any other number", async () => {
    const { as } = await start();
    const payout = await as('payout');
    const res = await payout.get('/api/v1/integration/swift/payout-account/5400012345');
    expectMatchesContract(res, 'getPayoutAccount');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      type: 'payout-account',
      id: '5400012345',
      attributes: {
        accountNumber: '5400012345',
        accountName: 'Tawakal Swift Payouts',
        availableBalance: '250000000.00',
        currency: 'NGN',
        accountStatus: 'ACTIVE',
        emailAddress: 'payouts@tawakal-swift.example',
        phoneNumber: expect.stringMatching(/^234803\d{7}$/),
      },
    });
    // Another operator's account is not this tenant's (RP §9: configured per partner).
    const other = await payout.get('/api/v1/integration/swift/payout-account/5400023456');
    expectMatchesContract(other, 'getPayoutAccount');
    expect(other.statusCode).toBe(404);
    const ss = await (await as('ssPayout')).get('/api/v1/integration/swift/payout-account/5400023456');
    expect(ss.json().data.attributes.accountName).toBe('SS Swift Payouts');
  });

  it('[RP-7.13] [RP-8.05] looks an account up at the bank: 00 with the number, or 200 with accountNumber null and the code and message', async () => {
    const { as } = await start();
    const payout = await as('payout');
    const known = await payout.get('/api/v1/integration/swift/providus-account?accountNumber=0123456789');
    expectMatchesContract(known, 'lookupPayoutAccount');
    expect(known.json().data.attributes).toEqual({ accountNumber: '0123456789', responseCode: '00', responseMessage: 'Approved or completed successfully' });
    const unknown = await payout.get(`/api/v1/integration/swift/providus-account?accountNumber=${UNKNOWN_ACCOUNT}`);
    expectMatchesContract(unknown, 'lookupPayoutAccount');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data.attributes).toEqual({ accountNumber: null, responseCode: '07', responseMessage: 'Invalid Account' });
  });

  it("[RP-8.04] [RP-8.06] answers 502 bank_unavailable when the bank is down and 504 bank_timeout when it is slow, never 500", async () => {
    const { app, as } = await start({ bank: SLOW_BANK });
    const payout = await as('payout');
    await setBank(app, 'down');
    for (const url of ['/api/v1/integration/swift/payout-account/5400012345', '/api/v1/integration/swift/providus-account?accountNumber=0123456789']) {
      const res = await payout.get(url);
      expectMatchesContract(res, url.includes('providus') ? 'lookupPayoutAccount' : 'getPayoutAccount');
      expect(res.statusCode).toBe(502);
      expect(res.json().errors[0]).toMatchObject({ title: 'Beneficiary Bank not available', code: 'bank_unavailable' });
    }
    // The slow bank answers only after the test has ended: the 504 is the gateway's time limit ending the call.
    await setBank(app, 'slow');
    const slow = await payout.get('/api/v1/integration/swift/payout-account/5400012345');
    expectMatchesContract(slow, 'getPayoutAccount');
    expect(slow.statusCode).toBe(504);
    expect(slow.json().errors[0]).toMatchObject({ title: 'Timeout waiting for response from destination', code: 'bank_timeout' });
  });

  it('[RP-6.01] [RP-6.07] refuses staff without the payout admin role, and payout admins of tenants outside the operators, with 403 not_payout_admin', async () => {
    const { app, as } = await start();
    for (const login of ['payoutOfficer', 'payoutGroup', 'bunna', 'payin@demo.test', 'partner@demo.test']) {
      const client = await as(login);
      for (const url of ['/api/v1/integration/swift/payout-account/5400012345', '/api/v1/integration/swift/providus-account?accountNumber=0123456789']) {
        const res = await client.get(url);
        expectMatchesContract(res, url.includes('providus') ? 'lookupPayoutAccount' : 'getPayoutAccount');
        expect(res.statusCode, `${login} ${url}`).toBe(403);
        expect(res.json().errors[0].code).toBe('not_payout_admin');
      }
    }
    // The refusal comes before the bank: nothing asked it.
    await setBank(app, 'down');
    expect((await (await as('payoutOfficer')).get('/api/v1/integration/swift/payout-account/5400012345')).statusCode).toBe(403);
  });
});

describe('GET nip-transactions/{payoutExternalId} (getSwiftTransactionStatus)', () => {
  it('[RP-4.08] [RP-4.09] [RP-3.06] [RP-7.14] 00: the bank paid it; the bank fields and the local row with its reference number', async () => {
    const { as, remittances } = await start();
    const res = await (await as('payout')).check(remittances.references.paid);
    expectMatchesContract(res, 'getSwiftTransactionStatus');
    expect(res.json().data).toMatchObject({
      type: 'swift-status',
      id: 'TS250115000010',
      attributes: {
        currency: 'NGN',
        amount: '304070.00',
        transactionReference: 'TS250115000010',
        recipientBankCode: '101',
        recipientAccountNumber: '0123456789',
        transactionDateTime: expect.any(String),
        responseCode: '00',
        responseMessage: 'Approved or completed successfully',
        transaction: { id: remittances.rows.paid, referenceNumber: expect.stringMatching(/^RP/), originalId: null, payoutExternalId: 'TS250115000010', statusId: 128 },
      },
    });
  });

  it("[RP-4.10] 01 'Transaction does not exist.' for a reference the bank never saw; a partner id after | is not sent to the bank", async () => {
    const { as, remittances } = await start();
    const payout = await as('payout');
    for (const row of ['missing', 'partner'] as const) {
      const res = await payout.check(remittances.references[row]);
      expectMatchesContract(res, 'getSwiftTransactionStatus');
      expect(res.json().data.attributes).toMatchObject({
        responseCode: '01',
        responseMessage: 'Transaction does not exist.',
        currency: null,
        amount: null,
        recipientBankCode: null,
        transactionDateTime: null,
        transaction: { payoutExternalId: remittances.references[row] },
      });
    }
    expect((await payout.check(remittances.references.partner)).json().data.id).toBe('TS250115000023');
  });

  it('[RP-4.11] [RP-4.12] [RP-4.13] 32 for a held reference, another code (96 System malfunction) for a failed one; the check changes nothing', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const held = await payout.check(remittances.references.held);
    expect(held.json().data.attributes).toMatchObject({ responseCode: '32', responseMessage: 'TRANSACTION REFERENCE EXISTS' });
    const broken = await payout.check(remittances.references.broken);
    expectMatchesContract(broken, 'getSwiftTransactionStatus');
    expect(broken.json().data.attributes).toMatchObject({ responseCode: '96', responseMessage: 'System malfunction' });
    expect(await storedRow(app.db, remittances.rows.held)).toMatchObject({ status_id: 4, version: 0 });
    expect(await auditOf(app.db, remittances.rows.held)).toEqual([]);
  });

  it("answers 404 for another tenant's reference or an unknown one, 403 to non-payout-admins, 502 and 504 for the bank", async () => {
    const { app, as, remittances } = await start({ bank: SLOW_BANK });
    const payout = await as('payout');
    for (const reference of [remittances.references.foreign, 'NOPE123']) {
      const res = await payout.check(reference);
      expectMatchesContract(res, 'getSwiftTransactionStatus');
      expect(res.statusCode).toBe(404);
    }
    const officer = await (await as('payoutOfficer')).check(remittances.references.missing);
    expectMatchesContract(officer, 'getSwiftTransactionStatus');
    expect(officer.statusCode).toBe(403);
    const bad = await payout.get('/api/v1/integration/swift/nip-transactions/has%20space');
    expectMatchesContract(bad, 'getSwiftTransactionStatus');
    expect(bad.statusCode).toBe(400);
    await setBank(app, 'down');
    expect((await payout.check(remittances.references.missing)).statusCode).toBe(502);
    await setBank(app, 'slow');
    const slow = await payout.check(remittances.references.missing);
    expectMatchesContract(slow, 'getSwiftTransactionStatus');
    expect(slow.statusCode).toBe(504);
  });
});

describe('POST republish-transactions (republishPayout) and the settler', () => {
  it('[RP-7.17] [RP-4.19] queues a reprocessable row as 4 Re-Processing (202), then the settler pays it and settles it to 256', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const res = await payout.republish(remittances.rows.missing);
    expectMatchesContract(res, 'republishPayout');
    expect(res.statusCode).toBe(202);
    expect(res.json().data.attributes).toMatchObject({ statusId: 4, status: 'Re-Processing', queued: true, actions: { checkStatus: true, reprocess: false, cancel: false, editStatus: true } });
    expect((await auditOf(app.db, remittances.rows.missing)).map((row) => row.action)).toEqual(['remittance.republish']);

    const again = await payout.republish(remittances.rows.missing);
    expectMatchesContract(again, 'republishPayout');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('already_queued');

    expect(await settle(app)).toEqual({ settled: 1, results: { [remittances.rows.missing]: 256 } });
    const row = await payout.get(`/api/v1/remittance?filter[payoutExternalId]=${remittances.references.missing}`);
    expect(row.json().data[0].attributes).toMatchObject({ statusId: 256, status: 'Approved or completed successfully', queued: false });
    expect((await auditOf(app.db, remittances.rows.missing)).map((audit) => [audit.action, audit.actor_user_id])).toEqual([
      ['remittance.republish', remittances.users.payout],
      ['remittance.settle', null],
    ]);
  });

  it('[RP-4.11] a 32 row is re-issued as {reference}A with originalId, once; a paid one (00) settles without paying again', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    for (const row of ['held', 'paid', 'reissued', 'broken'] as const) expect((await payout.republish(remittances.rows[row])).statusCode).toBe(202);
    const balance = async () => (await app.db.selectFrom('bank_accounts').select('balance_minor').where('account_number', '=', '5400012345').executeTakeFirstOrThrow()).balance_minor;
    const before = await balance();
    expect((await settle(app)).results).toEqual({
      [remittances.rows.held]: 256,
      [remittances.rows.paid]: 256,
      [remittances.rows.reissued]: 128,
      [remittances.rows.broken]: 128,
    });
    expect(before - (await balance())).toBe(30_407_000);
    const list = await payout.get('/api/v1/remittance?sort=payoutExternalId&page[size]=100');
    expectMatchesContract(list, 'listRemittances');
    const byId = new Map((list.json().data as Array<{ id: string; attributes: Record<string, unknown> }>).map((row) => [row.id, row.attributes]));
    expect(byId.get(remittances.rows.held)).toMatchObject({ payoutExternalId: 'TS250115000016A', originalId: 'TS250115000016', statusId: 256 });
    expect(byId.get(remittances.rows.reissued)).toMatchObject({ payoutExternalId: 'TS250115000026A', statusId: 128, status: 'TRANSACTION REFERENCE EXISTS' });
    expect(byId.get(remittances.rows.broken)).toMatchObject({ statusId: 128, status: 'System malfunction' });
  });

  it('refuses a row that is not reprocessable (409), another tenant\'s id (404), non-payout-admins (403), and bad bodies (422) without a 500', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    for (const [id, status, code] of [
      [remittances.rows.settled, 409, 'not_reprocessable'],
      [remittances.rows.cancelled, 409, 'not_reprocessable'],
      [remittances.rows.foreign, 404, undefined],
      ['999999', 404, undefined],
      ['not-a-row', 404, undefined],
    ] as const) {
      const res = await payout.republish(id);
      expectMatchesContract(res, 'republishPayout');
      expect(res.statusCode, id).toBe(status);
      if (code) expect(res.json().errors[0].code).toBe(code);
    }
    const officer = await (await as('payoutOfficer')).republish(remittances.rows.missing);
    expectMatchesContract(officer, 'republishPayout');
    expect(officer.statusCode).toBe(403);
    for (const payload of [{}, { data: { type: 'Transaction', attributes: {} } }, { data: { type: 'Transaction', attributes: { id: 'has space' } } }, { data: { type: 'Other', attributes: { id: '1' } } }, { data: { type: 'Transaction', attributes: { id: '1', extra: true } } }]) {
      const res = await payout.send('POST', '/api/v1/integration/swift/republish-transactions', payload);
      expectMatchesContract(res, 'republishPayout');
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const invalid = await payout.cancel({ id: remittances.rows.missing });
    expectMatchesContract(invalid, 'cancelPayout');
    expect(invalid.statusCode).toBe(422);
    expect(await storedRow(app.db, remittances.rows.missing)).toMatchObject({ status_id: 128, version: 0 });
  });

  it('[RP-4.07] re-initiates a row whose status text has spaces around a listed text', async () => {
    const { as, remittances } = await start();
    expect((await (await as('payout')).republish(remittances.rows.spaced)).statusCode).toBe(202);
  });
});

describe('POST republish-bulk-transactions (republishPayouts)', () => {
  it('[RP-4.29] [RP-4.25] [RP-7.18] queues the ticked rows and answers each one\'s outcome and the count', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    await payout.republish(remittances.rows.held);
    const ids = [remittances.rows.missing, remittances.rows.partner, remittances.rows.settled, remittances.rows.held, remittances.rows.foreign, '424242'];
    const res = await payout.republishBulk({ transactionIds: ids });
    expectMatchesContract(res, 'republishPayouts');
    expect(res.statusCode).toBe(202);
    expect(res.json().data.attributes).toEqual({
      count: 2,
      results: {
        [remittances.rows.missing]: 'queued',
        [remittances.rows.partner]: 'queued',
        [remittances.rows.settled]: 'not_reprocessable',
        [remittances.rows.held]: 'already_queued',
        [remittances.rows.foreign]: 'not_found',
        '424242': 'not_found',
      },
    });
    expect(await storedRow(app.db, remittances.rows.foreign)).toMatchObject({ status_id: 128, version: 0 });
    expect((await settle(app)).settled).toBe(3);
  });

  it('[RP-7.19] [RP-4.27] by count: the window filter[startdate]..filter[enddata] queues its reprocessable rows, oldest first, up to numberOfTransactions', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const res = await payout.republishBulk({ numberOfTransactions: 3 }, `?filter[startdate]=2025-01-14&filter[enddata]=${today}`);
    expectMatchesContract(res, 'republishPayouts');
    expect(res.statusCode).toBe(202);
    const { count, results } = res.json().data.attributes as { count: number; results: Record<string, string> };
    expect(count).toBe(3);
    // The rows are dated 5, 10, 15... minutes before now in the order of the test world, so the oldest reprocessable ones come last there.
    const oldest = [remittances.rows.spaced, remittances.rows.badAccount, remittances.rows.broken];
    expect(Object.keys(results).sort()).toEqual([...oldest].sort());
    expect(Object.values(results)).toEqual(['queued', 'queued', 'queued']);

    const rest = await payout.republishBulk({}, `?filter[startdate]=2025-01-14&filter[enddata]=${today}`);
    // paid, missing, partner, held, reissued: every other reprocessable row of the tenant; settled and cancelled are not.
    expect(rest.json().data.attributes.count).toBe(5);
    const none = await payout.republishBulk({ numberOfTransactions: 10 }, '?filter[startdate]=2024-01-01&filter[enddata]=2024-01-02');
    expectMatchesContract(none, 'republishPayouts');
    expect(none.statusCode).toBe(202);
    expect(none.json().data.attributes).toEqual({ count: 0, results: {} });
    expect(await app.db.selectFrom('payout_queue').select('tenant_id').distinct().execute()).toEqual([{ tenant_id: 'tawakal-swift' }]);
  });

  it('[RP-4.28] [RP-5.05] the days-back window spans at most 366 days; a missing or reversed window answers 422 naming the parameter', async () => {
    const { as } = await start();
    const payout = await as('payout');
    const year = await payout.republishBulk({ numberOfTransactions: 1 }, `?filter[startdate]=2024-01-15&filter[enddata]=${today}`);
    expect(year.statusCode).toBe(202);
    for (const [query, parameter] of [
      ['', 'filter[startdate]'],
      ['?filter[startdate]=2025-01-14', 'filter[enddata]'],
      [`?filter[startdate]=2024-01-14&filter[enddata]=${today}`, 'filter[enddata]'],
      ['?filter[startdate]=2025-01-15&filter[enddata]=2025-01-14', 'filter[enddata]'],
    ] as const) {
      const res = await payout.republishBulk({ numberOfTransactions: 1 }, query);
      expectMatchesContract(res, 'republishPayouts');
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[0].source).toEqual({ parameter });
    }
  });

  it('[RP-5.03] numberOfTransactions is 1 to 1000: 0 and 1001 are refused with 422 and queue nothing', async () => {
    const { app, as } = await start();
    const payout = await as('payout');
    for (const numberOfTransactions of [0, 1001, 1.5, 'five']) {
      const res = await payout.republishBulk({ numberOfTransactions }, `?filter[startdate]=2025-01-14&filter[enddata]=${today}`);
      expectMatchesContract(res, 'republishPayouts');
      expect(res.statusCode, String(numberOfTransactions)).toBe(422);
    }
    expect(await app.db.selectFrom('payout_queue').selectAll().execute()).toEqual([]);
  });

  it('replays the same Idempotency-Key: the same key twice queues once; the key with another body or window answers 422', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const key = bulkKey();
    const first = await payout.republishBulk({ numberOfTransactions: 2 }, `?filter[startdate]=2025-01-14&filter[enddata]=${today}`, key);
    const second = await payout.republishBulk({ numberOfTransactions: 2 }, `?filter[startdate]=2025-01-14&filter[enddata]=${today}`, key);
    expectMatchesContract(second, 'republishPayouts');
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await app.db.selectFrom('payout_queue').selectAll().execute()).toHaveLength(2);
    const republished = await app.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'remittance.republish').execute();
    expect(republished).toHaveLength(2);

    const otherWindow = await payout.republishBulk({ numberOfTransactions: 2 }, '?filter[startdate]=2025-01-13&filter[enddata]=2025-01-15', key);
    expectMatchesContract(otherWindow, 'republishPayouts');
    expect(otherWindow.statusCode).toBe(422);
    expect(otherWindow.json().errors[0].code).toBe('idempotency_key_reused');
    const ticked = await payout.republishBulk({ transactionIds: [remittances.rows.missing] }, '', key);
    expect(ticked.statusCode).toBe(422);
    const missingKey = await payout.send('POST', '/api/v1/integration/swift/republish-bulk-transactions', { data: { type: 'Transaction', attributes: { transactionIds: ['1'] } } });
    expectMatchesContract(missingKey, 'republishPayouts');
    expect(missingKey.statusCode).toBe(400);
  });

  it('[RP-6.02] refuses non-payout-admins with 403 and queues nothing', async () => {
    const { app, as, remittances } = await start();
    for (const login of ['payoutOfficer', 'bunna']) {
      const res = await (await as(login)).republishBulk({ transactionIds: [remittances.rows.missing, remittances.rows.bunnaProcessing] });
      expectMatchesContract(res, 'republishPayouts');
      expect(res.statusCode).toBe(403);
    }
    expect(await app.db.selectFrom('payout_queue').selectAll().execute()).toEqual([]);
  });
});

describe('POST cancel-transactions (cancelPayout)', () => {
  it("[RP-4.20] [RP-7.20] sets 128 'Cancelled - {reason}' after asking the bank, with the reason and the bank's message in the audit row", async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const res = await payout.cancel({ id: remittances.rows.held, reason: 'Beneficiary account closed', responseMessage: 'TRANSACTION REFERENCE EXISTS' });
    expectMatchesContract(res, 'cancelPayout');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      statusId: 128,
      status: 'Cancelled - Beneficiary account closed',
      reprocessable: false,
      adminNotes: 'Cancelled by payout@demo.test: Beneficiary account closed',
    });
    const [audit] = await auditOf(app.db, remittances.rows.held);
    expect(audit).toMatchObject({ action: 'remittance.cancel', actor_user_id: remittances.users.payout, tenant_id: 'tawakal-swift' });
    expect(audit?.reason).toBe('Beneficiary account closed | Status check: TRANSACTION REFERENCE EXISTS | Bank: 32 TRANSACTION REFERENCE EXISTS');
    expect(JSON.parse(audit?.before_json ?? '{}')).toMatchObject({ statusId: 4, status: 'Processing' });
  });

  it('never cancels a payout the bank paid (409 bank_settled), a queued row (409) or a row that is not reprocessable (409)', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const paid = await payout.cancel({ id: remittances.rows.paid, reason: 'Customer request' });
    expectMatchesContract(paid, 'cancelPayout');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().errors[0].code).toBe('bank_settled');
    await payout.republish(remittances.rows.missing);
    const queued = await payout.cancel({ id: remittances.rows.missing, reason: 'Customer request' });
    expect(queued.json().errors[0].code).toBe('already_queued');
    const settled = await payout.cancel({ id: remittances.rows.settled, reason: 'Customer request' });
    expect(settled.json().errors[0].code).toBe('not_reprocessable');
    expect(await storedRow(app.db, remittances.rows.paid)).toMatchObject({ status_id: 128, version: 0 });
  });

  it('changes nothing when the bank is down (502) or slow (504); 404 across tenants; 403 for non-payout-admins; 422 for a blank reason', async () => {
    const { app, as, remittances } = await start({ bank: SLOW_BANK });
    const payout = await as('payout');
    await setBank(app, 'down');
    const down = await payout.cancel({ id: remittances.rows.missing, reason: 'Customer request' });
    expectMatchesContract(down, 'cancelPayout');
    expect(down.statusCode).toBe(502);
    await setBank(app, 'slow');
    const slow = await payout.cancel({ id: remittances.rows.missing, reason: 'Customer request' });
    expectMatchesContract(slow, 'cancelPayout');
    expect(slow.statusCode).toBe(504);
    await setBank(app, 'normal');
    expect(await storedRow(app.db, remittances.rows.missing)).toMatchObject({ status_id: 128, version: 0 });
    expect((await payout.cancel({ id: remittances.rows.foreign, reason: 'x' })).statusCode).toBe(404);
    const officer = await (await as('payoutOfficer')).cancel({ id: remittances.rows.missing, reason: 'x' });
    expectMatchesContract(officer, 'cancelPayout');
    expect(officer.statusCode).toBe(403);
    const blank = await payout.cancel({ id: remittances.rows.missing, reason: '   ' });
    expectMatchesContract(blank, 'cancelPayout');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0].source).toEqual({ pointer: '/data/attributes/reason' });
  });
});

describe('PATCH bank-payouts/{id} (updatePayoutStatus)', () => {
  it('[RP-4.21] [RP-7.15] sets the status code and description, notes who set it, writes the audit row', async () => {
    const { app, as, remittances } = await start();
    const res = await (await as('payout')).edit(remittances.rows.settled, { StatusCode: 128, StatusDescription: 'Returned by beneficiary bank' });
    expectMatchesContract(res, 'updatePayoutStatus');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ statusId: 128, status: 'Returned by beneficiary bank', adminNotes: 'Status set to 128 by payout@demo.test' });
    const [audit] = await auditOf(app.db, remittances.rows.settled);
    expect(audit).toMatchObject({ action: 'remittance.status', actor_user_id: remittances.users.payout, reason: 'Returned by beneficiary bank' });
    expect(JSON.parse(audit?.before_json ?? '{}')).toMatchObject({ statusId: 256, status: 'Successful' });
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({ statusId: 128, status: 'Returned by beneficiary bank' });
  });

  it('takes a queued row out of the queue: the settler leaves it alone', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    await payout.republish(remittances.rows.missing);
    const res = await payout.edit(remittances.rows.missing, { StatusCode: 256, StatusDescription: 'Paid manually at branch' });
    expect(res.json().data.attributes).toMatchObject({ statusId: 256, queued: false });
    expect(await settle(app)).toEqual({ settled: 0, results: {} });
    expect(await storedRow(app.db, remittances.rows.missing)).toMatchObject({ status_id: 256, status: 'Paid manually at branch' });
  });

  it('[RP-5.07] [RP-5.08] [RP-5.09] refuses a code outside 0 to 256 or not whole, and a missing or blank description, with 422 and its pointer', async () => {
    const { as, remittances } = await start();
    const payout = await as('payout');
    for (const [attributes, pointer] of [
      [{ StatusCode: -1, StatusDescription: 'x' }, '/data/attributes/StatusCode'],
      [{ StatusCode: 257, StatusDescription: 'x' }, '/data/attributes/StatusCode'],
      [{ StatusCode: 1.5, StatusDescription: 'x' }, '/data/attributes/StatusCode'],
      [{ StatusDescription: 'x' }, '/data/attributes/StatusCode'],
      [{ StatusCode: 128 }, '/data/attributes/StatusDescription'],
      [{ StatusCode: 128, StatusDescription: '  ' }, '/data/attributes/StatusDescription'],
    ] as const) {
      const res = await payout.edit(remittances.rows.settled, attributes);
      expectMatchesContract(res, 'updatePayoutStatus');
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(res.json().errors.map((error: { source?: { pointer?: string } }) => error.source?.pointer)).toContain(pointer);
    }
    for (const code of [0, 256]) expect((await payout.edit(remittances.rows.settled, { StatusCode: code, StatusDescription: 'Edge' })).statusCode).toBe(200);
    const mismatch = await payout.send('PATCH', `/api/v1/bank-payouts/${remittances.rows.settled}`, {
      data: { type: 'Transaction', id: remittances.rows.missing, attributes: { StatusCode: 1, StatusDescription: 'x' } },
    });
    expectMatchesContract(mismatch, 'updatePayoutStatus');
    expect(mismatch.statusCode).toBe(422);
  });

  it("answers 404 for another tenant's row and 403 to non-payout-admins, changing nothing", async () => {
    const { app, as, remittances } = await start();
    const foreign = await (await as('payout')).edit(remittances.rows.foreign, { StatusCode: 256, StatusDescription: 'x' });
    expectMatchesContract(foreign, 'updatePayoutStatus');
    expect(foreign.statusCode).toBe(404);
    const officer = await (await as('payoutOfficer')).edit(remittances.rows.missing, { StatusCode: 256, StatusDescription: 'x' });
    expectMatchesContract(officer, 'updatePayoutStatus');
    expect(officer.statusCode).toBe(403);
    expect(await storedRow(app.db, remittances.rows.foreign)).toMatchObject({ version: 0 });
  });
});

describe('POST update-bulk-transactions (updatePayoutStatuses)', () => {
  it('[RP-4.23] [RP-7.16] applies one code and description to every ticked row, one audit row each', async () => {
    const { app, as, remittances } = await start();
    const ids = [remittances.rows.missing, remittances.rows.settled];
    const res = await (await as('payout')).editBulk({ transactionIds: ids, statusCode: 256, statusDescription: 'Paid manually' });
    expectMatchesContract(res, 'updatePayoutStatuses');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ count: 2 });
    expect(res.json().data.map((row: { id: string; attributes: { statusId: number; status: string } }) => [row.id, row.attributes.statusId, row.attributes.status])).toEqual([
      [remittances.rows.missing, 256, 'Paid manually'],
      [remittances.rows.settled, 256, 'Paid manually'],
    ]);
    for (const id of ids) expect((await auditOf(app.db, id)).map((row) => row.action)).toEqual(['remittance.status']);
  });

  it("is all or nothing: one id outside the tenant answers 422 not_found pointing at it, and no row changes", async () => {
    const { app, as, remittances } = await start();
    const ids = [remittances.rows.missing, remittances.rows.foreign, remittances.rows.settled, '31337'];
    const res = await (await as('payout')).editBulk({ transactionIds: ids, statusCode: 256, statusDescription: 'Paid manually' });
    expectMatchesContract(res, 'updatePayoutStatuses');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((error: { code: string; source: { pointer: string } }) => [error.code, error.source.pointer])).toEqual([
      ['not_found', '/data/attributes/transactionIds/1'],
      ['not_found', '/data/attributes/transactionIds/3'],
    ]);
    for (const id of [remittances.rows.missing, remittances.rows.settled]) expect(await storedRow(app.db, id)).toMatchObject({ version: 0 });
    expect(await app.db.selectFrom('audit_log').select('id').where('entity', '=', 'remittance').execute()).toEqual([]);
  });

  it('replays the same Idempotency-Key once; another body with the key answers 422; non-payout-admins 403; bad input 422', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    const key = bulkKey();
    const body = { transactionIds: [remittances.rows.missing], statusCode: 128, statusDescription: 'Returned' };
    const first = await payout.editBulk(body, key);
    const second = await payout.editBulk(body, key);
    expectMatchesContract(second, 'updatePayoutStatuses');
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await auditOf(app.db, remittances.rows.missing)).toHaveLength(1);
    const reused = await payout.editBulk({ ...body, statusDescription: 'Other' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0].code).toBe('idempotency_key_reused');
    const officer = await (await as('payoutOfficer')).editBulk(body);
    expectMatchesContract(officer, 'updatePayoutStatuses');
    expect(officer.statusCode).toBe(403);
    for (const attributes of [{ ...body, statusCode: 300 }, { ...body, statusDescription: ' ' }, { ...body, transactionIds: [] }, { statusCode: 1 }]) {
      const res = await payout.editBulk(attributes);
      expectMatchesContract(res, 'updatePayoutStatuses');
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
    }
  });
});

describe('RP §5 refusals', () => {
  /** A form's messages: each field's errorMessage and the required ones (schemas/forms/<id>.json). */
  function formMessages(id: string): string[] {
    const form = JSON.parse(readFileSync(new URL(`../../schemas/forms/${id}.json`, import.meta.url), 'utf8')) as {
      schema: { properties: Record<string, { errorMessage?: string }>; errorMessage?: { required?: Record<string, string> } };
    };
    return [...Object.values(form.schema.properties).map((field) => field.errorMessage ?? ''), ...Object.values(form.schema.errorMessage?.required ?? {})].filter(Boolean);
  }

  it('are worded as the screens word the same rules', () => {
    expect(formMessages('payout-status')).toEqual(expect.arrayContaining([PAYOUT_INPUT_MESSAGES.statusCodeRequired, PAYOUT_INPUT_MESSAGES.statusCodeRange, PAYOUT_INPUT_MESSAGES.statusDescriptionRequired]));
    expect(formMessages('bulk-reprocess')).toContain(PAYOUT_INPUT_MESSAGES.countRange);
    expect(formMessages('bulk-reprocess-days')).toContain(PAYOUT_INPUT_MESSAGES.daysRange);
  });

  it('[RP-5.07] [RP-5.08] [RP-5.09] edit status and bulk edit answer 422 in those words', async () => {
    const { as, remittances } = await start();
    const payout = await as('payout');
    for (const [attributes, titles] of [
      [{ StatusDescription: 'x' }, [PAYOUT_INPUT_MESSAGES.statusCodeRequired]],
      [{ StatusCode: 257, StatusDescription: 'x' }, [PAYOUT_INPUT_MESSAGES.statusCodeRange]],
      [{ StatusCode: 1.5, StatusDescription: ' ' }, [PAYOUT_INPUT_MESSAGES.statusCodeRange, PAYOUT_INPUT_MESSAGES.statusDescriptionRequired]],
      [{ StatusCode: '12', StatusDescription: 'x' }, [PAYOUT_INPUT_MESSAGES.statusCodeRange]],
      [{ StatusCode: 128 }, [PAYOUT_INPUT_MESSAGES.statusDescriptionRequired]],
    ] as const) {
      const res = await payout.edit(remittances.rows.settled, attributes);
      expectMatchesContract(res, 'updatePayoutStatus');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((error: { title: string }) => error.title), JSON.stringify(attributes)).toEqual(titles);
    }
    const bulk = await payout.editBulk({ transactionIds: [remittances.rows.settled], statusCode: -1, statusDescription: '' });
    expectMatchesContract(bulk, 'updatePayoutStatuses');
    expect(bulk.json().errors).toEqual([
      { status: '422', title: PAYOUT_INPUT_MESSAGES.statusCodeRange, source: { pointer: '/data/attributes/statusCode' } },
      { status: '422', title: PAYOUT_INPUT_MESSAGES.statusDescriptionRequired, source: { pointer: '/data/attributes/statusDescription' } },
    ]);
  });

  it('[RP-5.03] [RP-5.05] bulk reprocessing answers 422 for a count outside 1 to 1000 and a window over 366 days, in those words', async () => {
    const { as } = await start();
    const payout = await as('payout');
    for (const numberOfTransactions of [0, 1001, 'five']) {
      const res = await payout.republishBulk({ numberOfTransactions }, `?filter[startdate]=2025-01-14&filter[enddata]=${today}`);
      expectMatchesContract(res, 'republishPayouts');
      expect(res.json().errors).toEqual([{ status: '422', title: PAYOUT_INPUT_MESSAGES.countRange, source: { pointer: '/data/attributes/numberOfTransactions' } }]);
    }
    const year = await payout.republishBulk({ numberOfTransactions: 1 }, `?filter[startdate]=2023-01-01&filter[enddata]=${today}`);
    expect(year.json().errors).toEqual([{ status: '422', title: PAYOUT_INPUT_MESSAGES.daysRange, source: { parameter: 'filter[enddata]' } }]);
  });
});
