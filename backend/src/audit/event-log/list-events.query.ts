import { Query } from '@nestjs/cqrs';
import { type NamedActor } from '../../auth/actor-names.js';
import { type EventLogFilterDto } from './event-log.request.dto.js';

export interface EventLogItem {
  readonly position: number;
  readonly streamId: string;
  readonly streamRevision: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly recordedAt: string;
  readonly occurredAt: string | null;
  readonly actor: NamedActor;
  /** One French line, for an order's events; null for others. */
  readonly description: string | null;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly hash: string | null;
}

export interface EventLogPage {
  readonly events: readonly EventLogItem[];
  /** The `after` of the next page (an opaque cursor of the event store); null on the last one. */
  readonly nextAfter: string | null;
}

/** A page of the event log in global position order, filtered, for the auditors' explorer. */
export class ListEventsQuery extends Query<EventLogPage> {
  constructor(
    readonly filter: EventLogFilterDto,
    /** The `nextAfter` of the previous page; absent (or `0`) for the first. */
    readonly after: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
