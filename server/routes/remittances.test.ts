// The remittance list, the daily report and the pay-in dashboard on the gateway (remittances-and-payouts §2, §3,
// §7, §9): rows of the token's tenant only, per-row flags for the caller, filters, sort, paging, the report page.
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import type { NewRemittance } from '../db/schema.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { remittanceGateway } from '../testing/remittances.ts';
import { gatewayPerTest } from '../testing.ts';

const startGateway = gatewayPerTest();
const start = () => remittanceGateway(startGateway);

interface Row {
  id: string;
  attributes: Record<string, unknown> & { actions: Record<string, boolean>; statusId: number; payoutExternalId: string };
}

describe('GET api/v1/remittance (listRemittances)', () => {
  it('[RP-7.01] [RP-3.01] [RP-3.16] [RP-9.07] answers a page of the tenant\'s rows, newest first, with every RP §3 field and the paging meta', async () => {
    const { as, remittances } = await start();
    const res = await (await as('payout')).get('/api/v1/remittance?page[size]=3');
    expectMatchesContract(res, 'listRemittances');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: Row[]; meta: unknown };
    expect(meta).toEqual({ itemTotal: 10, pageNumber: 1, pageSize: 3, pageTotal: 4 });
    expect(data.map((row) => row.id)).toEqual([remittances.rows.paid, remittances.rows.missing, remittances.rows.partner]);
    expect(data[2]?.attributes).toMatchObject({
      payoutExternalId: 'TS250115000023|AMX',
      partnerId: 'AMX',
      referenceNumber: expect.stringMatching(/^RP/),
      originalId: null,
      payinId: expect.any(String),
      cardPaymentReference: expect.any(String),
      typeName: 'Remittance',
      senderAmount: '200.00',
      senderCurrency: 'USD',
      receiverAmount: '304070.00',
      receiverCurrency: 'NGN',
      transactionFee: '4.50',
      transactionFx: '1520.35',
      statusId: 128,
      status: 'System malfunction',
      beneficiaryBankBic: 'PROVNGLA',
      reprocessable: true,
      queued: false,
    });
  });

  it("[RP-2.12] isolates tenants: another operator's rows never show, and each operator sees its own", async () => {
    const { as, remittances } = await start();
    const mine = ((await (await as('payout')).get('/api/v1/remittance?page[size]=100')).json().data as Row[]).map((row) => row.id);
    expect(mine).not.toContain(remittances.rows.foreign);
    expect(mine).not.toContain(remittances.rows.bunnaProcessing);
    const ss = await (await as('ssPayout')).get('/api/v1/remittance');
    expect((ss.json().data as Row[]).map((row) => row.id)).toEqual([remittances.rows.foreign]);
    const payin = await (await as('payin@demo.test')).get('/api/v1/remittance');
    expectMatchesContract(payin, 'listRemittances');
    expect(payin.json()).toEqual({ data: [], meta: { itemTotal: 0, pageNumber: 1, pageSize: 10, pageTotal: 0 } });
  });

  it('[RP-2.31] [RP-6.04] [RP-6.03] offers the row actions to payout admins only: status check on reprocessable rows, reprocess and cancel when not queued, edit on every row', async () => {
    const { as, remittances } = await start();
    const payout = await as('payout');
    await payout.republish(remittances.rows.held);
    const rows = new Map(((await payout.get('/api/v1/remittance?page[size]=100')).json().data as Row[]).map((row) => [row.id, row.attributes]));
    expect(rows.get(remittances.rows.missing)?.actions).toEqual({ checkStatus: true, reprocess: true, cancel: true, editStatus: true });
    expect(rows.get(remittances.rows.held)?.actions).toEqual({ checkStatus: true, reprocess: false, cancel: false, editStatus: true });
    expect(rows.get(remittances.rows.settled)?.actions).toEqual({ checkStatus: false, reprocess: false, cancel: false, editStatus: true });
    for (const login of ['payoutOfficer', 'payoutGroup']) {
      const res = await (await as(login)).get('/api/v1/remittance?page[size]=100');
      expectMatchesContract(res, 'listRemittances');
      for (const row of res.json().data as Row[]) expect(row.attributes.actions).toEqual({ checkStatus: false, reprocess: false, cancel: false, editStatus: false });
    }
  });

  it('[RP-4.04] a bunna tenant marks rows by the first group rule; its admins are not payout admins', async () => {
    const { as, remittances } = await start();
    const res = await (await as('bunna')).get('/api/v1/remittance');
    expectMatchesContract(res, 'listRemittances');
    const rows = new Map((res.json().data as Row[]).map((row) => [row.id, row.attributes]));
    expect(rows.get(remittances.rows.bunnaProcessing)).toMatchObject({ reprocessable: true, actions: { checkStatus: false } });
    expect(rows.get(remittances.rows.bunnaReProcessing)).toMatchObject({ reprocessable: false });
  });

  it('[RP-2.03] [RP-2.04] [RP-2.47] filter[direction] keeps the pay-ins received in the tenant\'s currency, or the pay-outs sent from it', async () => {
    const { as, remittances } = await start();
    const bunna = await as('bunna');
    const ids = async (direction: string) => {
      const res = await bunna.get(`/api/v1/remittance?filter[direction]=${direction}`);
      expectMatchesContract(res, 'listRemittances');
      return (res.json().data as Row[]).map((row) => row.id);
    };
    expect(await ids('payin')).toEqual([remittances.rows.bunnaProcessing]);
    expect(await ids('payout')).toEqual([remittances.rows.bunnaReProcessing]);
    // tawakal-swift (USD) receives nothing in USD.
    expect((await (await as('payout')).get('/api/v1/remittance?filter[direction]=payin')).json().meta.itemTotal).toBe(0);
    const bad = await bunna.get('/api/v1/remittance?filter[direction]=sideways');
    expectMatchesContract(bad, 'listRemittances');
    expect(bad.statusCode).toBe(400);
  });

  it('[RP-2.02] filters by each column (case-insensitive contains), statusId exactly, and the date range', async () => {
    const { as, remittances } = await start();
    const payout = await as('payout');
    const ids = async (query: string) => {
      const res = await payout.get(`/api/v1/remittance?page[size]=100&${query}`);
      expectMatchesContract(res, 'listRemittances');
      expect(res.statusCode, query).toBe(200);
      return (res.json().data as Row[]).map((row) => row.id).sort();
    };
    expect(await ids('filter[payoutExternalId]=%7Camx')).toEqual([remittances.rows.partner]);
    expect(await ids('filter[statusId]=2')).toEqual([remittances.rows.broken]);
    expect(await ids('filter[status]=processing')).toEqual([remittances.rows.held, remittances.rows.spaced].sort());
    expect(await ids('filter[senderName]=HODAN')).toHaveLength(10);
    expect(await ids('filter[receiverName]=nobody')).toEqual([]);
    expect(await ids('filter[payinId]=PI-000015')).toEqual([remittances.rows.partner]);
    expect(await ids('filter[cardPaymentReference]=10010')).toEqual([remittances.rows.missing]);
    expect(await ids('filter[startDate]=2025-01-15&filter[endDate]=2025-01-15')).toHaveLength(10);
    expect(await ids('filter[startDate]=2025-01-16')).toEqual([]);
    expect(await ids('filter[endDate]=2025-01-14')).toEqual([]);
  });

  it('[RP-5.13] [RP-5.14] sorts by one field, minus for descending, and pages 1-based', async () => {
    const { as } = await start();
    const payout = await as('payout');
    const references = async (query: string) =>
      ((await payout.get(`/api/v1/remittance?${query}`)).json().data as Row[]).map((row) => row.attributes.payoutExternalId);
    const ascending = await references('sort=payoutExternalId&page[size]=100');
    expect(ascending).toEqual([...ascending].sort());
    expect(await references('sort=-payoutExternalId&page[size]=100')).toEqual([...ascending].reverse());
    expect(await references('sort=payoutExternalId&page[size]=4&page[number]=2')).toEqual(ascending.slice(4, 8));
    const oldest = await references('sort=transactionDate&page[size]=1');
    expect(oldest).toEqual(['TS250115000043']);
  });

  it('[RP-7.02] [RP-3.04] answers the whole report with page[size]=100000', async () => {
    const { as } = await start();
    const res = await (await as('payout')).get('/api/v1/remittance?page[size]=100000');
    expectMatchesContract(res, 'listRemittances');
    expect(res.json().meta).toEqual({ itemTotal: 10, pageNumber: 1, pageSize: 100000, pageTotal: 1 });
  });

  it('[RP-7.02] answers a report page of 1,234 rows whole: every row of the tenant once, newest first, ties by id, as a plain query lists them', async () => {
    const { app, as } = await start();
    const base = Date.parse('2025-01-14T12:00:00.000Z');
    const rows: NewRemittance[] = Array.from({ length: 1_234 }, (_, index) => {
      // Two rows at each instant, every 7 minutes back over about 3 days; every fifth row another tenant's.
      const at = new Date(base - Math.floor(index / 2) * 7 * 60_000).toISOString();
      return {
        tenant_id: index % 5 === 0 ? 'ss-swift' : 'tawakal-swift', payout_external_id: `BIG${String(index).padStart(6, '0')}`, reference_number: `RPBIG${index}`,
        original_id: null, payin_id: `pi-big-${index}`, card_payment_reference: null, transaction_date: at, type_name: 'Remittance', external_id: null,
        payout_channel: 'SWIFT', payout_partner: null, sender_name: 'Hodan Ali', sender_amount_minor: 10_000, sender_currency: 'USD',
        receiver_name: 'Chinedu Okafor', receiver_amount_minor: 1_500_000, receiver_currency: 'NGN', beneficiary_bank_bic: null, beneficiary_bank_code: null,
        beneficiary_account: null, transaction_fee_minor: 100, transaction_fx_micro: 1_520_350_000, status_id: index % 3 === 0 ? 128 : 256,
        status: index % 3 === 0 ? 'Timeout waiting for response from destination' : 'Approved or completed successfully', purpose: null,
        sender_remarks: null, admin_notes: null, version: 0, created: at, updated: at,
      };
    });
    for (let from = 0; from < rows.length; from += 200) await app.db.insertInto('remittances').values(rows.slice(from, from + 200)).execute();
    const payout = await as('payout');
    for (const [query, statusId] of [['', undefined], ['&filter[statusId]=128', 128]] as const) {
      let plain = app.db.selectFrom('remittances').select('payout_external_id').where('tenant_id', '=', 'tawakal-swift');
      if (statusId !== undefined) plain = plain.where('status_id', '=', statusId);
      const expected = (await plain.orderBy('transaction_date', 'desc').orderBy('id', 'desc').execute()).map((row) => row.payout_external_id);
      const res = await payout.get(`/api/v1/remittance?page[size]=100000${query}`);
      expect(res.statusCode).toBe(200);
      const listed = (res.json().data as Row[]).map((row) => row.attributes.payoutExternalId);
      expect(listed.filter((id) => id.startsWith('BIG')), query).toHaveLength(statusId === undefined ? 987 : 329);
      expect(listed, query).toEqual(expected);
      expect(res.json().meta.itemTotal, query).toBe(expected.length);
    }
  });

  it('answers bad parameters with 400, never 500', async () => {
    const { as } = await start();
    const payout = await as('payout');
    for (const query of ['sort=nope', 'page[size]=0', 'page[size]=100001', 'page[number]=x', 'filter[statusId]=257', 'filter[statusId]=x', 'filter[startDate]=2025-13-01', 'filter[startDate]=2025-01-15&filter[endDate]=2025-01-01']) {
      const res = await payout.get(`/api/v1/remittance?${query}`);
      expectMatchesContract(res, 'listRemittances');
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET api/v1/remittance/daily-report (getRemittanceDailyReport)', () => {
  it('[RP-3.15] [RP-9.04] answers one row per day of the range with counts, USD and EUR sums and rates of successful rows, NGN receiver amounts', async () => {
    const { as, remittances } = await start();
    const payout = await as('payout');
    await payout.edit(remittances.rows.missing, { StatusCode: 256, StatusDescription: 'Paid' });
    const res = await payout.get('/api/v1/remittance/daily-report?filter[startDate]=2025-01-14&filter[endDate]=2025-01-15');
    expectMatchesContract(res, 'getRemittanceDailyReport');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          type: 'daily-report-row',
          id: '2025-01-14-NGN',
          attributes: { date: '2025-01-14', successTrans: 0, failedTrans: 0, processingTrans: 0, transCounts: 0, usdTrans: '0.00', usdFxRates: '0.00', eurTrans: '0.00', eurFxTrans: '0.00', receiverAmount: '0.00', receiverCurrency: 'NGN' },
        },
        {
          type: 'daily-report-row',
          id: '2025-01-15-NGN',
          attributes: {
            date: '2025-01-15',
            // settled (256) and missing (edited to 256); paid, partner, reissued, badAccount, cancelled (128); held, spaced (4), broken (2).
            successTrans: 2,
            failedTrans: 5,
            processingTrans: 3,
            transCounts: 10,
            usdTrans: '400.00',
            usdFxRates: '1520.35',
            eurTrans: '0.00',
            eurFxTrans: '0.00',
            receiverAmount: '608140.00',
            receiverCurrency: 'NGN',
          },
        },
      ],
      meta: { startDate: '2025-01-14', endDate: '2025-01-15' },
    });
  });

  it('[RP-3.15] reports each currency pair apart: a USD→GHS rate is never averaged with USD→NGN under one receiver currency (issue 22)', async () => {
    const { app, as, remittances } = await start();
    const payout = await as('payout');
    await payout.edit(remittances.rows.missing, { StatusCode: 256, StatusDescription: 'Paid' });
    // The row is received in cedis at 15.25 a dollar: 200.00 USD → 3,050.00 GHS.
    await app.db
      .updateTable('remittances')
      .set({ receiver_currency: 'GHS', transaction_fx_micro: 15_250_000, receiver_amount_minor: 305_000 })
      .where('payout_external_id', '=', remittances.references.missing)
      .execute();
    const res = await payout.get('/api/v1/remittance/daily-report?filter[startDate]=2025-01-15&filter[endDate]=2025-01-15');
    expectMatchesContract(res, 'getRemittanceDailyReport');
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { data: { id: string; attributes: Record<string, unknown> }[] }).data;
    expect(rows.map((row) => row.id)).toEqual(['2025-01-15-GHS', '2025-01-15-NGN']);
    expect(rows[0]?.attributes).toEqual({
      date: '2025-01-15', successTrans: 1, failedTrans: 0, processingTrans: 0, transCounts: 1,
      usdTrans: '200.00', usdFxRates: '15.25', eurTrans: '0.00', eurFxTrans: '0.00', receiverAmount: '3050.00', receiverCurrency: 'GHS',
    });
    expect(rows[1]?.attributes).toEqual({
      date: '2025-01-15', successTrans: 1, failedTrans: 5, processingTrans: 3, transCounts: 9,
      usdTrans: '200.00', usdFxRates: '1520.35', eurTrans: '0.00', eurFxTrans: '0.00', receiverAmount: '304070.00', receiverCurrency: 'NGN',
    });
  });

  it('requires a range of at most 366 days in order (422 naming the parameter); any staff role may read it', async () => {
    const { as } = await start();
    const officer = await as('payoutOfficer');
    for (const [query, parameter] of [
      ['filter[startDate]=2025-01-15&filter[endDate]=2025-01-14', 'filter[endDate]'],
      ['filter[startDate]=2024-01-01&filter[endDate]=2025-01-15', 'filter[endDate]'],
    ] as const) {
      const res = await officer.get(`/api/v1/remittance/daily-report?${query}`);
      expectMatchesContract(res, 'getRemittanceDailyReport');
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[0].source).toEqual({ parameter });
    }
    const missing = await officer.get('/api/v1/remittance/daily-report?filter[startDate]=2025-01-15');
    expectMatchesContract(missing, 'getRemittanceDailyReport');
    expect(missing.statusCode).toBe(400);
    expect((await officer.get('/api/v1/remittance/daily-report?filter[startDate]=2025-01-15&filter[endDate]=2025-01-15')).statusCode).toBe(200);
  });
});

