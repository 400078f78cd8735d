// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../../api/test-support/fetch-proxy';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { FakeGateway } from '../../../api/test-support/fake-gateway';
import { renderWithApp, signInAs } from '../test-support';
import { chartPoints, dashboardDay, periodLabel, rangeCaption, WIDGETS_FAILED } from './dashboard-format';
import { CHART_HEIGHT, chartProps } from './PayinChart';
import PayinDashboardScreen from './PayinDashboardScreen';

const widgetsDocument = (timeframe: string, startDate: string, values: [number, number, number, number]) => ({
  data: [
    { type: 'payin-status', id: '256', attributes: { statusId: 256, name: 'Successful', value: values[0] } },
    { type: 'payin-status', id: '4', attributes: { statusId: 4, name: 'Processing', value: values[1] } },
    { type: 'payin-status', id: '2', attributes: { statusId: 2, name: 'Pending', value: values[2] } },
    { type: 'payin-status', id: '128', attributes: { statusId: 128, name: 'Failed', value: values[3] } },
  ],
  meta: { timeframe, startDate, endDate: '2026-03-14' },
});

const statisticsDocument = (timeframe: string, startDate: string, periods: string[]) => ({
  data: periods.map((period, index) => ({
    type: 'payin-statistic',
    id: period,
    attributes: { period, count: index + 1, successful: index, failed: 1, processing: 0, pending: 0, amount: `${(index + 1) * 1000}.50` },
  })),
  meta: { startDate, endDate: '2026-03-14', timeframe, currency: 'NGN' },
});

let gateway: FakeGateway;
beforeEach(() => {
  localStorage.clear();
  gateway = new FakeGateway()
    .on('GET', '/api/v1/payin/dashboard/transaction-status', (call) => {
      const timeframe = call.query.get('filter[timeframe]') ?? 'daily';
      if (timeframe === 'monthly') return { body: widgetsDocument('monthly', '2026-03-01', [1200, 30, 12, 75]) };
      if (timeframe === 'yearly') return { body: widgetsDocument('yearly', '2026-01-01', [9100, 31, 13, 501]) };
      return { body: widgetsDocument('daily', '2026-03-14', [41, 2, 0, 3]) };
    })
    .on('GET', '/api/v1/payin/dashboard/transaction-statistics', (call) => {
      const timeframe = call.query.get('filter[timeframe]') ?? 'daily';
      if (timeframe === 'weekly') return { body: statisticsDocument('weekly', '2026-03-08', ['2026-03-08T00:00:00Z', '2026-03-14T00:00:00Z']) };
      if (timeframe === 'monthly') return { body: statisticsDocument('monthly', '2025-04-01', ['2025-04-01T00:00:00Z', '2026-03-01T00:00:00Z']) };
      return { body: statisticsDocument('daily', '2026-03-14', ['2026-03-14T00:00:00Z', '2026-03-14T13:00:00Z']) };
    });
  fetchProxy.handle = gateway.handle;
});

const statusCalls = () => gateway.callsTo('GET', '/api/v1/payin/dashboard/transaction-status');
const statisticsCalls = () => gateway.callsTo('GET', '/api/v1/payin/dashboard/transaction-statistics');

function showDashboard() {
  signInAs('amal');
  renderWithApp(<PayinDashboardScreen />, { route: '/remittances/dashboard' });
}

