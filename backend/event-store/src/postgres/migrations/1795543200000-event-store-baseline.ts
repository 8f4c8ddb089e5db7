import { type Migration, type MigrationDb, schemaOf } from './migration.js';

/**
 * The event store's tables as the app created them at start-up before it had migrations: the log
 * and its streams. Written with "if not exists" so that a database from those days adopts them as
 * they are, data included. Split, with the read models' and the app's, from `Baseline1795543200000`.
 */
export class EventStoreBaseline1795543200000 implements Migration {
  /** The baseline of every owner's tables it was split from: a schema that ran it runs none of the parts. */
  static readonly replaces = 'Baseline1795543200000';

  async up(db: MigrationDb): Promise<void> {
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
`);
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    const tables = ['streams', 'events'];
    await db.query(`drop table if exists ${tables.map((t) => `${s}.${t}`).join(', ')}`);
  }
}
