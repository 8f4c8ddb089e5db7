import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The first payment a reactivated order owes again, TTC (decision 126): the list's and the board's
 * payment badge say it, as the panel's does. The order-views projector's version 22 fills it.
 */
export class OrderSummaryFirstOwedAgain1797400000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(
      `alter table ${s}.order_summary add column if not exists first_owed_again_with_vat integer`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.order_summary drop column if exists first_owed_again_with_vat`);
  }
}
