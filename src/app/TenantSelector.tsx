// The tenant selector in the breadcrumb bar, for users of the admin tenant (users-and-wallets §6; the sign-in answer's adminTenant).
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { resourceTypeKey } from '../api/resource';
import { useSessionState } from '../api/session';
import { contextFor, firstMenuRoute, getTenant, menuFor, tenantFor } from '../config';
import { inAdminArea } from '../config/routes';
import { notifyError } from '../render/notify';
import { listTenantChoices, loadPayoutChannels, switchTenant, tenantSwitchErrorText, type TenantChoice } from './tenant-switch';
import { primaryRole } from '../config/staff-context';

// Keyed by its JSON:API type, so a tenant made or changed marks it stale (src/api/resource-types.ts).
export const tenantChoicesQuery = { queryKey: resourceTypeKey('tenantselection'), queryFn: listTenantChoices, staleTime: 5 * 60_000 };

/** identity-and-catalogue §2: after a switch, go to the first menu item if the tenant type changed, unless under /admin/. */
export function landingAfterSwitch(previousType: string | null, next: TenantChoice, path: string, role: number | null): string | null {
  if (inAdminArea(path) || previousType === next.type) return null;
  const tenant = tenantFor(next);
  if (!tenant) return null;
  return firstMenuRoute(menuFor(tenant, role, contextFor(tenant, role))) ?? null;
}

export function useTenantSwitch() {
  const { session, tenant } = useSessionState();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function select(choice: TenantChoice, landing?: string) {
    const previousType = tenant?.type ?? (session ? (getTenant(session.tenantId)?.type ?? null) : null);
    setBusy(true);
    try {
      await switchTenant(choice);
    } catch (error) {
      notifyError(tenantSwitchErrorText(error));
      return;
    } finally {
      setBusy(false);
    }
    const target = landing ?? landingAfterSwitch(previousType, choice, pathname, primaryRole(session?.roles ?? []));
    if (target) navigate(target);
    // The switch stands once the token is there; a channel failure is told on its own (users-and-wallets §8).
    loadPayoutChannels(queryClient).catch((error: unknown) => notifyError(tenantSwitchErrorText(error)));
  }
  return { select, busy };
}

export function TenantSelector() {
  const { tenant } = useSessionState();
  const choices = useQuery(tenantChoicesQuery);
  const { select, busy } = useTenantSwitch();

  return (
    <Select
      aria-label="Tenant"
      placeholder="Select tenant"
      searchable
      w={260}
      size="xs"
      disabled={busy || choices.isLoading}
      data={(choices.data ?? []).map((choice) => ({ value: choice.id, label: choice.name }))}
      value={tenant?.id ?? null}
      onChange={(id) => {
        const choice = choices.data?.find((entry) => entry.id === id);
        if (choice) void select(choice);
      }}
      error={choices.isError ? 'Could not load tenants' : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
