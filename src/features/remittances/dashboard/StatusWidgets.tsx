// The pay-in dashboard's status widgets (remittances-and-payouts §2): value and name of each status; a widget goes to
// /transactions/remittances/{status id}, carrying the period the value counts so the table shows the same rows.
// A failure shows RP §8's 'Data not found.  Please try again later'.
import { Alert, Card, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useDocument } from '../../../api/resource';
import { WIDGETS_FAILED, type StatusTimeframe } from './dashboard-format';

export const REMITTANCES_ROUTE = '/transactions/remittances';

/** Where a widget goes: the spec's route, with the widget's range as the table's date range. */
export function widgetTarget(statusId: number, range: { startDate: string; endDate: string }): string {
  return `${REMITTANCES_ROUTE}/${statusId}?${new URLSearchParams({ startDate: range.startDate, endDate: range.endDate }).toString()}`;
}

/** The card's edge in the status's colour (RP §2 colours); the figure itself stays dark for contrast. */
const STATUS_COLOR: Record<number, string> = { 256: 'green', 4: 'blue', 2: 'yellow', 128: 'red' };

/** §7: filter[timeframe] is left out for the Day switch. */
export function StatusWidgets({ timeframe }: { timeframe: StatusTimeframe }) {
  const widgets = useDocument('getPayinTransactionStatus', { query: timeframe === 'daily' ? {} : { 'filter[timeframe]': timeframe } });
  if (widgets.isError) {
    return (
      <Alert color="red" role="alert">
        {WIDGETS_FAILED}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-busy={widgets.isPending}>
      {widgets.isPending
        ? Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height={92} radius="md" />)
        : widgets.data.data.map(({ id, attributes }) => (
            <UnstyledButton
              key={id}
              component={Link}
              to={widgetTarget(attributes.statusId, widgets.data.meta)}
              aria-label={`${attributes.value.toLocaleString('en-US')} ${attributes.name}`}
            >
              <Card
                withBorder
                padding="lg"
                radius="md"
                style={{ borderLeft: `4px solid var(--mantine-color-${STATUS_COLOR[attributes.statusId] ?? 'gray'}-6)` }}
              >
                <Text size="xl" fw={700}>
                  {attributes.value.toLocaleString('en-US')}
                </Text>
                <Text size="sm" c="dimmed">
                  {attributes.name}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
    </SimpleGrid>
  );
}
