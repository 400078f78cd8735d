// POST api/v1/receivingcurrency (createReceivingCurrency): a receiving currency of a product, name, code, symbol, productId
// (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { reloadProductSettings } from './product-settings';

export type ProductCurrencyInput = components['schemas']['ProductCurrencyInput'];

export async function createReceivingCurrency(attributes: ProductCurrencyInput): Promise<string> {
  return unwrap(await api.POST('/api/v1/receivingcurrency', { body: { data: { type: 'ReceivingCurrency', attributes } } })).data.id;
}

export function useCreateReceivingCurrency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReceivingCurrency, onSuccess: () => reloadProductSettings(queryClient) });
}
