import { type EventStore, type StoredEvent } from '@coseso/event-store/event-store';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { EVENT_STORE, READ_MODELS } from '../../infra/tokens.js';
import { eventLogBatches } from './event-log-export.js';
import { resolveEventLogFilter } from './event-log-filter.js';
import { ExportEventsQuery } from './export-events.query.js';

@QueryHandler(ExportEventsQuery)
export class ExportEventsHandler implements IQueryHandler<ExportEventsQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
  ) {}

  async execute({ filter: dto }: ExportEventsQuery): Promise<AsyncIterable<StoredEvent[]>> {
    const filter = await resolveEventLogFilter(dto, this.readModels);
    return filter ? eventLogBatches(this.store, filter) : (async function* () {})();
  }
}
