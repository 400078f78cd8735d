// Who is working where: the session, the tenant in use, the rule context every config rule is evaluated against,
// and the menu that follows from them. The one place the shell derives these.
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSessionState, type StaffSession } from '../api/session';
import { contextFor, type ResolvedMenu } from './catalogue.ts';
import { useConfig } from './context.ts';
import type { RuleContext } from './rules.ts';
import type { Tenant } from './types.ts';

export interface StaffContext {
  session: StaffSession;
  /** The tenant in use: the selected one, else the user's own. */
  tenant: Tenant | null;
  role: number | null;
  isAdminTenant: boolean;
  ruleContext: RuleContext;
  menu: ResolvedMenu | null;
}

export function primaryRole(roles: readonly number[]): number | null {
  return roles.length > 0 ? Math.min(...roles) : null;
}

export function useStaffContext(): StaffContext {
  const staff = useOptionalStaffContext();
  if (!staff) throw new Error('useStaffContext is used inside the protected app only (RequireSession guards it)');
  return staff;
}

/** The staff context, or null without a session (code given its own rule context needs none, e.g. in a test). */
export function useOptionalStaffContext(): StaffContext | null {
  const { session, tenant: selected } = useSessionState();
  const { pathname } = useLocation();
  const { getTenant, tenantFor, adminTenant, menuFor } = useConfig();

  return useMemo(() => {
    if (!session) return null;
    // The gateway's word (the tenant's admin flag), never the claim: a copy of the admin tenant keeps its claim.
    const isAdminTenant = session.adminTenant;
    // The chosen tenant, or the user's own, may be one made on the Control Panel, with no file: it gets its type's menu
    // (tenantFor). A session stored by an older build names neither name nor type: its own tenant then needs a file.
    const { tenantId: id, tenantName: name, tenantType: type } = session;
    const home = name !== undefined && type !== undefined ? tenantFor({ id, name, type }) : getTenant(id);
    const tenant = (selected && tenantFor(selected)) || home || (isAdminTenant ? adminTenant() : undefined) || null;
    const role = primaryRole(session.roles);
    // remittances-and-payouts §6: the payout admin role (4, as the gateway reads it) in a remittance operator tenant.
    const payoutAdmin = tenant?.payoutAdmin === true && session.roles.includes(4);
    const known = { isAdminTenant, path: pathname, payoutAdmin };
    const ruleContext = contextFor(tenant, role, known);
    const menu = tenant ? menuFor(tenant, role, known) : null;
    return { session, tenant, role, isAdminTenant, ruleContext, menu };
  }, [session, selected, pathname, getTenant, tenantFor, adminTenant, menuFor]);
}
