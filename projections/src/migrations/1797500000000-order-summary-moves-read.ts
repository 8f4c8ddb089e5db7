import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The admin list's allowed actions and next step are computed when read, from the order's folded
 * facts, by the decider's own functions: a rule change then needs no rebuild, so the
 * summary stops storing them. The order-views projector's version 25 writes the rows without them.
 */
export class OrderSummaryMovesRead1797500000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    await db.query(
      `alter table ${schemaOf(db)}.order_summary drop column if exists allowed_actions, drop column if exists next_step`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(
      `alter table ${schemaOf(db)}.order_summary
         add column if not exists allowed_actions jsonb not null default '[]',
         add column if not exists next_step jsonb`,
    );
  }
}
