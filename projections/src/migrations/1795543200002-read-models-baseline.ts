import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';

/**
 * The read models' tables and their checkpoints as the app created them at start-up before it had
 * migrations. Written with "if not exists" so that a database from those days adopts them as they
 * are, rows included. Split, with the event store's and the app's, from `Baseline1795543200000`.
 */
export class ReadModelsBaseline1795543200002 implements Migration {
  /** The baseline of every owner's tables it was split from: a schema that ran it runs none of the parts. */
  static readonly replaces = 'Baseline1795543200000';

  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    // Constraint and index names are TypeORM's, derived from the entities.
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
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    const tables = [
      'client_account',
      'order_timeline',
      'order_detail',
      'order_summary',
      'projection_checkpoints',
    ];
    await db.query(`drop table if exists ${tables.map((t) => `${s}.${t}`).join(', ')}`);
  }
}
