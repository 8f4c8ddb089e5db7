import { type EventStore } from '@coseso/event-store/event-store';
import { EventStoreDbEventStore } from '@coseso/event-store/eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from '@coseso/event-store/postgres/postgres-event-store';
import type pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';

/** EventStoreDB when a connection string is configured, the Postgres event store otherwise. */
export function openEventStore(config: AppConfig, pool: pg.Pool): Promise<EventStore> {
  return config.EVENTSTORE_CONNECTION_STRING
    ? EventStoreDbEventStore.open({ connectionString: config.EVENTSTORE_CONNECTION_STRING })
    : PostgresEventStore.open({
        pool,
        schema: config.DATABASE_SCHEMA,
        connectionString: config.DATABASE_URL,
      });
}
