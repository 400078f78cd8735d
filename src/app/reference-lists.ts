// users-and-wallets §3, identity-and-catalogue §4: after login (and after a switch into a tenant) the tenant's reference
// lists load at once, into the cache the screens read, so a screen opened later draws them without waiting. Which lists
// a tenant loads is its file's `referenceLists`.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { referenceListQuery } from '../api/reference-lists';
import { afterFirstScreen } from '../render/first-screen';
import type { Tenant } from '../config';

/** Loads `tenant`'s reference lists into the cache; a list already fresh there is not asked for again. */
export async function prefetchReferenceLists(queryClient: QueryClient, tenant: Tenant | null): Promise<void> {
  if (!tenant) return;
  await Promise.all((tenant.referenceLists ?? []).map((operation) => queryClient.prefetchQuery(referenceListQuery(operation))));
}

/** Prefetches the reference lists of the tenant in use whenever it changes: sign-in, session restore (once the first
 * screen has drawn), tenant switch. */
export function useReferenceListPrefetch(tenant: Tenant | null): void {
  const queryClient = useQueryClient();
  useEffect(() => afterFirstScreen(() => void prefetchReferenceLists(queryClient, tenant)), [queryClient, tenant]);
}
