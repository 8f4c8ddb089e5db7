import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** `GET /api/admin/orders/{orderId}/history`: every event of the order, and the order after each. */
export type OrderHistory = ApiAnswer<'/api/admin/orders/{orderId}/history'>;

/** One event of the order's stream, with the order as it stood right after it. */
export type HistoryStep = OrderHistory['events'][number];

/** Who did it, named for people: an admin by email, the payment provider by name, the others by role. */
export type NamedActor = HistoryStep['actor'];

/** Read from the order's stream, not from a read model. */
export const getOrderHistory = (orderId: string, signal?: AbortSignal): Promise<OrderHistory> =>
  api.get<OrderHistory>(`/api/admin/orders/${encodeURIComponent(orderId)}/history`, {
    signal,
    auth: 'admin',
  });

export const orderHistoryQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'audit', 'history', orderId],
    queryFn: ({ signal }) => getOrderHistory(orderId, signal),
  });
