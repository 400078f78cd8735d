// POST api/v1/service (createService): name, description, productId and an optional icon (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { reloadProductSettings } from './product-settings';

export type ServiceInput = components['schemas']['CreateServiceRequest']['data']['attributes'];

export async function createService(attributes: ServiceInput): Promise<string> {
  return unwrap(await api.POST('/api/v1/service', { body: { data: { type: 'Service', attributes } } })).data.id;
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createService, onSuccess: () => reloadProductSettings(queryClient) });
}
