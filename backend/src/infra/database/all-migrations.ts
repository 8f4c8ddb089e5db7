import { eventStoreMigrations, type MigrationClass } from '@coseso/event-store/postgres-adapter';
import { readModelMigrations } from '@coseso/projections/migrations/read-model-migrations';
import { appMigrations } from './migrations/app-migrations.js';

/** The timestamp that ends a migration's name (`<What><timestamp>`), which orders it among all. */
export const migrationTimestamp = (migration: MigrationClass) => Number(migration.name.slice(-13));

/**
 * Every migration of the database, composed from its owners' lists (the event store's, the read
 * models', the app's) and ordered by timestamp, as TypeORM runs them: what the app, the CLIs, the
 * bench and the tests' schemas run.
 */
export const allMigrations: readonly MigrationClass[] = [
  ...eventStoreMigrations,
  ...readModelMigrations,
  ...appMigrations,
].sort((a, b) => migrationTimestamp(a) - migrationTimestamp(b));
