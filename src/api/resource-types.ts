// Which JSON:API types show another's data, so a mutation of one marks the other's lists and reads stale too
// (src/api/resource.ts). Each entry is the contract's word or a screen's (the why beside it).
import { OPERATIONS } from './operations.gen';

/** The contract's JSON:API types, lower-cased (scripts/gen-api-operations.ts). */
export type ResourceType = NonNullable<(typeof OPERATIONS)[keyof typeof OPERATIONS]['type']>;

const TYPES: ReadonlySet<string> = new Set(Object.values(OPERATIONS).flatMap((operation) => (operation.type === null ? [] : [operation.type])));

export function isResourceType(type: string): type is ResourceType {
  return TYPES.has(type);
}

export const RELATED_TYPES: Partial<Record<ResourceType, readonly ResourceType[]>> = {
  // getProduct answers the product with its four settings lists (identity-and-catalogue §2).
  sendingcurrency: ['product'],
  receivingcurrency: ['product'],
  paymentoption: ['product'],
  service: ['product'],
  // A resource lists its scopes' names, and a resource's update may remove scopes (updateApiResource).
  apiscope: ['apiresource'],
  apiresource: ['apiscope'],
  // Force Sync fetches the range's universal payment transactions into the list (remittances-and-payouts §4).
  sync: ['upt-transaction'],
  // "A tenant is an identity client": a tenant made or changed is one the admin may switch to (listTenantSelections).
  tenant: ['tenantselection'],
  // A user's History tab lists its audit events (src/api/audit); an account's status shows on the user and its lists.
  user: ['audit-event'],
  account: ['user', 'audit-event'],
  // The own profile's Second factor tab lists the factors (listSecondFactors): enrolling or removing one changes it.
  totpenrolment: ['secondfactors'],
  secondfactorenrolment: ['secondfactors'],
};