describe('/remittances/dashboard', () => {
  it('[RP-2.06][RP-2.62][RP-2.63][RP-7.11] the Day / Month / Year switch asks for today, this month or this year and shows each widget value and name', async () => {
    showDashboard();
    expect(await screen.findByRole('link', { name: '41 Successful' })).toBeInTheDocument();
    for (const name of ['2 Processing', '0 Pending', '3 Failed']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(statusCalls()[0]?.query.has('filter[timeframe]')).toBe(false);

    const period = screen.getByRole('radiogroup', { name: 'Status period' });
    expect(within(period).getAllByRole('radio')).toHaveLength(3);
    expect(within(period).getByRole('radio', { name: 'Day' })).toBeChecked();
    await userEvent.click(within(period).getByRole('radio', { name: 'Month' }));
    expect(await screen.findByRole('link', { name: '1,200 Successful' })).toBeInTheDocument();
    expect(statusCalls().at(-1)?.query.get('filter[timeframe]')).toBe('monthly');
    await userEvent.click(within(period).getByRole('radio', { name: 'Year' }));
    expect(await screen.findByRole('link', { name: '501 Failed' })).toBeInTheDocument();
    expect(statusCalls().at(-1)?.query.get('filter[timeframe]')).toBe('yearly');
  });

  it('[RP-2.64] a widget goes to /transactions/remittances/{status id} with the range it counts', async () => {
    showDashboard();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Status period' })).getByLabelText('Month'));
    await userEvent.click(await screen.findByRole('link', { name: '75 Failed' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/transactions/remittances/128?startDate=2026-03-01&endDate=2026-03-14');
  });

  it('[RP-8.01] a widgets failure shows the spec text', async () => {
    gateway.on('GET', '/api/v1/payin/dashboard/transaction-status', () => ({ status: 500, body: { errors: [{ status: '500', title: 'Internal error' }] } }));
    showDashboard();
    expect(await screen.findByText(WIDGETS_FAILED, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeInTheDocument();
    expect(WIDGETS_FAILED).toBe('Data not found.  Please try again later');
  });

  it('[RP-2.65][RP-2.66][RP-7.12][RP-9.06] the chart switch sends no timeframe for Daily, weekly and monthly otherwise, with the DD-MMM-YYYY range caption', async () => {
    showDashboard();
    expect(await screen.findByTestId('chart-range')).toHaveTextContent(/^14-Mar-2026$/);
    expect(statisticsCalls()[0]?.query.has('filter[timeframe]')).toBe(false);
    const chartPeriod = screen.getByRole('radiogroup', { name: 'Chart period' });
    await userEvent.click(within(chartPeriod).getByLabelText('Weekly'));
    await waitFor(() => expect(screen.getByTestId('chart-range')).toHaveTextContent('08-Mar-2026 - 14-Mar-2026'));
    expect(statisticsCalls().at(-1)?.query.get('filter[timeframe]')).toBe('weekly');
    await userEvent.click(within(chartPeriod).getByLabelText('Monthly'));
    await waitFor(() => expect(screen.getByTestId('chart-range')).toHaveTextContent('01-Apr-2025 - 14-Mar-2026'));
    expect(statisticsCalls().at(-1)?.query.get('filter[timeframe]')).toBe('monthly');
  });

  it("the chart's figures show as a table behind Show data table, as the wallet dashboard's do (issue 22)", async () => {
    showDashboard();
    await screen.findByTestId('chart-range');
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Chart period' })).getByLabelText('Weekly'));
    await waitFor(() => expect(screen.getByTestId('chart-range')).toHaveTextContent('08-Mar-2026 - 14-Mar-2026'));
    await userEvent.click(screen.getByRole('button', { name: 'Show data table' }));
    const table = screen.getByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Period', 'Transaction Count', 'Amount (NGN)']);
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['08-Mar-2026', '1', '1,000.50']);
  });

  it('[issue 27] the chart names its series above it, drawn with the screen before the chart\'s code', async () => {
    showDashboard();
    await screen.findByTestId('chart-range');
    const figure = screen.getByRole('figure', { name: 'Transactions' });
    const legend = within(figure).getByRole('list', { name: 'Series' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Transaction Count', 'Amount (NGN)']);
  });

  it('[RP-2.67] the chart is 300 px tall with a count axis on the left and an amount axis on the right', () => {
    const props = chartProps(chartPoints(statisticsDocument('weekly', '2026-03-08', ['2026-03-08T00:00:00Z']) as never), 'NGN');
    expect(CHART_HEIGHT).toBe(300);
    expect(props.h).toBe(300);
    expect(props.withRightYAxis).toBe(true);
    expect(props.series).toEqual([
      expect.objectContaining({ name: 'count', type: 'bar', label: 'Transaction Count' }),
      expect.objectContaining({ name: 'amount', type: 'line', yAxisId: 'right', label: 'Amount (NGN)' }),
    ]);
    expect(props.data).toEqual([{ label: '08-Mar-2026', count: 1, amount: 1000.5 }]);
  });

  it('[RP-9.06] labels: weekly DD-MMM-YYYY, monthly MMM-YYYY, daily the hour; the caption one day or a range', () => {
    expect(periodLabel('weekly', '2026-03-08T00:00:00Z')).toBe('08-Mar-2026');
    expect(periodLabel('monthly', '2025-04-01T00:00:00Z')).toBe('Apr-2025');
    expect(periodLabel('daily', '2026-03-14T13:00:00Z')).toBe('13:00');
    expect(dashboardDay('2026-12-31')).toBe('31-Dec-2026');
    expect(rangeCaption({ startDate: '2026-03-14', endDate: '2026-03-14' })).toBe('14-Mar-2026');
  });

  it('[RP-8.02][RP-8.03] a statistics failure shows the error messages and a chart with no data', async () => {
    gateway.on('GET', '/api/v1/payin/dashboard/transaction-statistics', () => ({
      status: 403,
      body: { errors: [{ status: '403', title: 'Only staff may read remittances' }] },
    }));
    showDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff may read remittances');
    expect(screen.queryByTestId('chart-range')).toBeNull();
  });
});
