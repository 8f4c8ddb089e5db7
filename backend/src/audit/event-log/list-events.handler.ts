import { isOrderStream, readOrderEvent } from '@coseso/domain/events/event-reader';
import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import {
  type EventStore,
  InvalidLogCursorError,
  type LogCursor,
  type StoredEvent,
} from '@coseso/event-store/event-store';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { invalidRequest } from '../../infra/http/api-errors.js';
import { EVENT_STORE, READ_MODELS } from '../../infra/tokens.js';
import { ActorNames } from '../../auth/actor-names.js';
import { resolveEventLogFilter } from './event-log-filter.js';
import { type EventLogItem, type EventLogPage } from './event-log.schema.js';
import { ListEventsQuery } from './list-events.query.js';

const describe = (e: StoredEvent): string | null => {
  if (!isOrderStream(e.streamId)) return null;
  try {
    return describeOrderEvent(readOrderEvent(e));
  } catch {
    return null; // an event this version cannot read is still shown, as stored
  }
};

/**
 * A page of the log through the event store port, which filters it with its own engine (an index
 * per filter in Postgres, server-side filters in EventStoreDB) and resumes each page from the
 * cursor of the last: a page costs the same on millions of events, on either adapter.
 */
@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    private readonly actors: ActorNames,
  ) {}

  async execute({ filter: dto, after, limit }: ListEventsQuery): Promise<EventLogPage> {
    const filter = await resolveEventLogFilter(dto, this.readModels);
    if (!filter) return { events: [], nextAfter: null };
    let page;
    try {
      // `0`, what the first page sent when the cursor was a position, is the beginning too.
      page = await this.store.readLog({
        filter,
        after: after === undefined || after === '0' ? null : (after as LogCursor),
        limit,
      });
    } catch (error) {
      if (error instanceof InvalidLogCursorError)
        throw invalidRequest({ after: 'Curseur de page invalide : reprenez depuis la première page' });
      throw error;
    }
    const name = await this.actors.name(page.events.map((e) => e.metadata['actor'] as never));
    const events = page.events.map((e): EventLogItem => ({
      position: Number(e.position),
      streamId: e.streamId,
      streamRevision: Number(e.streamRevision),
      eventId: e.eventId,
      type: e.type,
      schemaVersion: e.schemaVersion,
      recordedAt: e.recordedAt.toISOString(),
      occurredAt: typeof e.metadata['occurredAt'] === 'string' ? e.metadata['occurredAt'] : null,
      actor: name(e.metadata['actor'] as never),
      description: describe(e),
      // Every event's data is an object: its JSON Schema says so.
      data: e.data as Record<string, unknown>,
      metadata: e.metadata,
      hash: e.hash ?? null,
    }));
    return { events, nextAfter: page.end ? null : page.next };
  }
}
