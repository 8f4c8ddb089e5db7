import { runDdlOnce } from './ensure-database.js';
import type pg from 'pg';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables and the append function of the Postgres event store, in schema `schema`. Idempotent; safe
 * when several processes start at once (an advisory lock serialises them).
 */
export function eventStoreDdl(schema: string): string {
  const s = quoteIdent(schema);
  return `
create schema if not exists ${s};

-- One table. Optimistic concurrency comes from the unique (stream_id, stream_revision): two
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
`;
}

export function ensureEventStoreSchema(pool: pg.Pool, schema: string): Promise<void> {
  return runDdlOnce(pool, `event-store:${schema}`, eventStoreDdl(schema));
}
