import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The order an email of the dev mailbox is about, so that erasing one order's contact deletes that
 * order's emails and not those the same address received for another order.
 */
export class DevMailboxOrderId1796000000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.dev_mailbox add column if not exists order_id uuid`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.dev_mailbox drop column if exists order_id`);
  }
}
