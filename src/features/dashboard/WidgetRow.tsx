// The row of widgets (identity-and-catalogue §2: value, name and description); a widget that totals a list opens it.
import { Alert, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ResolvedMenu } from '../../config';
import { formatAmount } from '../../render/format';
import type { RowOf } from '../../api/resource';
import { widgetLink } from './list-links';
import { DATA_NOT_FOUND } from './messages';

type Widget = RowOf<'getUserStatistics'>;

export interface WidgetRowProps {
  widgets: Widget[] | undefined;
  failed: boolean;
  /** The tenant's own menu, to open its list routes. */
  menu: ResolvedMenu | null;
}

function WidgetBody({ widget }: { widget: Widget }) {
  return (
    <>
      {/* identity-and-catalogue §9: dashboard numbers have two decimals. */}
      <Text fz={28} fw={700} lh={1.2}>
        {formatAmount(widget.value)}
      </Text>
      <Text fw={600}>{widget.name}</Text>
      <Text size="sm" c="dimmed">
        {widget.description}
      </Text>
    </>
  );
}

export function WidgetRow({ widgets, failed, menu }: WidgetRowProps) {
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert">
        {DATA_NOT_FOUND}
      </Alert>
    );
  }
  if (!widgets) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-busy="true" aria-label="Loading widgets">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={110} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid role="list" cols={{ base: 1, xs: 2, md: 4 }} aria-label="Widgets">
      {widgets.map((widget) => (
        <div role="listitem" key={widget.id}>
          {widget.opens ? (
            <Card component={Link} to={widgetLink(widget.opens, menu)} withBorder padding="md" radius="md" h="100%">
              <WidgetBody widget={widget} />
            </Card>
          ) : (
            <Card withBorder padding="md" radius="md" h="100%">
              <WidgetBody widget={widget} />
            </Card>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}
