import { isOrderStream, readOrderEvent } from '@coseso/domain/events/event-reader';
import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { type EventStore, type StoredEvent } from '@coseso/event-store/event-store';
import { type EventRow, toStoredEvent } from '@coseso/event-store/postgres/postgres-event-store';
import { quoteIdent } from '@coseso/event-store/postgres/postgres-schema';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../../config/app-config.js';
import { revealPersonalData } from '../../infra/personal-data/personal-data-event-store.js';
import { APP_CONFIG, EVENT_STORE, PG_POOL, READ_MODELS } from '../../infra/tokens.js';
import { ActorNames } from '../actor-names.js';
import { type EventLogFilter, eventLogBatches, matchesFilter } from './event-log-export.js';
import { resolveEventLogFilter } from './event-log-filter.js';
import { type EventLogItem, type EventLogPage, ListEventsQuery } from './list-events.query.js';

const describe = (e: StoredEvent): string | null => {
  if (!isOrderStream(e.streamId)) return null;
  try {
    return describeOrderEvent(readOrderEvent(e));
  } catch {
    return null; // an event this version cannot read is still shown, as stored
  }
};

/** One page of the Postgres log: each filter is served by an index of `events` (see its test). */
export function eventLogPage(
  schema: string,
  filter: EventLogFilter,
  after: number,
  take: number,
): { text: string; values: unknown[] } {
  const values: unknown[] = [after, take];
  const where = ['e.global_position > $1'];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (filter.streamId) add('e.stream_id = ?', filter.streamId);
  if (filter.type) add('e.type = ?', filter.type);
  if (filter.actorKind) add(`(e.metadata -> 'actor' ->> 'kind') = ?`, filter.actorKind);
  if (filter.actorId) add(`(e.metadata -> 'actor' ->> 'id') = ?`, filter.actorId);
  if (filter.since) add('e.recorded_at >= ?', filter.since);
  if (filter.until) add('e.recorded_at < ?', filter.until);
  return {
    text: `select global_position, transaction_id::text as transaction_id, stream_id, stream_revision, event_id, type, schema_version, data, metadata, recorded_at, hash
       from ${quoteIdent(schema)}.events e
       where ${where.join(' and ')} order by e.global_position limit $2`,
    values,
  };
}

/**
 * Reads the Postgres log itself, by global position, through an index per filter (type, actor,
 * stream; time by a BRIN index): a page costs the same on millions of events. With EventStoreDB
 * (whose events are not in Postgres), the same filters run over the log read through the port.
 */
@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    private readonly actors: ActorNames,
  ) {}

  async execute({ filter: dto, after, limit }: ListEventsQuery): Promise<EventLogPage> {
    const filter = await resolveEventLogFilter(dto, this.readModels);
    if (!filter) return { events: [], nextAfter: null };
    const found =
      this.store.name === 'postgres'
        ? await this.fromPostgres(filter, after, limit + 1)
        : await this.throughPort(filter, after, limit + 1);
    const page = found.slice(0, limit);
    const name = await this.actors.name(page.map((e) => e.metadata['actor'] as never));
    const events = page.map((e): EventLogItem => ({
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
      data: e.data,
      metadata: e.metadata,
      hash: e.hash ?? null,
    }));
    return {
      events,
      nextAfter: found.length > limit ? events[events.length - 1]!.position : null,
    };
  }

  private async fromPostgres(filter: EventLogFilter, after: number, take: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      eventLogPage(this.config.DATABASE_SCHEMA, filter, after, take),
    );
    return revealPersonalData(this.store, rows.map(toStoredEvent));
  }

  private async throughPort(filter: EventLogFilter, after: number, take: number): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    for await (const batch of eventLogBatches(this.store, filter)) {
      found.push(...batch.filter((e) => e.position > BigInt(after) && matchesFilter(e, filter)));
      if (found.length >= take) break;
    }
    return found.sort((a, b) => (a.position < b.position ? -1 : 1)).slice(0, take);
  }
}
