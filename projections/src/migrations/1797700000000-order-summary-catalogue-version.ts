import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The catalogue version each order was priced at: « Offres et tarifs » counts the orders of each
 * version and the admin list filters on it, in the list's order (most recently active first, then
 * the order id), only over priced orders. The order-views projector's version 28 fills it.
 */
export class OrderSummaryCatalogueVersion1797700000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.order_summary add column if not exists catalogue_version integer`);
    await db.query(
      `create index if not exists order_summary_catalogue_version_activity on ${s}.order_summary (catalogue_version, last_activity_at desc, order_id) where catalogue_version is not null`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.order_summary_catalogue_version_activity`);
    await db.query(`alter table ${s}.order_summary drop column if exists catalogue_version`);
  }
}
