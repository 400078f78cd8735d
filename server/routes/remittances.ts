// Remittance transactions, the daily report and the pay-in dashboard (remittances-and-payouts §2, §3, §7, §9).
import { sessionOf } from '../context.ts';
import { listRemittances } from '../domain/remittances/listing.ts';
import { dailyReport, payinChart, statusWidgets, type ChartTimeframe, type StatusTimeframe } from '../domain/remittances/reports.ts';
import { HttpError, listDocument, listMeta, parseFilters, resource, type Query } from '../http/jsonapi.ts';
import { answer, remittanceQuery, requiredRange } from './_remittances.ts';
import type { Handlers } from './types.ts';

/** The daily report spans at most a year and a day (the contract's getRemittanceDailyReport). */
const REPORT_MAX_DAYS = 366;

function timeframe<T extends string>(query: Query, allowed: readonly T[]): T {
  const value = parseFilters(query).timeframe ?? allowed[0];
  const known = allowed.find((candidate) => candidate === value);
  if (known === undefined) throw new HttpError(400, `filter[timeframe] must be one of ${allowed.join(', ')}`, { parameter: 'filter[timeframe]' });
  return known;
}

export const handlers: Handlers = {
  async listRemittances(request) {
    const session = sessionOf(request);
    const query = remittanceQuery(request.query as Query);
    const { rows, total } = await answer(() => listRemittances(request.server.db, session, query));
    return listDocument(
      rows.map((row) => resource('remittance', row.id, { ...row.attributes })),
      listMeta(query.page, total),
    );
  },

  async getRemittanceDailyReport(request) {
    const session = sessionOf(request);
    const range = requiredRange(parseFilters(request.query as Query), { start: 'startDate', end: 'endDate' }, REPORT_MAX_DAYS);
    const rows = await answer(() => dailyReport(request.server.db, session, range));
    return { data: rows.map((row) => resource('daily-report-row', row.date, { ...row })), meta: range };
  },

  async getPayinTransactionStatus(request) {
    const session = sessionOf(request);
    const frame = timeframe<StatusTimeframe>(request.query as Query, ['daily', 'monthly', 'yearly']);
    const { widgets, startDate, endDate } = await answer(() => statusWidgets(request.server.db, session, frame, request.server.teller.now()));
    return {
      data: widgets.map((widget) => resource('payin-status', widget.statusId, { ...widget })),
      meta: { timeframe: frame, startDate, endDate },
    };
  },

  async getPayinTransactionStatistics(request) {
    const session = sessionOf(request);
    const frame = timeframe<ChartTimeframe>(request.query as Query, ['daily', 'weekly', 'monthly']);
    const chart = await answer(() => payinChart(request.server.db, session, frame, request.server.teller.now()));
    return {
      data: chart.rows.map((row) => resource('payin-statistic', row.period, { ...row })),
      meta: { startDate: chart.startDate, endDate: chart.endDate, timeframe: frame, currency: chart.currency },
    };
  },
};
