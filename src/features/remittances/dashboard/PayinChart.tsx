// The pay-in dashboard's bar chart (remittances-and-payouts §2, §9): Daily / Weekly / Monthly, 300 px, two y axes
// (transaction count as bars on the left, the paid amount as a line on the right), and the range caption. A failure
// shows the gateway's messages (RP §8) over an empty chart. Its figures show as a table too (ChartFigure's Show data
// table), the text alternative the wallet dashboard's chart has.
import '@mantine/charts/styles.css';
import type { CompositeChartProps } from '@mantine/charts';
import { Alert, Card, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { ChartFigure, CompositeChartWhenVisible, type ChartTableColumn } from '../../../render/charts';
import { formatAmount } from '../../../render/format';
import { useDocument } from '../../../api/resource';
import { DASHBOARD_TEXT, chartPoints, rangeCaption, type ChartPoint, type ChartTimeframe } from './dashboard-format';

/** RP §2: charts are 300 px tall. */
export const CHART_HEIGHT = 300;

/** The chart as data: what CompositeChart draws, apart from the component, so a test reads the axes without a layout. */
export function chartProps(points: ChartPoint[], currency: string): CompositeChartProps {
  return {
    h: CHART_HEIGHT,
    data: points,
    dataKey: 'label',
    withLegend: true,
    withRightYAxis: true,
    yAxisLabel: DASHBOARD_TEXT.count,
    rightYAxisLabel: DASHBOARD_TEXT.amount(currency),
    valueFormatter: (value) => (Number.isInteger(value) ? value.toLocaleString('en-US') : formatAmount(value)),
    rightYAxisProps: { tickFormatter: (value: number) => value.toLocaleString('en-US', { notation: 'compact' }) },
    series: [
      { name: 'count', label: DASHBOARD_TEXT.count, type: 'bar', color: 'blue.6' },
      { name: 'amount', label: DASHBOARD_TEXT.amount(currency), type: 'line', color: 'teal.7', yAxisId: 'right' },
    ],
  };
}

/** The chart's figures as its table alternative (issue 22: as the wallet dashboard's chart has). */
function chartTableColumns(currency: string): ChartTableColumn[] {
  return [
    { key: 'label', header: DASHBOARD_TEXT.period },
    { key: 'count', header: DASHBOARD_TEXT.count, numeric: true },
    { key: 'amount', header: DASHBOARD_TEXT.amount(currency), numeric: true },
  ];
}

/** §7: filter[timeframe] weekly or monthly, none for daily. */
export function PayinChart() {
  const [timeframe, setTimeframe] = useState<ChartTimeframe>('daily');
  const statistics = useDocument('getPayinTransactionStatistics', { query: timeframe === 'daily' ? {} : { 'filter[timeframe]': timeframe } });
  const points = statistics.data ? chartPoints(statistics.data) : [];
  const currency = statistics.data?.meta.currency ?? '';
  return (
    <Card withBorder padding="lg" radius="md">
      <ChartFigure
        title={DASHBOARD_TEXT.chartTitle}
        headingOrder={2}
        caption={statistics.data && <span data-testid="chart-range">{rangeCaption(statistics.data.meta)}</span>}
        controls={
          <SegmentedControl
            aria-label="Chart period"
            value={timeframe}
            onChange={(value) => setTimeframe(value as ChartTimeframe)}
            data={DASHBOARD_TEXT.chartTimeframes.map((option) => ({ ...option }))}
          />
        }
        columns={chartTableColumns(currency)}
        rows={points.map((point) => ({ key: point.label, cells: { label: point.label, count: point.count.toLocaleString('en-US'), amount: formatAmount(point.amount) } }))}
      >
        {statistics.isError && (
          <Alert color="red" role="alert" mb="sm">
            {errorText(statistics.error)}
          </Alert>
        )}
        <CompositeChartWhenVisible {...chartProps(points, currency)} h={CHART_HEIGHT} aria-busy={statistics.isPending} />
      </ChartFigure>
    </Card>
  );
}
