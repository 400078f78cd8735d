// DELETE api/v1/paymentoption/{id} (deletePaymentOption): removes a payment option from its product (IC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { reloadProductSettings } from './product-settings';

export async function deletePaymentOption(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/paymentoption/{id}', { params: { path: { id } } }));
}

export function useDeletePaymentOption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePaymentOption, onSuccess: () => reloadProductSettings(queryClient) });
}
