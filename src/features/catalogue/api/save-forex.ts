// POST api/v1/fx (saveForex): creates or updates the pair of a product's sending and receiving currency
// (identity-and-catalogue §7; the contract's only forex update path).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { getForexQueryOptions } from './list-forex';

export type ForexInput = components['schemas']['SaveForexRequest']['data']['attributes'];

export async function saveForex(attributes: ForexInput): Promise<void> {
  unwrap(await api.POST('/api/v1/fx', { body: { data: { type: 'Forex', attributes } } }));
}

export function useSaveForex() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveForex, onSuccess: () => queryClient.invalidateQueries({ queryKey: getForexQueryOptions().queryKey }) });
}
