import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The facts the order's rules read (statuses, dates, amounts, the payments' standing), on the admin
 * list's row: the list computes each order's allowed actions and next step from them when read,
 * without joining the whole folded state of order_detail. The order-views projector's version 26
 * fills it; until its rebuild swaps in, a row without facts is listed without moves.
 */
export class OrderSummaryMoveFacts1797600000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_summary add column if not exists move_facts jsonb`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_summary drop column if exists move_facts`);
  }
}
