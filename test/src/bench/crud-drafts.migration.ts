import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/** The CRUD route's table (bench-server.ts): a draft per order, upserted whole. A table of the bench's schema only. */
export class BenchCrudDrafts1795543200002 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `create table ${schemaOf(db)}.bench_crud_drafts (order_id uuid primary key, step int, form jsonb not null, updated_at timestamptz not null)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table ${schemaOf(db)}.bench_crud_drafts`);
  }
}
