// GET api/v1/um/statistics (getUserStatistics): the dashboards' widget row (identity-and-catalogue §2, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type WidgetList = components['schemas']['WidgetList'];

export interface Widget {
  id: string;
  value: number;
  name: string;
  description: string;
  opens?: WidgetList;
}

export async function getUserStatistics(signal?: AbortSignal): Promise<Widget[]> {
  const document = unwrap(await api.GET('/api/v1/um/statistics', { signal }));
  return document.data.map(({ id, attributes }) => ({ id, ...attributes }));
}

/** Keyed by the tenant in use: a switch shows the new tenant's figures. */
export function getUserStatisticsQueryOptions(tenant: string | null) {
  return queryOptions({ queryKey: ['user-statistics', tenant], queryFn: ({ signal }) => getUserStatistics(signal) });
}

export function useUserStatistics(tenant: string | null) {
  return useQuery(getUserStatisticsQueryOptions(tenant));
}
