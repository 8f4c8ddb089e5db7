import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The back-office's list and statistics: the summary's search text (with a trigram index, so a
 * substring search stays fast at 10,000 orders), its empty-draft flag and allowed actions, indexes
 * for the drafts and template filters, and the one-row statistics table. The order-views
 * projector's version 5 refills them by rebuilding the read model.
 */
export class AdminOrderList1795655500000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    // Once per database, in public (a schema dropped by a test must not take it along); schemas
    // migrating at the same time wait for each other here.
    await db.query(`select pg_advisory_xact_lock(hashtext('coseso:extension:pg_trgm'))`);
    await db.query(`create extension if not exists pg_trgm with schema public`);
    await db.query(`alter table ${s}.order_summary
      add column if not exists search_text text not null default '',
      add column if not exists empty_draft boolean not null default false,
      add column if not exists allowed_actions jsonb not null default '[]'`);
    await db.query(`alter table ${s}.order_summary
      alter column search_text drop default,
      alter column empty_draft drop default,
      alter column allowed_actions drop default`);
    await db.query(
      `create index if not exists order_summary_search_trgm on ${s}.order_summary using gin (search_text public.gin_trgm_ops)`,
    );
    await db.query(
      `create index if not exists "IDX_8d7d7e53ce69aee7da589be1b8" on ${s}.order_summary (empty_draft, last_activity_at)`,
    );
    await db.query(
      `create index if not exists "IDX_9649b1d07895cfe845337005fb" on ${s}.order_summary (selected_template, last_activity_at)`,
    );
    await db.query(`create table if not exists ${s}.admin_statistics (
      id text not null,
      total_orders integer not null,
      active_subscriptions integer not null,
      yearly_deposit_paid integer not null,
      delivered integer not null,
      in_revision integer not null,
      yearly_revenue_cents bigint not null,
      monthly_recurring_revenue_cents bigint not null,
      awaiting_payment integer not null,
      constraint "PK_ADMIN_STATISTICS" primary key (id)
    )`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop table if exists ${s}.admin_statistics`);
    await db.query(`drop index if exists ${s}.order_summary_search_trgm`);
    await db.query(`drop index if exists ${s}."IDX_8d7d7e53ce69aee7da589be1b8"`);
    await db.query(`drop index if exists ${s}."IDX_9649b1d07895cfe845337005fb"`);
    await db.query(`alter table ${s}.order_summary
      drop column if exists search_text, drop column if exists empty_draft, drop column if exists allowed_actions`);
  }
}
