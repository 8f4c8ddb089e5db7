import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * How many emails of the order the queue gave up on, for the admin list's and the board's badge.
 * The order-views projector's version 10 refills it by rebuilding the read model.
 */
export class OrderSummaryFailedEmails1796200000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `alter table ${schemaOf(db)}.order_summary add column if not exists failed_emails integer not null default 0`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_summary drop column if exists failed_emails`);
  }
}
