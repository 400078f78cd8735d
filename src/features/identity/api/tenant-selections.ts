// A tenant created or changed here is at once one the admin may switch to (the contract's "A tenant is an identity
// client"): the shell's tenant selector reads listTenantSelections under this key (tenantChoicesQuery in
// src/app/TenantSelector.tsx), so a save marks it stale.
import { resourceTypeKey } from '../../../api/resource';
export const TENANT_SELECTIONS_KEY = resourceTypeKey('tenantselection');
