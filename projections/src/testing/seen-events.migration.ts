import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/** The table of the runner test's own projector (`seen_events`), made as the app's tables are. */
export class SeenEvents9999999999999 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `create table ${schemaOf(db)}.seen_events (position bigint primary key, type text not null)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table ${schemaOf(db)}.seen_events`);
  }
}
