import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/** The bench's baseline, one row per INSERT + COMMIT: a table of the bench's schema only. */
export class BenchRawRows1795543200001 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `create table ${schemaOf(db)}.raw_rows (id bigint generated always as identity primary key, stream_id text not null, data jsonb not null)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table ${schemaOf(db)}.raw_rows`);
  }
}
