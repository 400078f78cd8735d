// identity-and-catalogue §2 "/" for the admin tenant's staff: a logo and the Control Panel button (everyone else is
// sent to their default home by ./Home.tsx before this page loads).
import { Button, Center, Image, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tenantChoicesQuery, useTenantSwitch } from './TenantSelector';
import { useStaffContext } from '../config/staff-context';
import type { TenantChoice } from './tenant-switch';

/** The Control Panel selects the first tenant whose type contains payin, else the first tenant in the list. */
export function controlPanelTenant(choices: TenantChoice[]): TenantChoice | undefined {
  return choices.find((choice) => choice.type.includes('payin')) ?? choices[0];
}

export default function HomePage() {
  const staff = useStaffContext();
  const choices = useQuery(tenantChoicesQuery);
  const { select, busy } = useTenantSwitch();

  const openControlPanel = () => {
    const choice = controlPanelTenant(choices.data ?? []);
    if (choice) void select(choice, '/admin/dashboard');
  };

  return (
    <Center mih="50vh">
      <Stack align="center" gap="lg">
        {staff.tenant?.logo && <Image src={staff.tenant.logo} alt={`${staff.tenant.name} logo`} h={96} w="auto" />}
        <Title order={1}>Welcome to Teller</Title>
        <Button size="lg" onClick={openControlPanel} loading={busy || choices.isLoading}>
          Control Panel
        </Button>
      </Stack>
    </Center>
  );
}
