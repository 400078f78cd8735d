// DELETE api/v1/service/{id} (deleteService): removes a service from its product (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { reloadProductSettings } from './product-settings';

export async function deleteService(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/service/{id}', { params: { path: { id } } }));
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteService, onSuccess: () => reloadProductSettings(queryClient) });
}
