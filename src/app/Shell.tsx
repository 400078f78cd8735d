// The frame of every signed-in screen: header (logo, Control Panel, theme switch, user menu), the tenant's menu,
// and the breadcrumb bar holding the tenant selector.
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Burger, Button, Group, Image, Menu as MantineMenu, Paper, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { logOut } from '../features/auth/api/log-out';
import { evaluateRule, type ResolvedMenuItem } from '../config';
import { Breadcrumb } from '../render/Breadcrumb';
import { Menu } from '../render/Menu';
import { Toaster } from '../render/Toaster';
import { APPROVALS_ROUTE, PendingApprovals } from './PendingApprovals';
import { TenantSelector } from './TenantSelector';
import { KeyboardShortcuts } from './keyboard/KeyboardShortcuts';
import { DARK_THEME, MAIN_THEME, setTheme, useTheme } from './theme';
import { useStaffContext } from '../config/staff-context';
import { controlPanelRule } from './control-panel';
import { useReferenceListPrefetch } from './reference-lists';
import shell from './shell.module.css';

/** Menu labels by route, so the breadcrumb says 'Members' where the menu does. */
function menuLabels(items: ResolvedMenuItem[], labels: Record<string, string> = {}): Record<string, string> {
  for (const item of items) {
    if (item.route) labels[item.route] = item.label;
    if (item.children) menuLabels(item.children, labels);
  }
  return labels;
}

export function Shell({ children }: { children: ReactNode }) {
  const staff = useStaffContext();
  useReferenceListPrefetch(staff.tenant);
  const theme = useTheme();
  const [navOpen, { toggle }] = useDisclosure();
  const brand = staff.tenant?.name ?? 'Teller';
  const labels = menuLabels(staff.menu?.items ?? []);

  // users-and-wallets §4: logout ends the session, clears storage and goes to /login; a full load also drops every
  // cached answer.
  const logout = async () => {
    await logOut();
    window.location.replace('/login');
  };

  return (
    <div className={shell.frame}>
      <Toaster />
      <KeyboardShortcuts />
      <header className={shell.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            {/* The link's name starts with the words it shows (WCAG 2.5.3, label in name). */}
            <UnstyledButton component={Link} to="/" aria-label={`${brand} home`}>
              <Group gap={8} wrap="nowrap">
                {staff.tenant?.logo && <Image src={staff.tenant.logo} alt="" h={28} w="auto" />}
                <Text fw={700}>{brand}</Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <PendingApprovals enabled={APPROVALS_ROUTE in labels} />
            {evaluateRule(controlPanelRule, staff.ruleContext) && (
              <Button component={Link} to="/admin/dashboard" variant="light" size="xs">
                Control Panel
              </Button>
            )}
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={theme === DARK_THEME ? 'Switch to the light theme' : 'Switch to the dark theme'}
              onClick={() => setTheme(theme === DARK_THEME ? MAIN_THEME : DARK_THEME)}
            >
              <span aria-hidden>{theme === DARK_THEME ? '☀' : '☾'}</span>
            </ActionIcon>
            <MantineMenu position="bottom-end" withinPortal>
              <MantineMenu.Target>
                <Button variant="subtle" size="xs" aria-label={`Account menu for ${staff.session.email}`}>
                  {staff.session.email}
                </Button>
              </MantineMenu.Target>
              <MantineMenu.Dropdown>
                <MantineMenu.Item component={Link} to="/user/profile">
                  Profile
                </MantineMenu.Item>
                <MantineMenu.Item onClick={() => void logout()}>Logout</MantineMenu.Item>
              </MantineMenu.Dropdown>
            </MantineMenu>
          </Group>
        </Group>
      </header>
      <div className={shell.navbar} data-open={navOpen || undefined}>
        {staff.menu && <Menu items={staff.menu.items} onNavigate={() => navOpen && toggle()} />}
      </div>
      <main className={shell.main}>
        {staff.menu?.banner && (
          <Alert variant="light" mb="sm" title={staff.menu.banner} />
        )}
        <Paper withBorder px="md" mb="md" radius="sm">
          <Breadcrumb labels={labels}>{staff.isAdminTenant && <TenantSelector />}</Breadcrumb>
        </Paper>
        {children}
      </main>
    </div>
  );
}
