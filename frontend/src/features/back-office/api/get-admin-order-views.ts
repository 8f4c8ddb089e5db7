import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { adminOrdersQueryKey } from './get-admin-orders';

/** How many orders each saved view holds (`GET /api/admin/order-views`). */
export type AdminOrderViewCounts = ApiAnswer<'/api/admin/order-views'>;

/** Under the list's key: whatever refreshes the list after an action refreshes the counts. */
export const adminOrderViewsQueryKey = [...adminOrdersQueryKey, 'views'] as const;

/** The saved views' counts; the header's « À traiter » looks again every minute. */
export const adminOrderViewsQueryOptions = () =>
  queryOptions({
    queryKey: adminOrderViewsQueryKey,
    queryFn: ({ signal }) =>
      api.get<AdminOrderViewCounts>('/api/admin/order-views', { signal, auth: 'admin' }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
