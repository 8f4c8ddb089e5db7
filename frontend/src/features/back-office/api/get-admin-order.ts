import { type AdminOrderView } from '@coseso/domain/orders/admin-order-view';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** `GET /api/admin/orders/:orderId`: the order, its checklist, its files and what its status allows. */
export type AdminOrderDetail = AdminOrderView;

export const adminOrderQueryKey = (orderId: string) => ['admin', 'order', orderId] as const;

export const adminOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: adminOrderQueryKey(orderId),
    queryFn: ({ signal }) =>
      api.get<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}`, {
        signal,
        auth: 'admin',
      }),
    staleTime: 0,
  });
