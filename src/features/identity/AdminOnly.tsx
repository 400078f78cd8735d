// identity-and-catalogue §4 and §6: the admin-only area (/admin/...) belongs to the admin tenant; users of any other
// tenant cannot open it (the gateway refuses them too, 403 not_admin_tenant).
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useStaffContext } from '../../config/staff-context';

export const ADMIN_ONLY_TEXT = 'This area is only open to the admin tenant.';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdminTenant } = useStaffContext();
  if (!isAdminTenant) return <Alert color="red" title="Admin Control Panel">{ADMIN_ONLY_TEXT}</Alert>;
  return children;
}
