// POST api/v1/paymentoption (createPaymentOption): paymentMethod, description, productId (identity-and-catalogue §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';
import { reloadProductSettings } from './product-settings';

export type PaymentOptionInput = components['schemas']['CreatePaymentOptionRequest']['data']['attributes'];

export async function createPaymentOption(attributes: PaymentOptionInput): Promise<string> {
  return unwrap(await api.POST('/api/v1/paymentoption', { body: { data: { type: 'PaymentOption', attributes } } })).data.id;
}

export function useCreatePaymentOption() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPaymentOption, onSuccess: () => reloadProductSettings(queryClient) });
}
