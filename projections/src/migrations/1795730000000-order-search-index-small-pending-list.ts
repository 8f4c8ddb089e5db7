import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The admin search's trigram index takes new rows into GIN's pending list again, kept to its
 * smallest (64 kB, a few dozen rows): written into the index one by one, each projected summary
 * cost its write about 2.5 times what the rest of the batch cost (some 60 trigrams a row, each a
 * descent into the index), and every autosave rewrites its order's summary. The list is merged
 * into the index in bulk once full, and a search scans at most those 8 pages, where the default
 * 4 MB list had made searches slow (1795655600000).
 */
export class OrderSearchIndexSmallPendingList1795730000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `alter index ${schemaOf(db)}.order_summary_search_trgm set (fastupdate = on, gin_pending_list_limit = 64)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter index ${s}.order_summary_search_trgm reset (gin_pending_list_limit)`);
    await db.query(`alter index ${s}.order_summary_search_trgm set (fastupdate = off)`);
  }
}
