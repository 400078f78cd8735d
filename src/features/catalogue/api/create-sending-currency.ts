// POST api/v1/sendingcurrency (createSendingCurrency): a sending currency of a product, name, code, symbol, productId
// (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { reloadProductSettings } from './product-settings';

export type ProductCurrencyInput = components['schemas']['ProductCurrencyInput'];

export async function createSendingCurrency(attributes: ProductCurrencyInput): Promise<string> {
  return unwrap(await api.POST('/api/v1/sendingcurrency', { body: { data: { type: 'SendingCurrency', attributes } } })).data.id;
}

export function useCreateSendingCurrency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSendingCurrency, onSuccess: () => reloadProductSettings(queryClient) });
}
