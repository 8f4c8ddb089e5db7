import { type OrderView } from '@coseso/domain/orders/order-view';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return api.get<OrderView>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
