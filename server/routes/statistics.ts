// Dashboard statistics (identity-and-catalogue §2 admin dashboard, §7 GET um/statistics and wt/statistics).
import { sessionOf } from '../context.ts';
import { transactionStatistics, type Timeframe } from '../domain/statistics/transactions.ts';
import { userWidgets } from '../domain/statistics/users.ts';
import { HttpError, filterText, resource } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

const TIMEFRAMES: readonly Timeframe[] = ['weekly', 'monthly'];

export const handlers: Handlers = {
  async getUserStatistics(request) {
    const widgets = await userWidgets(request.server.db, sessionOf(request));
    return {
      data: widgets.map((widget) =>
        resource('widget', widget.id, {
          value: widget.value,
          name: widget.name,
          description: widget.description,
          ...(widget.opens ? { opens: widget.opens } : {}),
        }),
      ),
    };
  },

  async getTransactionStatistics(request) {
    const session = sessionOf(request);
    const requested = filterText(request.query['filter[timeframe]']) ?? 'weekly';
    const timeframe = TIMEFRAMES.find((candidate) => candidate === requested);
    if (!timeframe) {
      throw new HttpError(400, `filter[timeframe] must be one of ${TIMEFRAMES.join(', ')}`, { parameter: 'filter[timeframe]' });
    }
    const statistics = await transactionStatistics(request.server.db, session, timeframe, request.server.teller.now());
    const { periods, currency, startDate, endDate, totals } = statistics;
    return {
      data: periods.map(({ period, totals: sums }) => resource('transactionstatistic', period, { period, ...sums })),
      meta: { currency, startDate, endDate, timeframe: statistics.timeframe, totals },
    };
  },
};
