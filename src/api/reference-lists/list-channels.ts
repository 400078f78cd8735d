// GET api/v1/channel (listChannels): the payout channels, loaded once a tenant token is obtained
// (users-and-wallets §7, identity-and-catalogue §7).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../gateway';
import { REFERENCE_STALE_MS, referenceKey, referenceRows } from './reference-rows';

export type ChannelRow = { id: string } & components['schemas']['Channel']['attributes'];

export async function listChannels(signal?: AbortSignal): Promise<ChannelRow[]> {
  return referenceRows(unwrap(await api.GET('/api/v1/channel', { signal })).data);
}

export function getListChannelsQueryOptions(tenant?: string | null) {
  return queryOptions({
    queryKey: referenceKey('channels', tenant),
    queryFn: ({ signal }) => listChannels(signal),
    staleTime: REFERENCE_STALE_MS,
    // A failed channel load is reported once by the tenant switch (users-and-wallets §8), not retried behind its back.
    retry: false,
  });
}
