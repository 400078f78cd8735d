// GET api/v1/paymentmethod (listPaymentMethods): the methods a payment option may name (identity-and-catalogue §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { referenceRows } from '../../../api/reference-lists/reference-rows';

export async function listPaymentMethods(signal?: AbortSignal) {
  return referenceRows(unwrap(await api.GET('/api/v1/paymentmethod', { signal })).data);
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({ queryKey: ['payment-methods'], queryFn: ({ signal }) => listPaymentMethods(signal) });
}

export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions());
}
