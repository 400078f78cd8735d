// The catalogue belongs to the tenant in use (identity-and-catalogue §7, the contract's "Catalogue per tenant"): its
// queries are keyed by it, so a switch never shows another tenant's rows.
import { useStaffContext } from '../../config/staff-context';

export function useTenantId(): string | null {
  return useStaffContext().tenant?.id ?? null;
}
