import { type AdminStatistics } from '@coseso/domain/orders/admin-statistics';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { AdminStatistics };

export const adminStatisticsQueryKey = ['admin', 'statistics'] as const;

/** `GET /api/admin/statistics`: the eight cards of spec §9. */
export const adminStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: adminStatisticsQueryKey,
    queryFn: ({ signal }) => api.get<AdminStatistics>('/api/admin/statistics', { signal, auth: 'admin' }),
    staleTime: 0,
  });
