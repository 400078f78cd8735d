// DELETE api/v1/receivingcurrency/{id} (deleteReceivingCurrency): removes a receiving currency from its product (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { reloadProductSettings } from './product-settings';

export async function deleteReceivingCurrency(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/receivingcurrency/{id}', { params: { path: { id } } }));
}

export function useDeleteReceivingCurrency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReceivingCurrency, onSuccess: () => reloadProductSettings(queryClient) });
}
