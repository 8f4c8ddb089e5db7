import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';

/** The eight cards of spec §9; revenues in euro cents, TTC. */
export interface AdminStatistics {
  totalOrders: number;
  activeSubscriptions: number;
  yearlyDepositsPaid: number;
  delivered: number;
  inRevision: number;
  yearlyRevenue: number;
  monthlyRecurringRevenue: number;
  awaitingPayment: number;
}

export const adminStatisticsQueryKey = ['admin', 'statistics'] as const;

export const adminStatisticsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: adminStatisticsQueryKey,
    queryFn: ({ signal }) =>
      api.get<AdminStatistics>('/api/admin/statistics', { signal, headers: bearerHeaders(token) }),
    staleTime: 0,
  });
