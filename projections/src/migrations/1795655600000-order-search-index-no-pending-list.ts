import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The admin search's trigram index without GIN's pending list: with it, rows written since the last
 * vacuum sit in an unindexed list that every search scans, and the planner then prefers to scan the
 * whole table. Each projected row now goes into the index as it is written.
 */
export class OrderSearchIndexNoPendingList1795655600000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.order_summary_search_trgm`);
    await db.query(
      `create index order_summary_search_trgm on ${s}.order_summary using gin (search_text public.gin_trgm_ops) with (fastupdate = off)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.order_summary_search_trgm`);
    await db.query(
      `create index order_summary_search_trgm on ${s}.order_summary using gin (search_text public.gin_trgm_ops)`,
    );
  }
}
