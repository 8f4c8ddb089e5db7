import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { schemaOf } from './schema-of.js';

/**
 * Every table as the app created them at start-up before it had migrations. Written with "if not
 * exists" so that a database from those days adopts it as it is, data included.
 */
export class Baseline1795543200000 implements MigrationInterface {
  async up(db: QueryRunner): Promise<void> {
    const s = schemaOf(db);
    await db.query(`
-- The log. Optimistic concurrency comes from the unique (stream_id, stream_revision): two
-- writers expecting the same revision cannot both insert the next one. Idempotency comes from the
-- unique event_id: the events of a command get ids derived from the command id, so the same
-- command appended twice collides with itself.
--
-- global_position is unique and increasing in insertion order, but transactions commit out of
-- order: readers order by (transaction_id, global_position) and only read transactions older than
-- every running one (see readAll), so a late commit is never skipped.
create table if not exists ${s}.events (
  global_position bigint generated always as identity primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_revision bigint not null,
  event_id uuid not null unique,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  command_id text,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_revision)
);
create index if not exists events_log_order on ${s}.events (transaction_id, global_position);

-- One row per stream: its category, last revision, and when it began and was last written. The
-- append statement keeps it, in the same transaction as the events, so it is never behind them.
-- A store created before this table existed gets it filled from its events.
do $$ begin
  if to_regclass('${s.replace(/'/g, "''")}.streams') is null then
    create table ${s}.streams (
      stream_id text primary key,
      category text not null generated always as (split_part(stream_id, '-', 1)) stored,
      revision bigint not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    insert into ${s}.streams (stream_id, revision, created_at, updated_at)
      select stream_id, max(stream_revision), min(recorded_at), max(recorded_at) from ${s}.events group by stream_id;
  end if;
end $$;
create index if not exists streams_by_category on ${s}.streams (category, created_at);

-- Short order numbers for people ("Commande #1042"): gaps are harmless, duplicates impossible.
create sequence if not exists ${s}.order_number_seq start with 1001;
`);

    // The read models. Constraint and index names are TypeORM's, derived from the entities.
    await db.query(`
create table if not exists ${s}.projection_checkpoints (
  name text primary key,
  version int not null,
  checkpoint text,
  position bigint,
  processed bigint not null default 0,
  last_event_at timestamptz,
  updated_at timestamptz not null default now(),
  status text not null default 'running',
  error text,
  error_position bigint
);
create table if not exists ${s}.order_summary (
  order_id uuid not null,
  client_id uuid,
  order_number integer not null,
  status text not null,
  company_name text not null,
  company_sector text not null,
  contact_email text not null,
  selected_template text,
  billing_period text,
  deposit_paid boolean not null,
  final_paid boolean not null,
  current_step integer not null,
  subscription_status text not null,
  total_with_vat integer,
  created_at timestamptz not null,
  last_activity_at timestamptz not null,
  constraint "PK_9a03bdb38539023e799542ee949" primary key (order_id)
);
create index if not exists "IDX_6f21e7e553f1cd8f146a69c653" on ${s}.order_summary (last_activity_at);
create index if not exists "IDX_b7084c763344b4f1637397392d" on ${s}.order_summary (status, last_activity_at);
create index if not exists "IDX_3a6658f507e6880af3bb89eeff" on ${s}.order_summary (client_id, last_activity_at);
create table if not exists ${s}.order_detail (
  order_id uuid not null,
  order_number integer not null,
  status text not null,
  state jsonb not null,
  revision integer not null,
  constraint "PK_a6ac5c99b8c02bd4ee53d3785be" primary key (order_id)
);
create table if not exists ${s}.order_timeline (
  order_id uuid not null,
  revision integer not null,
  position bigint not null,
  type text not null,
  occurred_at timestamptz not null,
  actor_kind text not null,
  actor_id text not null,
  description text not null,
  constraint "PK_1527f7e46d1f3cc61be4f7e0b23" primary key (order_id, revision)
);
create index if not exists "IDX_e791b62129279ce16496e20d93" on ${s}.order_timeline (occurred_at);
create table if not exists ${s}.client_account (
  client_id uuid not null,
  email text not null,
  first_name text not null,
  last_name text not null,
  created_at timestamptz not null,
  constraint "UQ_035ef27433174b033b408dd89a8" unique (email),
  constraint "PK_594cc549a6b91ea5d8ef9191604" primary key (client_id)
);
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

  async down(db: QueryRunner): Promise<void> {
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
      'client_account',
      'order_timeline',
      'order_detail',
      'order_summary',
      'projection_checkpoints',
      'streams',
      'events',
    ];
    await db.query(`drop table if exists ${tables.map((t) => `${s}.${t}`).join(', ')}`);
    await db.query(`drop sequence if exists ${s}.order_number_seq`);
  }
}
