import { DataSource, MigrationExecutor, type MigrationInterface, type QueryRunner } from 'typeorm';
import { ensureDatabase } from './ensure-database.js';

/**
 * A migration as TypeORM runs it: the owners write theirs against a narrower interface
 * (`@coseso/event-store/postgres-adapter`), which TypeORM's `QueryRunner` satisfies.
 */
export interface MigrationClass {
  new (): MigrationInterface;
  /** The migration this one was split from, by name: a schema that recorded that one records this one, unrun. */
  readonly replaces?: string;
}

export interface MigrateOptions {
  readonly url: string;
  readonly schema: string;
  /**
   * What to run: the owners' lists, composed (the app's `allMigrations`; a test or a rebuild's
   * shadow may take fewer, the bench adds a table of its own). TypeORM runs them by timestamp.
   */
  readonly migrations: readonly MigrationClass[];
}

/** Where TypeORM records the migrations applied to a schema, in that schema. */
export const MIGRATIONS_TABLE = 'schema_migrations';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The timestamp ending a migration's name, as TypeORM reads it. */
const timestampOf = (name: string) => Number(name.slice(-13));

/**
 * Brings `schema` (and the database, created if missing) to the latest of `migrations`, and
 * returns the names of those it applied. Processes starting together wait for each other on an
 * advisory lock named after the schema, so each migration runs once; each runs in a transaction of
 * its own.
 */
export async function migrateDatabase(options: MigrateOptions): Promise<string[]> {
  await ensureDatabase(options.url);
  // TypeORM would print a failure on the console; it becomes the message of the error thrown instead.
  let failure: string | undefined;
  const quiet = () => {};
  const dataSource = await new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    migrations: [...options.migrations],
    migrationsTableName: MIGRATIONS_TABLE,
    logger: {
      logQuery: quiet,
      logQueryError: quiet,
      logQuerySlow: quiet,
      logSchemaBuild: quiet,
      log: quiet,
      logMigration: (message) => (failure = message),
    },
    extra: { max: 1 },
  }).initialize();
  const db = dataSource.createQueryRunner();
  const lock = `migrations:${options.schema}`;
  try {
    await db.query('select pg_advisory_lock(hashtext($1))', [lock]);
    try {
      await db.query(`create schema if not exists ${quoteIdent(options.schema)}`);
      await recordSplitMigrations(db, options);
      const executor = new MigrationExecutor(dataSource, db);
      executor.transaction = 'each';
      return (await executor.executePendingMigrations()).map((migration) => migration.name);
    } catch (error) {
      throw failure ? new Error(`${failure} (schema ${options.schema})`, { cause: error }) : error;
    } finally {
      await db.query('select pg_advisory_unlock(hashtext($1))', [lock]).catch(() => {}); // a lost connection holds no lock
    }
  } finally {
    await db.release();
    await dataSource.destroy();
  }
}

/**
 * A migration split into several (the baseline, into one per owner) ran whole where its history
 * records it: each part is recorded as applied there, once, and not run. Run again, a part could
 * undo what later migrations did (the baseline's indexes, since dropped).
 */
async function recordSplitMigrations(db: QueryRunner, { schema, migrations }: MigrateOptions) {
  const parts = migrations.filter((migration) => migration.replaces);
  if (parts.length === 0) return;
  const table = `${quoteIdent(schema)}.${quoteIdent(MIGRATIONS_TABLE)}`;
  const [{ exists }] = (await db.query(`select to_regclass($1) is not null as exists`, [table])) as [
    { exists: boolean },
  ];
  if (!exists) return;
  for (const part of parts)
    await db.query(
      `insert into ${table} (timestamp, name) select $1::bigint, $2::varchar
       where exists (select 1 from ${table} where name = $3::varchar)
         and not exists (select 1 from ${table} where name = $2::varchar)`,
      [timestampOf(part.name), part.name, part.replaces],
    );
}