describe('GET api/v1/remittance/pdf (getRemittancePdf)', () => {
  it('[RP-1.03] [RP-2.69] answers the payout PDF named Transactions_{start}_{end}.pdf with the filtered rows and totals per receiver currency', async () => {
    const { as } = await start();
    const res = await (await as('payout')).get('/api/v1/remittance/pdf?filter[startDate]=2025-01-14&filter[endDate]=2025-01-15&filter[statusId]=128');
    expectMatchesContract(res, 'getRemittancePdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Transactions_2025-01-14_2025-01-15.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Payout transactions');
    expect(text).toContain('2025-01-14 to 2025-01-15');
    // The reference without its partner part; only failed rows (a 256 row is not there).
    expect(text).toContain('TS250115000023');
    expect(text).not.toContain('TS250115000023|AMX');
    expect(text).not.toContain('TS250115000040');
    expect(text).toContain('NGN: 6 transactions');
  });

  it('requires the date range in order and reads only the token\'s tenant', async () => {
    const { as } = await start();
    const payout = await as('payout');
    const missing = await payout.get('/api/v1/remittance/pdf?filter[startDate]=2025-01-14');
    expectMatchesContract(missing, 'getRemittancePdf');
    expect(missing.statusCode).toBe(400);
    const backwards = await payout.get('/api/v1/remittance/pdf?filter[startDate]=2025-01-15&filter[endDate]=2025-01-14');
    expectMatchesContract(backwards, 'getRemittancePdf');
    expect(backwards.statusCode).toBe(422);
    const other = await (await as('ssPayout')).get('/api/v1/remittance/pdf?filter[startDate]=2025-01-14&filter[endDate]=2025-01-15');
    expect(other.statusCode).toBe(200);
    expect(pdfText(other.rawPayload)).not.toContain('TS250115000023');
  });
});

