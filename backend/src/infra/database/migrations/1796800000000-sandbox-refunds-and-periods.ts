import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The sandbox provider's refunds (each one once per idempotency key, as Stripe keeps them: a payment
 * is never refunded beyond what it paid), and its subscriptions' billing anchor: each period ends a
 * calendar month after the one before, on the anchor's day (the last day of a shorter month).
 */
export class SandboxRefundsAndPeriods1796800000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`
create table if not exists ${s}.sandbox_refunds (
  idempotency_key text primary key, id text not null unique, payment_id text not null, amount int not null,
  created_at timestamptz not null default now());
create index if not exists sandbox_refunds_payment on ${s}.sandbox_refunds (payment_id);
alter table ${s}.sandbox_subscriptions add column if not exists billing_anchor timestamptz;
alter table ${s}.sandbox_subscriptions add column if not exists periods int not null default 1;
`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`drop table if exists ${s}.sandbox_refunds;
alter table ${s}.sandbox_subscriptions drop column if exists billing_anchor;
alter table ${s}.sandbox_subscriptions drop column if exists periods;`);
  }
}
