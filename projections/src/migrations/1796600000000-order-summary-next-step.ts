import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * Whose move each order is (the domain's nextStep), since when, and when its awaited payment
 * failed: the back-office's saved views (« À traiter » oldest first, « En attente du client »,
 * « Paiements en échec ») filter and sort on them. The order-views projector's version 16 fills them.
 */
export class OrderSummaryNextStep1796600000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(
      `alter table ${s}.order_summary
         add column if not exists next_actor text not null default 'none',
         add column if not exists waiting_since timestamptz,
         add column if not exists payment_failed_at timestamptz,
         add column if not exists next_step jsonb`,
    );
    await db.query(
      `create index if not exists order_summary_draft_actor_waiting on ${s}.order_summary (empty_draft, next_actor, waiting_since, order_id)`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop index if exists ${s}.order_summary_draft_actor_waiting`);
    await db.query(
      `alter table ${s}.order_summary drop column if exists next_actor, drop column if exists waiting_since, drop column if exists payment_failed_at, drop column if exists next_step`,
    );
  }
}
