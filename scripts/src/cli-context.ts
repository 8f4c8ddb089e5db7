import { type AppConfig, loadConfig, loadDotEnv } from '@coseso/backend/config/app-config';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { openEventStore } from '@coseso/backend/infra/event-store/open-event-store';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { type EventStore } from '@coseso/event-store/event-store';
import { hearLostConnections } from '@coseso/event-store/postgres-adapter';
import { allProjectors } from '@coseso/projections/all-projectors';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import pg from 'pg';
import { type DataSource } from 'typeorm';

export interface CliContext {
  readonly config: AppConfig;
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readModels(): Promise<DataSource>;
  close(): Promise<void>;
}

/** The same configuration and stores as the app (from the environment and `.env`). */
export async function openCliContext(): Promise<CliContext> {
  loadDotEnv();
  const config = loadConfig();
  await migrateDatabase({
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    migrations: allMigrations,
  });
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
  // A connection ended by the server (a restart): the command's query fails with the reason, in one
  // line (runCli); unheard, it would end the process with a dump of the connection.
  hearLostConnections(pool);
  const store = await openEventStore(config, pool);
  let dataSource: DataSource | undefined;
  return {
    config,
    pool,
    store,
    async readModels() {
      dataSource ??= await openReadModelDataSource({
        url: config.DATABASE_URL,
        schema: config.DATABASE_SCHEMA,
        entities: allProjectors.flatMap((p) => p.entities),
      });
      return dataSource;
    },
    async close() {
      await store.close();
      await dataSource?.destroy();
      await pool.end();
    },
  };
}

/** Runs a CLI body: a configuration or usage error is one line on stderr and exit code 1. */
export async function runCli(body: () => Promise<number | void>): Promise<void> {
  try {
    process.exitCode = (await body()) ?? 0;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
