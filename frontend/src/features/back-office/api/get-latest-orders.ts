import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A row of `GET /api/orders` (the back-office list), as far as the email-test page reads it. */
export interface OrderSummary {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  companyName: string | null;
  contactEmail: string | null;
  createdAt: string;
}

export const LATEST_ORDERS_SHOWN = 5;

export const latestOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'orders', { limit: LATEST_ORDERS_SHOWN }],
    queryFn: ({ signal }) =>
      api.get<OrderSummary[]>(`/api/orders?limit=${LATEST_ORDERS_SHOWN}`, {
        signal,
        auth: 'admin',
      }),
  });
