import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { eventLogQueryString } from '../utils/event-log-query';
import { type EventLogFilters } from '../utils/event-log-search';
import { type NamedActor } from './get-order-history';

/** One event of the global log as the API lists it. */
export interface EventLogItem {
  position: number;
  streamId: string;
  streamRevision: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  recordedAt: string;
  occurredAt: string | null;
  actor: NamedActor;
  description: string | null;
  data: unknown;
  metadata: unknown;
  hash: string | null;
}

export interface EventLogPage {
  events: EventLogItem[];
  /** The cursor of the next page (opaque, made by the event store); null on the last. */
  nextAfter: string | null;
}

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
