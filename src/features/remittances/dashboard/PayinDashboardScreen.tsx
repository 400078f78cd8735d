// /remittances/dashboard (remittances-and-payouts §2 'Pay-in dashboard', the identity admin's Main Dashboard): the
// Day / Month / Year switch over the status widgets, and the bar chart with its own Daily / Weekly / Monthly switch.
// Its own chunk; the chart's code (@mantine/charts, recharts) loads when the chart nears the viewport (render/charts).
import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { DASHBOARD_TEXT, type StatusTimeframe } from './dashboard-format';
import { PayinChart } from './PayinChart';
import { StatusWidgets } from './StatusWidgets';

export default function PayinDashboardScreen() {
  const [timeframe, setTimeframe] = useState<StatusTimeframe>('daily');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          {DASHBOARD_TEXT.title}
        </Title>
        <SegmentedControl
          aria-label="Status period"
          value={timeframe}
          onChange={(value) => setTimeframe(value as StatusTimeframe)}
          data={DASHBOARD_TEXT.periods.map((option) => ({ ...option }))}
        />
      </Group>
      <StatusWidgets timeframe={timeframe} />
      <PayinChart />
    </Stack>
  );
}
