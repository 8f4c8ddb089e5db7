import { type OrderView } from '@coseso/domain/orders/order-view';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';

export const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

export function getClientOrders(signal?: AbortSignal): Promise<OrderView[]> {
  return api.get<OrderView[]>('/api/client/orders', { signal });
}

export const clientOrdersQueryKey = ['client', 'orders'] as const;

/** The signed-in client's orders (spec §7.1): every 10 s even in the background, 3 retries but not on 401. */
export const clientOrdersQueryOptions = () =>
  queryOptions({
    queryKey: clientOrdersQueryKey,
    queryFn: ({ signal }) => getClientOrders(signal),
    refetchInterval: 10_000,
    refetchIntervalInBackground: true,
    retry: (failureCount, error) => !isUnauthorized(error) && failureCount < 3,
  });
