import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * When each side of an order's conversation was last emailed about it: at most one email per
 * 15 minutes per order and recipient (the claim that sent it is kept, so its retry sends again),
 * and which messages it told (after told_from, up to told_up_to), so the next one tells what came since.
 */
export class MessageEmailWindows1796700000001 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(`create table if not exists ${schemaOf(db)}.message_email_windows (
      order_id uuid not null,
      recipient text not null,
      sent_at timestamptz not null,
      claim_key text not null,
      told_from integer not null,
      told_up_to integer not null,
      primary key (order_id, recipient))`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`drop table if exists ${schemaOf(db)}.message_email_windows`);
  }
}
