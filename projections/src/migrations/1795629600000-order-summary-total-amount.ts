import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The admin list's amount HT beside its amount TTC: every amount name means one thing, totalAmount
 * excluding VAT. The order-views projector's version 4 refills it by rebuilding the read model.
 */
export class OrderSummaryTotalAmount1795629600000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_summary add column if not exists total_amount integer`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_summary drop column if exists total_amount`);
  }
}
