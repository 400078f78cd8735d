// /admin/config: the config's health (every file of tenants/ and schemas/ with check:config's verdict, from the
// gateway) and a preview as any tenant and role, drawn from the files. For the admin tenant's top admins, whom the
// gateway alone lets read the health; the page only says so to others.
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useStaffContext } from '../../config/staff-context';
import { ConfigHealthPanel } from './health/ConfigHealthPanel';
import { ConfigPreviewPanel } from './preview/ConfigPreviewPanel';

export const CONFIG_ADMIN_ONLY_TEXT = "The config is open to the admin tenant's top admins only.";

const TABS = ['health', 'preview'] as const;
type ConfigTab = (typeof TABS)[number];

function isTab(value: string | null): value is ConfigTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

export default function ConfigScreen() {
  const { isAdminTenant, session } = useStaffContext();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: ConfigTab = isTab(requested) ? requested : 'health';
  const open = (next: string | null) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', isTab(next) ? next : 'health');
        return params;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Config
      </Title>
      {!isAdminTenant || !session.roles.includes(4) ? (
        <Alert color="red" title="Config">
          {CONFIG_ADMIN_ONLY_TEXT}
        </Alert>
      ) : (
        <Tabs value={tab} onChange={open} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="health">Health</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="health" pt="md">
            <ConfigHealthPanel />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            <ConfigPreviewPanel />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
