import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type TimelineEvent } from '../utils/project-timeline';

export function getOrderTimeline(orderId: string, signal?: AbortSignal): Promise<TimelineEvent[]> {
  return api.get<TimelineEvent[]>(`/api/client/orders/${encodeURIComponent(orderId)}/timeline`, { signal });
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
