import { type EventLogFilters } from './event-log-search';

/** A local date-time as the API reads it: an instant, with its zone. */
const instant = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** The filters as the API's query string (its names: order, type, actorKind, actorId, from, to). */
export function eventLogQueryString(filters: EventLogFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => value && params.set(name, value);
  set('order', filters.orderRef);
  set('type', filters.type);
  set('actorKind', filters.actorKind);
  set('actorId', filters.actorId);
  set('from', filters.from && instant(filters.from));
  set('to', filters.to && instant(filters.to));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}