describe('pay-in dashboard (getPayinTransactionStatus, getPayinTransactionStatistics)', () => {
  it('[RP-2.63] [RP-3.13] [RP-7.11] answers the four status widgets for today, this month or this year, in the order 256, 4, 2, 128', async () => {
    const { as } = await start();
    const payout = await as('payout');
    for (const [query, startDate] of [['', '2025-01-15'], ['?filter[timeframe]=monthly', '2025-01-01'], ['?filter[timeframe]=yearly', '2025-01-01']] as const) {
      const res = await payout.get(`/api/v1/payin/dashboard/transaction-status${query}`);
      expectMatchesContract(res, 'getPayinTransactionStatus');
      expect(res.json().data.map((widget: { id: string; attributes: { name: string; value: number } }) => [widget.id, widget.attributes.name, widget.attributes.value])).toEqual([
        ['256', 'Successful', 1],
        ['4', 'Processing', 2],
        ['2', 'Pending', 1],
        ['128', 'Failed', 6],
      ]);
      expect(res.json().meta).toMatchObject({ startDate, endDate: '2025-01-15' });
    }
    const bad = await payout.get('/api/v1/payin/dashboard/transaction-status?filter[timeframe]=weekly');
    expectMatchesContract(bad, 'getPayinTransactionStatus');
    expect(bad.statusCode).toBe(400);
  });

  it('[RP-7.12] answers the chart by hour today, by day for a week and by month for a year, with meta startDate, endDate and currency', async () => {
    const { as } = await start();
    const payout = await as('payout');
    const daily = await payout.get('/api/v1/payin/dashboard/transaction-statistics');
    expectMatchesContract(daily, 'getPayinTransactionStatistics');
    const hours = daily.json().data as Array<{ id: string; attributes: { count: number; successful: number; amount: string } }>;
    expect(hours).toHaveLength(24);
    expect(hours[0]?.id).toBe('2025-01-15T00:00:00Z');
    // The rows are dated 5 to 50 minutes before 12:00.
    expect(hours[11]?.attributes).toMatchObject({ count: 10, successful: 1, amount: '304070.00' });
    expect(daily.json().meta).toEqual({ startDate: '2025-01-15', endDate: '2025-01-15', timeframe: 'daily', currency: 'NGN' });

    const weekly = await payout.get('/api/v1/payin/dashboard/transaction-statistics?filter[timeframe]=weekly');
    expectMatchesContract(weekly, 'getPayinTransactionStatistics');
    expect(weekly.json().data.map((row: { id: string }) => row.id)).toEqual([
      '2025-01-09T00:00:00Z', '2025-01-10T00:00:00Z', '2025-01-11T00:00:00Z', '2025-01-12T00:00:00Z', '2025-01-13T00:00:00Z', '2025-01-14T00:00:00Z', '2025-01-15T00:00:00Z',
    ]);
    const monthly = await payout.get('/api/v1/payin/dashboard/transaction-statistics?filter[timeframe]=monthly');
    expectMatchesContract(monthly, 'getPayinTransactionStatistics');
    const months = monthly.json().data as Array<{ id: string; attributes: { count: number } }>;
    expect(months).toHaveLength(12);
    expect([months[0]?.id, months[11]?.id]).toEqual(['2024-02-01T00:00:00Z', '2025-01-01T00:00:00Z']);
    expect(months[11]?.attributes.count).toBe(10);
    expect(monthly.json().meta).toMatchObject({ startDate: '2024-02-01', endDate: '2025-01-15' });
  });

  it('counts only the token\'s tenant', async () => {
    const { as } = await start();
    const res = await (await as('ssPayout')).get('/api/v1/payin/dashboard/transaction-status');
    expect(res.json().data.map((widget: { attributes: { value: number } }) => widget.attributes.value)).toEqual([0, 0, 0, 1]);
  });
});
