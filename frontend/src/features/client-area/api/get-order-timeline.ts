import { type JourneyEvent } from '@coseso/domain/orders/client-journey';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function getOrderTimeline(orderId: string, signal?: AbortSignal): Promise<JourneyEvent[]> {
  return api.get<JourneyEvent[]>(`/api/client/orders/${encodeURIComponent(orderId)}/timeline`, { signal });
}

export const orderTimelineQueryKey = (orderId: string) => ['client', 'orders', orderId, 'timeline'] as const;

/** The order's events with their dates, refreshed with the orders (every 10 s). */
export const orderTimelineQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderTimelineQueryKey(orderId),
    queryFn: ({ signal }) => getOrderTimeline(orderId, signal),
    refetchInterval: 10_000,
    refetchIntervalInBackground: true,
  });
