import { schemaOf } from '@coseso/event-store/postgres/migrations/schema-of';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The table of the runner test's own projector (`seen_events`), made as the app's tables are. */
export class SeenEvents9999999999999 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `create table ${schemaOf(db)}.seen_events (position bigint primary key, type text not null)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`drop table ${schemaOf(db)}.seen_events`);
  }
}
