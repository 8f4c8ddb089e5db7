import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The app's own tables as it created them at start-up before it had migrations: the order numbers,
 * accounts and sessions, and what the workers keep. Written with "if not exists" so that a database
 * from those days adopts them as they are, rows included. Split, with the event store's and the read
 * models', from `Baseline1795543200000`.
 */
export class AppBaseline1795543200003 implements Migration {
  /** The baseline of every owner's tables it was split from: a schema that ran it runs none of the parts. */
  static readonly replaces = 'Baseline1795543200000';

  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`
-- Short order numbers for people ("Commande #1042"): gaps are harmless, duplicates impossible.
create sequence if not exists ${s}.order_number_seq start with 1001;
`);

    // Secrets of client and back-office accounts, kept out of the event log (digests and hashes only).
    await db.query(`
create table if not exists ${s}.client_credentials (
  client_id uuid primary key, email text not null unique, password_hash text, updated_at timestamptz not null default now());
create table if not exists ${s}.client_tokens (
  token_hash text primary key, client_id uuid not null, purpose text not null,
  expires_at timestamptz not null, used_at timestamptz);
create table if not exists ${s}.client_sessions (
  session_hash text primary key, client_id uuid not null, created_at timestamptz not null default now(),
  expires_at timestamptz not null);
create index if not exists client_sessions_client on ${s}.client_sessions (client_id);
create table if not exists ${s}.admin_users (
  admin_id uuid primary key, email text not null unique, password_hash text not null, role text not null,
  created_at timestamptz not null default now());
create table if not exists ${s}.admin_tokens (
  token_hash text primary key, admin_id uuid not null, expires_at timestamptz not null);
`);

    // What the workers keep: issued contracts, the reactors' checkpoints, the dev mailbox, the sandbox provider's records.
    await db.query(`
create table if not exists ${s}.contract_documents (
  sha256 text primary key, order_id uuid not null, html text not null, created_at timestamptz not null default now());
create table if not exists ${s}.reactor_checkpoints (
  name text primary key, checkpoint text, position bigint, updated_at timestamptz not null default now());
create table if not exists ${s}.dev_mailbox (
  id uuid primary key default gen_random_uuid(),
  recipient text not null,
  subject text not null,
  html text not null,
  text text not null,
  template text not null,
  sent_at timestamptz not null default clock_timestamp()
);
create index if not exists dev_mailbox_sent_at on ${s}.dev_mailbox (sent_at desc);
create table if not exists ${s}.sandbox_payments (
  id text primary key, order_id uuid not null, order_number int not null, purpose text not null, amount int not null,
  description text not null, customer_email text not null, success_url text not null, cancel_url text not null,
  status text not null, subscription_id text, created_at timestamptz not null default now(), expires_at timestamptz not null);
create table if not exists ${s}.sandbox_subscriptions (
  id text primary key, order_id uuid not null, amount int not null, status text not null,
  current_period_end timestamptz not null, cancel_at_period_end boolean not null default false,
  card_declines boolean not null default false);
`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    const tables = [
      'sandbox_subscriptions',
      'sandbox_payments',
      'dev_mailbox',
      'reactor_checkpoints',
      'contract_documents',
      'admin_tokens',
      'admin_users',
      'client_sessions',
      'client_tokens',
      'client_credentials',
    ];
    await db.query(`drop table if exists ${tables.map((t) => `${s}.${t}`).join(', ')}`);
    await db.query(`drop sequence if exists ${s}.order_number_seq`);
  }
}
