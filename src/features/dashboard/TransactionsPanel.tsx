// The Transactions panel (identity-and-catalogue §2): Weekly / Monthly (weekly by default), totals for P2P, Top Up,
// Disbursement and Cash-Out with the currency and the DD-MMM-YYYY range, and the composite chart. A bar, or its
// row in the data table, opens the wallet transactions it counts. On failure the chart shows no data (§4, §8).
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Anchor, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { ResolvedMenu } from '../../config';
import { ChartFigure, CompositeChartWhenVisible, rangeLabel, type ChartTableColumn } from '../../render/charts';
import { formatAmount, formatMoney } from '../../render/format';
import { useDocument } from '../../api/resource';
import { periodLink } from './list-links';
import { DATA_NOT_FOUND } from './messages';
import { CHART_HEIGHT, TOTALS, TRANSACTION_SERIES, chartRows, type Timeframe } from './transaction-chart';

const TIMEFRAMES: ReadonlyArray<{ value: Timeframe; label: string }> = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

const COLUMNS: readonly ChartTableColumn[] = [
  { key: 'label', header: 'Period' },
  ...TRANSACTION_SERIES.map((series) => ({ key: series.name, header: series.label, numeric: true })),
];

export interface TransactionsPanelProps {
  /** The tenant's own menu, to open its wallet transactions. */
  menu: ResolvedMenu | null;
}

function isTimeframe(value: string): value is Timeframe {
  return TIMEFRAMES.some((timeframe) => timeframe.value === value);
}

export function TransactionsPanel({ menu }: TransactionsPanelProps) {
  const [timeframe, setTimeframe] = useState<Timeframe>('weekly');
  // The figures shown stay while the other timeframe's load.
  const statistics = useDocument('getTransactionStatistics', { query: { 'filter[timeframe]': timeframe } }, { placeholderData: keepPreviousData });
  const navigate = useNavigate();
  const answer = statistics.isError ? undefined : statistics.data;
  const data = answer?.meta;
  const rows = answer ? chartRows(answer.data.map((row) => row.attributes), answer.meta.timeframe) : [];
  const linkOf = (period: string) => (data ? periodLink(period, data.timeframe, data, menu) : undefined);

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="md">
        <ChartFigure
          title="Transactions"
          headingOrder={2}
          caption={data ? `${data.currency}, ${rangeLabel(data.startDate, data.endDate)}` : statistics.isError ? DATA_NOT_FOUND : undefined}
          controls={
            <SegmentedControl
              size="xs"
              aria-label="Timeframe"
              data={[...TIMEFRAMES]}
              value={timeframe}
              onChange={(value) => isTimeframe(value) && setTimeframe(value)}
            />
          }
          columns={COLUMNS}
          emptyText={statistics.isError ? DATA_NOT_FOUND : 'No data'}
          rows={rows.map((row) => {
            const to = linkOf(row.period);
            return {
              key: row.period,
              cells: {
                label: to ? (
                  <Anchor component={Link} to={to}>
                    {row.label}
                  </Anchor>
                ) : (
                  row.label
                ),
                count: row.count,
                topUp: formatAmount(row.topUp),
                cashout: formatAmount(row.cashout),
                loans: formatAmount(row.loans),
                p2P: formatAmount(row.p2P),
              },
            };
          })}
        >
          {data && (
            <SimpleGrid cols={{ base: 2, md: 4 }} mb="sm" role="list" aria-label="Totals">
              {TOTALS.map((total) => (
                <div role="listitem" key={total.key}>
                  <Text size="sm" c="dimmed">
                    {total.label}
                  </Text>
                  <Text fw={700}>{formatMoney(data.totals[total.key], data.currency)}</Text>
                </div>
              ))}
            </SimpleGrid>
          )}
          <CompositeChartWhenVisible
            h={CHART_HEIGHT}
            data={rows}
            dataKey="label"
            series={TRANSACTION_SERIES.map(({ name, label, type, color, yAxisId }) => ({ name, label, type, color, ...(yAxisId ? { yAxisId } : {}) }))}
            withRightYAxis
            withLegend
            yAxisLabel="Amount"
            rightYAxisLabel="Count"
            curveType="linear"
            valueFormatter={(value) => formatAmount(value)}
            rightYAxisProps={{ allowDecimals: false, tickFormatter: (value: number) => String(value) }}
            maxBarWidth={40}
            barProps={{
              cursor: 'pointer',
              onClick: (_entry: unknown, index: number) => {
                const row = rows[index];
                const to = row ? linkOf(row.period) : undefined;
                if (to) void navigate(to);
              },
            }}
          />
        </ChartFigure>
        <Group justify="flex-end">
          <Text size="xs" c="dimmed">
            Completed transactions only
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
