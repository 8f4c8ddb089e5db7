import {
  ACTOR_ID_MAX_LENGTH,
  ORDER_REF,
  eventLogFilterMessages,
  readFilterDate,
} from '@coseso/domain/events/event-log-filters';
import { type Actor } from '@coseso/event-schemas/envelope';
import { eventTypes, knownEventType } from '@coseso/event-schemas/personal-fields';
import { type EventLogSearch } from './event-log-search-schema';

export { eventTypes };
export type ActorKind = Actor['kind'];

// The envelope's list, written here so the entry chunk does not carry the full zod it is built with.
export const actorKinds = [
  'visitor',
  'client',
  'admin',
  'auditor',
  'provider',
  'system',
] as const satisfies readonly ActorKind[];

export { type EventLogSearch, eventLogSearchSchema } from './event-log-search-schema';

/** The filters once read: what the list and the export ask the API for. */
export interface EventLogFilters {
  orderRef?: string;
  type?: string;
  actorKind?: ActorKind;
  actorId?: string;
  from?: string;
  to?: string;
}

/** Why a filter of the URL cannot be read, by filter, in French. */
export type EventLogFilterProblems = Partial<Record<keyof EventLogFilters, string>>;

export type ReadEventLogSearch =
  | { readonly ok: true; readonly filters: EventLogFilters }
  | { readonly ok: false; readonly problems: EventLogFilterProblems };

const filled = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The URL's filters read as the API reads them. One that cannot be read makes the whole search
 * unreadable: listing or exporting without it would cover more than was asked.
 */
export function readEventLogSearch(search: EventLogSearch): ReadEventLogSearch {
  const problems: EventLogFilterProblems = {};
  const filters: EventLogFilters = {};

  const orderRef = filled(search.orderRef);
  if (orderRef !== undefined) {
    if (ORDER_REF.test(orderRef)) filters.orderRef = orderRef;
    else problems.orderRef = eventLogFilterMessages.order;
  }
  const type = filled(search.type);
  if (type !== undefined) {
    const known = knownEventType(type);
    if (known) filters.type = known;
    else problems.type = eventLogFilterMessages.type;
  }
  const actorKind = filled(search.actorKind);
  if (actorKind !== undefined) {
    const kind = actorKinds.find((k) => k === actorKind);
    if (kind) filters.actorKind = kind;
    else problems.actorKind = eventLogFilterMessages.actorKind;
  }
  const actorId = filled(search.actorId);
  if (actorId !== undefined) {
    if (actorId.length <= ACTOR_ID_MAX_LENGTH) filters.actorId = actorId;
    else problems.actorId = eventLogFilterMessages.actorId;
  }
  const dates: { from?: Date; to?: Date } = {};
  for (const field of ['from', 'to'] as const) {
    const value = filled(search[field]);
    if (value === undefined) continue;
    const read = readFilterDate(value);
    if ('problem' in read) problems[field] = read.problem;
    else {
      filters[field] = value;
      dates[field] = read.date;
    }
  }
  if (dates.from && dates.to && dates.from >= dates.to) problems.to = eventLogFilterMessages.periodOrder;

  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, filters };
}
