// The dashboards every tenant lands on (identity-and-catalogue §2): /dashboard and /Dashboard for wallet, payout and
// bunna tenants, /admin/dashboard and /admin/transactions for the admin tenant, whose figures are those of the tenant
// chosen in the tenant selector. Both are the widget row and the Transactions panel, with the token tenant's figures.
import { Stack, Text, Title } from '@mantine/core';
import { useConfig } from '../../config/context';
import { useStaffContext } from '../../config/staff-context';
import { useList } from '../../api/resource';
import { TransactionsPanel } from './TransactionsPanel';
import { WidgetRow } from './WidgetRow';

function Dashboard({ title }: { title: string }) {
  const staff = useStaffContext();
  const { menuFor } = useConfig();
  // The tenant's own menu (not the Control Panel's) names its lists.
  const menu = staff.tenant ? menuFor(staff.tenant, staff.role, { ...staff.ruleContext, path: '/' }) : null;
  // Keyed by the tenant whose token asks: a switch shows the new tenant's figures.
  const widgets = useList('getUserStatistics', {});

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {staff.tenant && <Text c="dimmed">Figures of {staff.tenant.name}</Text>}
      </div>
      <WidgetRow widgets={widgets.data?.rows} failed={widgets.isError} menu={menu} />
      <TransactionsPanel menu={menu} />
    </Stack>
  );
}

export function DashboardScreen() {
  return <Dashboard title="Dashboard" />;
}

export function AdminDashboardScreen() {
  return <Dashboard title="Admin Dashboard" />;
}
