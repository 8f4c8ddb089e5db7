import { type QueryRunner } from 'typeorm';
import { quoteIdent } from '../postgres-schema.js';

/** The schema a migration runs in, quoted: each statement names it, as tests and rebuilds each have a schema of their own. */
export const schemaOf = (db: QueryRunner) => quoteIdent(db.connection.driver.schema ?? 'public');

/** Whether the server was built with lz4, the compression the order states are stored with where it can. */
export async function serverHasLz4(db: QueryRunner): Promise<boolean> {
  const rows = (await db.query(
    `select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`,
  )) as unknown[];
  return rows.length > 0;
}
