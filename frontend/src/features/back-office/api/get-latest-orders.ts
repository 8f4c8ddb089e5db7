import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** A row of `GET /api/orders`: the back-office list's row. */
export type OrderSummary = ApiAnswer<'/api/orders'>[number];

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
