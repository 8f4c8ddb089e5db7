import { quoteIdent } from '../postgres-schema.js';

/**
 * What a migration is handed: TypeORM's `QueryRunner` is one (`@coseso/database` runs them), but a
 * migration needs no more of it than this, so the packages that own tables need no TypeORM for them.
 */
export interface MigrationDb {
  query<Row = unknown>(sql: string, parameters?: unknown[]): Promise<Row[]>;
  readonly connection: { readonly driver: { readonly schema?: string | undefined } };
}

/** A schema migration: a class named `<What><timestamp>` whose `up` names the schema with `schemaOf(db)`. */
export interface Migration {
  up(db: MigrationDb): Promise<void>;
  down(db: MigrationDb): Promise<void>;
}

export interface MigrationClass {
  new (): Migration;
  /**
   * The migration this one was split from, by name: a schema whose history records that one (it ran
   * whole) records this one as applied without running it. The baselines split by owner carry it.
   */
  readonly replaces?: string;
}

/** The schema a migration runs in, quoted: each statement names it, as tests and rebuilds each have a schema of their own. */
export const schemaOf = (db: MigrationDb) => quoteIdent(db.connection.driver.schema ?? 'public');
