// DELETE api/v1/sendingcurrency/{id} (deleteSendingCurrency): removes a sending currency from its product (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { reloadProductSettings } from './product-settings';

export async function deleteSendingCurrency(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/sendingcurrency/{id}', { params: { path: { id } } }));
}

export function useDeleteSendingCurrency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSendingCurrency, onSuccess: () => reloadProductSettings(queryClient) });
}
