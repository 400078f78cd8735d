// Universal payment transactions, force sync, the PDF, countries, banks and branches on the gateway
// (remittances-and-payouts §2, §3, §4, §7).
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { remittanceGateway } from '../testing/remittances.ts';
import { UPT_EXPORT_FIELDS } from '../domain/upt/fields.ts';
import { gatewayPerTest } from '../testing.ts';

const startGateway = gatewayPerTest();

/** The gateway with the remittance world and the clock at `clock.now`. */
async function start() {
  const clock = { now: new Date('2025-01-15T12:00:00.000Z') };
  const gateway = await remittanceGateway(startGateway, { now: () => clock.now });
  return { ...gateway, clock };
}

const sync = (startDate: string, endDate: string) => ({ data: { type: 'sync', attributes: { STARTDATE: startDate, ENDDATE: endDate } } });

describe('POST api/v1/upt/transaction/sync (syncUptTransactions) and GET api/v1/upt/transaction (listUptTransactions)', () => {
  it('[RP-7.07] [RP-4.32] [RP-5.12] stores the range by reference: a repeated sync adds and updates nothing, a later one updates what moved on', async () => {
    const { app, as, clock } = await start();
    const admin = await as('payout');
    const first = await admin.send('POST', '/api/v1/upt/transaction/sync', sync('2025-01-13', '2025-01-15'));
    expectMatchesContract(first, 'syncUptTransactions');
    expect(first.statusCode).toBe(200);
    const counts = first.json().data.attributes as { received: number; added: number; updated: number };
    expect(counts.received).toBeGreaterThan(40);
    expect(counts).toMatchObject({ startDate: '2025-01-13', endDate: '2025-01-15', added: counts.received, updated: 0 });

    const again = await admin.send('POST', '/api/v1/upt/transaction/sync', sync('2025-01-13', '2025-01-15'));
    expect(again.json().data.attributes).toMatchObject({ received: counts.received, added: 0, updated: 0 });

    // Two days on, the service has moved the recent ones on (PENDING, READY → final) and holds new ones.
    clock.now = new Date('2025-01-17T12:00:00.000Z');
    // The first token has expired by now: sign in again.
    const later = await (await as('payout')).send('POST', '/api/v1/upt/transaction/sync', sync('2025-01-13', '2025-01-16'));
    const moved = later.json().data.attributes as { added: number; updated: number };
    expect(moved.updated).toBeGreaterThan(0);
    expect(moved.added).toBeGreaterThan(0);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'entity', 'actor_user_id']).where('entity', '=', 'upt-sync').execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ action: 'upt.sync', entity: 'upt-sync' });
  });

  it('[RP-7.05] [RP-3.07] [RP-3.08] lists the tenant\'s rows newest first with the table and every export field, filtered and sorted', async () => {
    const { as } = await start();
    const admin = await as('payout');
    await admin.send('POST', '/api/v1/upt/transaction/sync', sync('2025-01-10', '2025-01-15'));
    const res = await admin.get('/api/v1/upt/transaction?page[size]=5');
    expectMatchesContract(res, 'listUptTransactions');
    const { data, meta } = res.json() as { data: Array<{ attributes: Record<string, unknown> }>; meta: { itemTotal: number } };
    expect(data).toHaveLength(5);
    const dates = data.map((row) => String(row.attributes.transactionDate));
    expect(dates).toEqual([...dates].sort().reverse());
    for (const field of [...UPT_EXPORT_FIELDS, 'reference', 'tuReference', 'senderName', 'beneficiaryName', 'amount', 'amountCurrency', 'status']) {
      expect(data[0]?.attributes, field).toHaveProperty(field);
    }
    const total = meta.itemTotal;
    const paid = await admin.get('/api/v1/upt/transaction?page[size]=100&filter[status]=paid&sort=amount');
    expectMatchesContract(paid, 'listUptTransactions');
    const paidRows = paid.json().data as Array<{ attributes: { status: string; amount: string } }>;
    expect(paidRows.every((row) => row.attributes.status === 'PAID')).toBe(true);
    const amounts = paidRows.map((row) => Number(row.attributes.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const usd = (await admin.get('/api/v1/upt/transaction?page[size]=100000&filter[amountCurrency]=USD')).json() as { data: Array<{ attributes: { amountCurrency: string } }>; meta: { itemTotal: number } };
    expect(usd.data.every((row) => row.attributes.amountCurrency === 'USD')).toBe(true);
    expect(usd.meta.itemTotal).toBeLessThan(total);
    const day = await admin.get('/api/v1/upt/transaction?filter[startDate]=2025-01-12&filter[endDate]=2025-01-12&page[size]=100');
    expect((day.json().data as Array<{ attributes: { transactionDate: string } }>).every((row) => row.attributes.transactionDate.startsWith('2025-01-12'))).toBe(true);
    // Another tenant synced nothing.
    const other = await (await as('ssPayout')).get('/api/v1/upt/transaction');
    expectMatchesContract(other, 'listUptTransactions');
    expect(other.json().meta.itemTotal).toBe(0);
  });

  it('refuses a reversed or over-long range (422 on ENDDATE) and a malformed date (422), without a 500', async () => {
    const { as } = await start();
    const admin = await as('payoutOfficer');
    for (const body of [sync('2025-01-15', '2025-01-14'), sync('2023-01-01', '2025-01-15'), sync('2025-1-1', '2025-01-15'), { data: { type: 'sync', attributes: { STARTDATE: '2025-01-01' } } }]) {
      const res = await admin.send('POST', '/api/v1/upt/transaction/sync', body);
      expectMatchesContract(res, 'syncUptTransactions');
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const reversed = await admin.send('POST', '/api/v1/upt/transaction/sync', sync('2025-01-15', '2025-01-14'));
    expect(reversed.json().errors[0].source).toEqual({ pointer: '/data/attributes/ENDDATE' });
    const list = await admin.get('/api/v1/upt/transaction?sort=bogus');
    expectMatchesContract(list, 'listUptTransactions');
    expect(list.statusCode).toBe(400);
  });
});

describe('GET api/v1/upt/transaction/pdf (getUptTransactionPdf)', () => {
  it('[RP-7.06] answers a PDF named UPT_{start}_{end}.pdf; the range is required', async () => {
    const { as } = await start();
    const admin = await as('payout');
    await admin.send('POST', '/api/v1/upt/transaction/sync', sync('2025-01-14', '2025-01-15'));
    const res = await admin.get('/api/v1/upt/transaction/pdf?filter[startDate]=2025-01-14&filter[endDate]=2025-01-15&filter[status]=paid');
    expectMatchesContract(res, 'getUptTransactionPdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="UPT_2025-01-14_2025-01-15.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Universal payment transactions');
    expect(text).toContain('2025-01-14 to 2025-01-15');
    expect(text).toContain('Totals');
    const reversed = await admin.get('/api/v1/upt/transaction/pdf?filter[startDate]=2025-01-15&filter[endDate]=2025-01-14');
    expectMatchesContract(reversed, 'getUptTransactionPdf');
    expect(reversed.statusCode).toBe(422);
    const missing = await admin.get('/api/v1/upt/transaction/pdf?filter[startDate]=2025-01-15');
    expectMatchesContract(missing, 'getUptTransactionPdf');
    expect(missing.statusCode).toBe(400);
  });
});

describe('UPT reference data (listUptCountries, listUptBanks, listUptBankBranches)', () => {
  it('[RP-7.08] [RP-3.09] [RP-2.59] lists countries with their payment limits, filtered and sorted, the same for every tenant', async () => {
    const { as } = await start();
    const res = await (await as('payoutOfficer')).get('/api/v1/upt/country-data?filter[name]=nig');
    expectMatchesContract(res, 'listUptCountries');
    expect(res.json()).toEqual({
      data: [
        {
          type: 'upt-country',
          id: 'NG',
          attributes: {
            name: 'Nigeria',
            code: 'NG',
            isDeleted: false,
            isUsedSecurityQuestion: false,
            currencyCode: 'NGN',
            paymenMinAge: 18,
            marketingExpense: '0.50',
            reporterExpense: '0.25',
            telephoneCode: '234',
            isIbanMandatoryForSwift: false,
            currentPaymentLimits: [
              { currencyCode: 'USD', minAmount: '10.00', maxAmount: '5000.00' },
              { currencyCode: 'NGN', minAmount: '5000.00', maxAmount: '7500000.00' },
            ],
          },
        },
      ],
      meta: { itemTotal: 1, pageNumber: 1, pageSize: 10, pageTotal: 1 },
    });
    const page = await (await as('payin@demo.test')).get('/api/v1/upt/country-data?sort=-code&page[size]=3');
    expectMatchesContract(page, 'listUptCountries');
    expect(page.json().data.map((country: { id: string }) => country.id)).toEqual(['TR', 'SO', 'SN']);
    expect((await (await as('payout')).get('/api/v1/upt/country-data?sort=nope')).statusCode).toBe(400);
  });

  it('[RP-7.09] [RP-3.10] [RP-2.60] [RP-2.61] lists banks with their branches, some with none', async () => {
    const { as } = await start();
    const admin = await as('payout');
    const res = await admin.get('/api/v1/upt/bank-data?filter[countryCode]=NG&page[size]=100');
    expectMatchesContract(res, 'listUptBanks');
    const banks = res.json().data as Array<{ attributes: { code: string; name: string; branches: unknown[]; closedDate: string | null } }>;
    expect(banks.map((bank) => bank.attributes.name)).toEqual(['Access Bank', 'First City Monument Bank', 'Guaranty Trust Bank', 'Providus Bank', 'United Bank for Africa', 'Zenith Bank']);
    expect(banks.find((bank) => bank.attributes.code === '058')?.attributes.branches).toEqual([]);
    expect(banks.find((bank) => bank.attributes.code === '101')?.attributes.branches).toHaveLength(3);
    expect(banks.find((bank) => bank.attributes.code === '214')?.attributes.closedDate).toBe('2024-09-30');
  });

  it('[RP-7.09] pages, sorts and filters the banks', async () => {
    const { as } = await start();
    const admin = await as('payout');
    const names = (res: { json: () => { data: Array<{ attributes: { name: string } }> } }) => res.json().data.map((bank) => bank.attributes.name);
    const second = await admin.get('/api/v1/upt/bank-data?filter[countryCode]=NG&sort=-name&page[size]=2&page[number]=2');
    expectMatchesContract(second, 'listUptBanks');
    expect(names(second)).toEqual(['Providus Bank', 'Guaranty Trust Bank']);
    expect(second.json().meta).toMatchObject({ itemTotal: 6, pageNumber: 2, pageSize: 2, pageTotal: 3 });
    const byCode = await admin.get('/api/v1/upt/bank-data?filter[countryCode]=NG&sort=code&page[size]=100');
    const codes = (byCode.json().data as Array<{ attributes: { code: string } }>).map((bank) => bank.attributes.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toHaveLength(6);
    const named = await admin.get('/api/v1/upt/bank-data?filter[countryCode]=NG&filter[name]=BANK%20F&sort=name');
    expectMatchesContract(named, 'listUptBanks');
    expect(names(named)).toEqual(['United Bank for Africa']);
    const coded = await admin.get('/api/v1/upt/bank-data?filter[countryCode]=NG&filter[code]=101');
    expect(names(coded)).toEqual(['Providus Bank']);
    const bad = await admin.get('/api/v1/upt/bank-data?sort=branches');
    expectMatchesContract(bad, 'listUptBanks');
    expect(bad.statusCode).toBe(400);
  });

  it('[RP-7.10] lists the branches of a bank by code: an empty list for a bank without, 404 for an unknown bank, 400 for a bad code', async () => {
    const { as } = await start();
    const admin = await as('payoutOfficer');
    const res = await admin.get('/api/v1/upt/bank-branch-data?bankCode=101');
    expectMatchesContract(res, 'listUptBankBranches');
    expect(res.json().data[0]).toEqual({
      type: 'upt-branch',
      id: expect.any(String),
      attributes: { code: '001', name: 'Victoria Island', bankCode: '101', city: 'Lagos', address: '54 Adeola Odeku Street', isDeleted: false },
    });
    const none = await admin.get('/api/v1/upt/bank-branch-data?bankCode=058');
    expectMatchesContract(none, 'listUptBankBranches');
    expect(none.json()).toEqual({ data: [] });
    const unknown = await admin.get('/api/v1/upt/bank-branch-data?bankCode=XYZ');
    expectMatchesContract(unknown, 'listUptBankBranches');
    expect(unknown.statusCode).toBe(404);
    const bad = await admin.get('/api/v1/upt/bank-branch-data?bankCode=a%20b');
    expectMatchesContract(bad, 'listUptBankBranches');
    expect(bad.statusCode).toBe(400);
  });
});
