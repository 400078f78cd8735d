// After a settings entry is added or removed the product's lists are read again (identity-and-catalogue §2).
import type { QueryClient } from '@tanstack/react-query';
import { getProductQueryOptions } from './get-product';

export function reloadProductSettings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: getProductQueryOptions().queryKey });
}
