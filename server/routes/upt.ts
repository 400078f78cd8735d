// The universal payment service's transactions, force sync, PDF, countries, banks and branches
// (remittances-and-payouts §2, §4, §7).
import { sessionOf } from '../context.ts';
import { renderUptPdf } from '../domain/upt/pdf.ts';
import { UPT_BANK_SORTS, UPT_COUNTRY_SORTS, listUptBankBranches, listUptBanks, listUptCountries } from '../domain/upt/reference.ts';
import { listUptTransactions, syncUptTransactions } from '../domain/upt/transactions.ts';
import { HttpError, listDocument, listMeta, parsePaging, parseSort, resource, textFilters } from '../http/jsonapi.ts';
import { daysBetween, requiredRange, uptQuery } from './_remittances.ts';
import type { Handlers } from './types.ts';
import { PDF_ROW_CAP } from '../domain/pdf/table-pdf.ts';

/** A sync covers at most a year and a day (the contract's syncUptTransactions). */
const SYNC_MAX_DAYS = 366;

export const handlers: Handlers = {
  async listUptTransactions(request) {
    const query = uptQuery(request.query);
    const { rows, total } = await listUptTransactions(request.server.db, sessionOf(request), query);
    return listDocument(
      rows.map((row) => resource('upt-transaction', row.id, row.attributes)),
      listMeta(query.page, total),
    );
  },

  async syncUptTransactions(request) {
    const { STARTDATE, ENDDATE } = request.body.data.attributes;
    const pointer = '/data/attributes/ENDDATE';
    if (ENDDATE < STARTDATE) throw new HttpError(422, 'ENDDATE is before STARTDATE', { pointer });
    if (daysBetween(STARTDATE, ENDDATE) > SYNC_MAX_DAYS) throw new HttpError(422, `A sync may span at most ${SYNC_MAX_DAYS} days`, { pointer });
    const { id, ...attributes } = await syncUptTransactions(
      { db: request.server.db, session: sessionOf(request), now: request.server.teller.now() },
      { startDate: STARTDATE, endDate: ENDDATE },
    );
    return { data: resource('sync', id, attributes) };
  },

  async getUptTransactionPdf(request, reply) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const range = requiredRange(
      { start: request.query['filter[startDate]'], end: request.query['filter[endDate]'] },
      { start: 'filter[startDate]', end: 'filter[endDate]' },
    );
    const query = uptQuery(request.query, { defaultSize: PDF_ROW_CAP, maxSize: PDF_ROW_CAP });
    const [{ rows, total }, tenant] = await Promise.all([
      listUptTransactions(db, session, query),
      db.selectFrom('tenants').select('name').where('id', '=', session.tenantId).executeTakeFirst(),
    ]);
    const pdf = await renderUptPdf({ tenantName: tenant?.name ?? session.tenantId, ...range, generatedAt: teller.now(), rows, matched: total });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="UPT_${range.startDate}_${range.endDate}.pdf"`)
      .send(pdf);
  },

  async listUptCountries(request) {
    const { query } = request;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, UPT_COUNTRY_SORTS, 'name');
    const filters = textFilters({ name: query['filter[name]'], code: query['filter[code]'], currencyCode: query['filter[currencyCode]'] });
    const { rows, total } = await listUptCountries(request.server.db, sessionOf(request), { filters, sort, page });
    return listDocument(
      rows.map((row) => resource('upt-country', row.id, row.attributes)),
      listMeta(page, total),
    );
  },

  async listUptBanks(request) {
    const { query } = request;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, UPT_BANK_SORTS, 'name');
    const filters = textFilters({ name: query['filter[name]'], code: query['filter[code]'], countryCode: query['filter[countryCode]'] });
    const { rows, total } = await listUptBanks(request.server.db, sessionOf(request), { filters, sort, page });
    return listDocument(
      rows.map((row) => resource('upt-bank', row.id, row.attributes)),
      listMeta(page, total),
    );
  },

  async listUptBankBranches(request) {
    const rows = await listUptBankBranches(request.server.db, sessionOf(request), request.query.bankCode);
    return { data: rows.map((row) => resource('upt-branch', row.id, row.attributes)) };
  },
};
