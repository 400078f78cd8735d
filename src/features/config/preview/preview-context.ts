// "As tenant X, role Y": the rule context a staff member of role Y whose own tenant is X works in, the same one the
// shell derives from a real session (src/config/staff-context.ts), so the preview's menu, columns, actions and form
// rules are the ones that person would get.
import { contextFor, type RuleContext } from '../../../config';
import type { Tenant } from '../../../config/types';

/** The staff roles a preview may take (docs/decisions.md, "Roles and statuses"). */
export const PREVIEW_ROLES = [
  { role: 4, label: 'Top admin (4)' },
  { role: 16, label: 'Mid admin (16)' },
  { role: 64, label: 'Lower admin (64)' },
] as const;

export interface PreviewPlace {
  /** The address the menu is shown at: '/' gives the tenant's own menu, an /admin/ path the admin tenant's Control Panel. */
  path?: string;
  /** A form that creates a record rather than editing one. */
  newRecord?: boolean;
}

export function previewContext(tenant: Tenant, role: number, place: PreviewPlace = {}): RuleContext {
  return contextFor(tenant, role, {
    // The session's adminTenant is the user's own tenant's admin flag (never its claim).
    isAdminTenant: tenant.admin === true,
    // remittances-and-payouts §6: the payout admin is role 4 in a tenant marked payoutAdmin.
    payoutAdmin: tenant.payoutAdmin === true && role === 4,
    path: place.path ?? '/',
    newRecord: place.newRecord ?? false,
  });
}
