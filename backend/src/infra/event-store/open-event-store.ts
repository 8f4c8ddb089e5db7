import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import type pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';
import { PersonalDataEventStore } from '../personal-data/personal-data-event-store.js';
import { PostgresSubjectKeys, masterKeyOf } from '../personal-data/subject-keys.js';

/**
 * EventStoreDB when a connection string is configured, the Postgres event store otherwise; either
 * way behind the crypto-shredding decorator, whose subject keys live in Postgres. The EventStoreDB
 * client (gRPC, some 25 MB of a process's memory) is loaded only when it is the one configured.
 */
export async function openEventStore(config: AppConfig, pool: pg.Pool): Promise<PersonalDataEventStore> {
  const store = config.EVENTSTORE_CONNECTION_STRING
    ? await (
        await import('@coseso/event-store/eventstoredb-adapter')
      ).EventStoreDbEventStore.open({ connectionString: config.EVENTSTORE_CONNECTION_STRING })
    : await PostgresEventStore.open({
        pool,
        schema: config.DATABASE_SCHEMA,
        connectionString: config.DATABASE_URL,
      });
  const keys = new PostgresSubjectKeys(pool, config.DATABASE_SCHEMA, masterKeyOf(config.PERSONAL_DATA_KEY));
  return new PersonalDataEventStore(store, keys);
}
