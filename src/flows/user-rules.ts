// users-and-wallets §6: which roles a creator may give and when the group (credit union) is asked.
import type { components } from '../api/gateway';

export type Role = components['schemas']['Role'];
export type AdminRole = components['schemas']['AdminRole'];
export type Audience = 'admin' | 'endUser';

const ADMIN_ROLES: readonly AdminRole[] = [4, 16, 64];

export function isAdminRole(role: unknown): role is AdminRole {
  return ADMIN_ROLES.some((adminRole) => adminRole === role);
}

/**
 * The roles offered in the create-user form. Admins: role 4 any but 256, role 16 only 16 or 64, role 64 only 64,
 * any other creator any but 256. End users: only 256.
 */
export function roleChoices(creatorRole: number, audience: Audience): Role[] {
  if (audience === 'endUser') return [256];
  if (creatorRole === 16) return [16, 64];
  if (creatorRole === 64) return [64];
  return [...ADMIN_ROLES];
}

/** The tenant as far as the group rule needs it (a `tenants/<id>.json` file fits). */
export interface GroupTenant {
  id: string | null;
  main?: boolean;
  creditUnion?: object;
}

/** §6: the Credit Union group and member id fields show only for the main tenant or the credit-union tenant. */
export function tenantAsksGroup(tenant: GroupTenant): boolean {
  return tenant.main === true || tenant.creditUnion !== undefined || tenant.id === 'naccug';
}

export type GroupRule =
  /** Roles 4 and 16: the group is 0 and not asked. */
  | { asked: false; value: 0 }
  /** The tenant has no groups: not asked, not sent. */
  | { asked: false; value: undefined }
  /** Asked and required. */
  | { asked: true; value: undefined };

/**
 * §6 "for admin roles 4 and 16 the group is set to 0 and not asked; for other roles the group is required", where
 * the tenant has groups at all (§5: required on naccug, §6: the field shows only on the main or credit-union tenant).
 */
export function groupRule(role: number | undefined, tenant: GroupTenant): GroupRule {
  return groupRuleFor(role, tenantAsksGroup(tenant));
}

export function groupRuleFor(role: number | undefined, tenantAsksForGroup: boolean): GroupRule {
  if (role === 4 || role === 16) return { asked: false, value: 0 };
  if (tenantAsksForGroup) return { asked: true, value: undefined };
  return { asked: false, value: undefined };
}
