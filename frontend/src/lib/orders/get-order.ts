import { type OrderView } from '@coseso/domain/orders/order-view';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';

/**
 * The order by its id. Once paid, its id alone no longer gives its personal fields (the contact,
 * the company, what the person wrote): a signed-in client then reads its own order through the
 * client area; anyone else keeps the anonymous answer.
 */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  const path = encodeURIComponent(orderId);
  const order = await api.get<OrderView>(`/api/orders/${path}`, { signal });
  if (!order.depositPaid) return order;
  try {
    return (await api.getOrNullIfUnauthorized<OrderView>(`/api/client/orders/${path}`, { signal })) ?? order;
  } catch (error) {
    // Another client's order: what the id alone shows is enough.
    if (isApiError(error) && error.status < 500) return order;
    throw error;
  }
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
