// The universal payment service's transactions, force sync, PDF, countries, banks and branches
// (remittances-and-payouts §2, §4, §7).
import { sessionOf } from '../context.ts';
import { renderUptPdf } from '../domain/upt/pdf.ts';
import { UPT_BANK_SORTS, UPT_COUNTRY_SORTS, listUptBankBranches, listUptBanks, listUptCountries } from '../domain/upt/reference.ts';
import { listUptTransactions, syncUptTransactions } from '../domain/upt/transactions.ts';
import { HttpError, listDocument, listMeta, parseFilters, parsePaging, parseSort, resource, type Query } from '../http/jsonapi.ts';
import { answer, daysBetween, requiredRange, uptQuery } from './_remittances.ts';
import type { Handlers } from './types.ts';

/** A sync covers at most a year and a day (the contract's syncUptTransactions). */
const SYNC_MAX_DAYS = 366;
/** The PDF lists at most this many rows (as the wallet PDF). */
export const UPT_PDF_ROW_CAP = 5_000;

export const handlers: Handlers = {
  async listUptTransactions(request) {
    const session = sessionOf(request);
    const query = uptQuery(request.query as Query);
    const { rows, total } = await answer(() => listUptTransactions(request.server.db, session, query));
    return listDocument(
      rows.map((row) => resource('upt-transaction', row.id, { ...row.attributes })),
      listMeta(query.page, total),
    );
  },

  async syncUptTransactions(request) {
    const session = sessionOf(request);
    const { STARTDATE, ENDDATE } = (request.body as { data: { attributes: { STARTDATE: string; ENDDATE: string } } }).data.attributes;
    const pointer = '/data/attributes/ENDDATE';
    if (ENDDATE < STARTDATE) throw new HttpError(422, 'ENDDATE is before STARTDATE', { pointer });
    if (daysBetween(STARTDATE, ENDDATE) > SYNC_MAX_DAYS) throw new HttpError(422, `A sync may span at most ${SYNC_MAX_DAYS} days`, { pointer });
    const { id, ...attributes } = await answer(() =>
      syncUptTransactions({ db: request.server.db, session, now: request.server.teller.now() }, { startDate: STARTDATE, endDate: ENDDATE }),
    );
    return { data: resource('sync', id, attributes) };
  },

  async getUptTransactionPdf(request, reply) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const range = requiredRange(parseFilters(request.query as Query), { start: 'startDate', end: 'endDate' }, Number.MAX_SAFE_INTEGER);
    const query = uptQuery(request.query as Query, { defaultSize: UPT_PDF_ROW_CAP, maxSize: UPT_PDF_ROW_CAP });
    const [{ rows, total }, tenant] = await Promise.all([
      answer(() => listUptTransactions(db, session, { ...query, page: { number: 1, size: UPT_PDF_ROW_CAP, offset: 0 } })),
      db.selectFrom('tenants').select('name').where('id', '=', session.tenantId).executeTakeFirst(),
    ]);
    const pdf = await renderUptPdf({ tenantName: tenant?.name ?? session.tenantId, ...range, generatedAt: teller.now(), rows, matched: total });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="UPT_${range.startDate}_${range.endDate}.pdf"`)
      .send(pdf);
  },

  async listUptCountries(request) {
    const session = sessionOf(request);
    const query = request.query as Query;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, UPT_COUNTRY_SORTS, 'name');
    const { name, code, currencyCode } = parseFilters(query);
    const filters = { ...(name === undefined ? {} : { name }), ...(code === undefined ? {} : { code }), ...(currencyCode === undefined ? {} : { currencyCode }) };
    const { rows, total } = await answer(() => listUptCountries(request.server.db, session, { filters, sort, page }));
    return listDocument(
      rows.map((row) => resource('upt-country', row.id, { ...row.attributes })),
      listMeta(page, total),
    );
  },

  async listUptBanks(request) {
    const session = sessionOf(request);
    const query = request.query as Query;
    const page = parsePaging(query);
    const sort = parseSort(query.sort, UPT_BANK_SORTS, 'name');
    const { name, code, countryCode } = parseFilters(query);
    const filters = { ...(name === undefined ? {} : { name }), ...(code === undefined ? {} : { code }), ...(countryCode === undefined ? {} : { countryCode }) };
    const { rows, total } = await answer(() => listUptBanks(request.server.db, session, { filters, sort, page }));
    return listDocument(
      rows.map((row) => resource('upt-bank', row.id, { ...row.attributes })),
      listMeta(page, total),
    );
  },

  async listUptBankBranches(request) {
    const session = sessionOf(request);
    const { bankCode } = request.query as { bankCode: string };
    const rows = await answer(() => listUptBankBranches(request.server.db, session, bankCode));
    return { data: rows.map((row) => resource('upt-branch', row.id, { ...row.attributes })) };
  },
};
