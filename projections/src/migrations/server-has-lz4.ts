import { type MigrationDb } from '@coseso/event-store/postgres-adapter';

/** Whether the server was built with lz4, the compression the order states are stored with where it can. */
export async function serverHasLz4(db: MigrationDb): Promise<boolean> {
  const rows = await db.query(
    `select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`,
  );
  return rows.length > 0;
}
