// Remittance transactions, the daily report and the pay-in dashboard (remittances-and-payouts §2, §3, §7, §9).
import { sessionOf } from '../context.ts';
import { listRemittances, remittanceTotals } from '../domain/remittances/listing.ts';
import { renderRemittancePdf } from '../domain/remittances/pdf.ts';
import { dailyReport, payinChart, statusWidgets } from '../domain/remittances/reports.ts';
import { listDocument, listMeta, resource } from '../http/jsonapi.ts';
import { stampChangeCursor } from './_change-cursor.ts';
import { remittanceQuery, remittanceResource, requiredRange } from './_remittances.ts';
import type { Handlers } from './types.ts';
import { PDF_ROW_CAP } from '../domain/pdf/table-pdf.ts';

/** The daily report spans at most a year and a day (the contract's getRemittanceDailyReport). */
const REPORT_MAX_DAYS = 366;

export const handlers: Handlers = {
  async listRemittances(request, reply) {
    const query = remittanceQuery(request.query);
    await stampChangeCursor(request, reply);
    const { rows, total } = await listRemittances(request.server.db, sessionOf(request), query);
    return listDocument(rows.map(remittanceResource), listMeta(query.page, total));
  },

  async getRemittancePdf(request, reply) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const range = requiredRange(
      { start: request.query['filter[startDate]'], end: request.query['filter[endDate]'] },
      { start: 'filter[startDate]', end: 'filter[endDate]' },
    );
    const query = remittanceQuery({ ...request.query, 'page[size]': PDF_ROW_CAP });
    const [{ rows, total }, totals, tenant] = await Promise.all([
      listRemittances(db, session, query),
      remittanceTotals(db, session, query.filters),
      db.selectFrom('tenants').select('name').where('id', '=', session.tenantId).executeTakeFirst(),
    ]);
    const pdf = await renderRemittancePdf({ tenantName: tenant?.name ?? session.tenantId, ...range, generatedAt: teller.now(), rows, matched: total, totals });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="Transactions_${range.startDate}_${range.endDate}.pdf"`)
      .send(pdf);
  },

  async getRemittanceDailyReport(request) {
    const range = requiredRange(
      { start: request.query['filter[startDate]'], end: request.query['filter[endDate]'] },
      { start: 'filter[startDate]', end: 'filter[endDate]' },
      REPORT_MAX_DAYS,
    );
    const rows = await dailyReport(request.server.db, sessionOf(request), range);
    return { data: rows.map((row) => resource('daily-report-row', `${row.date}-${row.receiverCurrency}`, row)), meta: range };
  },

  async getPayinTransactionStatus(request) {
    const timeframe = request.query['filter[timeframe]'] ?? 'daily';
    const { widgets, startDate, endDate } = await statusWidgets(request.server.db, sessionOf(request), timeframe, request.server.teller.now());
    return {
      data: widgets.map((widget) => ({ type: 'payin-status' as const, id: widget.id, attributes: { statusId: widget.statusId, name: widget.name, value: widget.value } })),
      meta: { timeframe, startDate, endDate },
    };
  },

  async getPayinTransactionStatistics(request) {
    const timeframe = request.query['filter[timeframe]'] ?? 'daily';
    const chart = await payinChart(request.server.db, sessionOf(request), timeframe, request.server.teller.now());
    return {
      data: chart.rows.map((row) => resource('payin-statistic', row.period, row)),
      meta: { startDate: chart.startDate, endDate: chart.endDate, timeframe, currency: chart.currency },
    };
  },
};
