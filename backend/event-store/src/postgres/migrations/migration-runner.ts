import { DataSource, MigrationExecutor, type MigrationInterface } from 'typeorm';
import { ensureDatabase } from '../ensure-database.js';
import { quoteIdent } from '../postgres-schema.js';
import { allMigrations } from './all-migrations.js';

export type MigrationClass = new () => MigrationInterface;

export interface MigrateOptions {
  readonly url: string;
  readonly schema: string;
  /** Every migration of the app unless told otherwise (the bench adds a table of its own). */
  readonly migrations?: readonly MigrationClass[];
}

/** Where TypeORM records the migrations applied to a schema, in that schema. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Brings `schema` (and the database, created if missing) to the latest migration, and returns the
 * names of those it applied. Processes starting together wait for each other on an advisory lock
 * named after the schema, so each migration runs once; each runs in a transaction of its own.
 */
export async function migrateDatabase(options: MigrateOptions): Promise<string[]> {
  await ensureDatabase(options.url);
  const dataSource = await new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    migrations: [...(options.migrations ?? allMigrations)],
    migrationsTableName: MIGRATIONS_TABLE,
    logging: false,
    extra: { max: 1 },
  }).initialize();
  const db = dataSource.createQueryRunner();
  const lock = `migrations:${options.schema}`;
  try {
    await db.query('select pg_advisory_lock(hashtext($1))', [lock]);
    try {
      await db.query(`create schema if not exists ${quoteIdent(options.schema)}`);
      const executor = new MigrationExecutor(dataSource, db);
      executor.transaction = 'each';
      return (await executor.executePendingMigrations()).map((migration) => migration.name);
    } finally {
      await db.query('select pg_advisory_unlock(hashtext($1))', [lock]).catch(() => {}); // a lost connection holds no lock
    }
  } finally {
    await db.release();
    await dataSource.destroy();
  }
}
