import { type StoredEvent } from '@coseso/event-store/event-store';
import { Query } from '@nestjs/cqrs';
import { type EventLogFilterDto } from './event-log.request.dto.js';

/** The filtered log as batches, in log order, for a streamed export: nothing is held but one batch. */
export class ExportEventsQuery extends Query<AsyncIterable<StoredEvent[]>> {
  constructor(readonly filter: EventLogFilterDto) {
    super();
  }
}
