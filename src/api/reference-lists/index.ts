// The reference lists (users-and-wallets §3, identity-and-catalogue §4): the small lists selects and select filters
// offer, read through the resource layer (../resource.ts) as options `{ id, ...attributes }` and kept long. A tenant
// file names those it loads after login or a tenant switch (`referenceLists`); that prefetch and every screen read the
// one entry `referenceListQuery` keys per list and tenant.
import { useQuery } from '@tanstack/react-query';
import { optionsQuery, type CallInit, type OptionOf } from '../resource';
import { useSessionState } from '../session';
import { REFERENCE_STALE_MS } from './reference-rows';

/** The lists a tenant file may name in `referenceLists` (schemas/meta/tenant.schema.json). */
export const REFERENCE_LIST_OPERATIONS = ['listRoles', 'listGroups', 'listStatuses', 'listCountries', 'listTransactionTypes'] as const;

export type ReferenceListOperation = (typeof REFERENCE_LIST_OPERATIONS)[number];
/** Those, and the payout channels a tenant switch loads (src/app/tenant-switch.ts). */
type ReferenceListId = ReferenceListOperation | 'listChannels';

/** A row of a reference list, e.g. `ReferenceRow<'listGroups'>`: `{ id, value, name }`. */
export type ReferenceRow<Id extends ReferenceListId> = OptionOf<Id>;

/** One reference list of the tenant whose token asks (the layer's key), fresh for REFERENCE_STALE_MS. */
export function referenceListQuery<Id extends ReferenceListId>(id: Id) {
  // No reference list operation has parameters: the call names nothing.
  return optionsQuery(id, {} as CallInit<Id>, { staleTime: REFERENCE_STALE_MS });
}

/** A screen's reference list; `enabled` false asks for nothing (e.g. groups where no group is asked). The hook
 * re-renders when the session's tenant changes, so the key follows the token. */
export function useReferenceList<Id extends ReferenceListId>(id: Id, enabled = true) {
  useSessionState();
  return useQuery({ ...referenceListQuery(id), enabled });
}
