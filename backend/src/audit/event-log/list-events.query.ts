import { Query } from '@nestjs/cqrs';
import { type EventLogPage } from './event-log.schema.js';
import { type EventLogFilterDto } from './event-log.request.dto.js';

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
