import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { eventLogQueryString } from '../utils/event-log-query';
import { type EventLogFilters } from '../utils/event-log-search';

/** A page of the global log as the API lists it, with the cursor of the next page (null on the last). */
export type EventLogPage = ApiAnswer<'/api/admin/events'>;

/** One event of the global log. */
export type EventLogItem = EventLogPage['events'][number];

export const EVENTS_PER_PAGE = 50;

export function getEventLogPage(
  filters: EventLogFilters,
  after: string | null,
  signal?: AbortSignal,
): Promise<EventLogPage> {
  const query = eventLogQueryString(filters, {
    ...(after === null ? {} : { after }),
    limit: String(EVENTS_PER_PAGE),
  });
  return api.get<EventLogPage>(`/api/admin/events?${query}`, { signal, auth: 'admin' });
}

/** Pages follow the cursor: each asks for the events after the last one of the previous page. */
export const eventLogQueryOptions = (filters: EventLogFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', 'events', filters],
    queryFn: ({ signal, pageParam }) => getEventLogPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter ?? undefined,
  });
