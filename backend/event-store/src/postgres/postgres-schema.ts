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

create table if not exists ${s}.streams (
  stream_id text primary key,
  revision bigint not null
);

-- global_position is unique and increasing in insertion order, but transactions commit out of
-- order: readers order by (transaction_id, global_position) and only read transactions older than
-- every running one (see readAll), so a late commit is never skipped.
create table if not exists ${s}.events (
  global_position bigint generated always as identity primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_revision bigint not null,
  event_id uuid not null,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_revision)
);
create index if not exists events_log_order on ${s}.events (transaction_id, global_position);

-- Idempotency: one row per (stream, command) that appended something.
create table if not exists ${s}.stream_commands (
  stream_id text not null,
  command_id text not null,
  next_revision bigint not null,
  last_position bigint not null,
  primary key (stream_id, command_id)
);

-- One round trip per append. p_expected: -1 the stream must not exist, -2 any, n the current revision.
-- Returns conflict_revision (-1 when the stream does not exist) instead of raising, to keep the
-- common path free of subtransactions.
create or replace function ${s}.append_to_stream(
  p_stream_id text,
  p_expected bigint,
  p_command_id text,
  p_event_ids uuid[],
  p_types text[],
  p_schema_versions int[],
  p_data jsonb[],
  p_metadata jsonb[]
) returns table (next_revision bigint, last_position bigint, duplicate boolean, conflict_revision bigint)
language plpgsql as $fn$
declare
  v_count int := cardinality(p_types);
  v_before bigint;
  v_last bigint;
  v_next bigint;
begin
  if p_command_id is not null then
    select c.next_revision, c.last_position into v_next, v_last
      from ${s}.stream_commands c where c.stream_id = p_stream_id and c.command_id = p_command_id;
    if found then
      return query select v_next, v_last, true, null::bigint;
      return;
    end if;
  end if;

  if p_expected = -1 then
    insert into ${s}.streams as st (stream_id, revision) values (p_stream_id, v_count - 1)
      on conflict (stream_id) do nothing;
    if not found then
      select st.revision into v_before from ${s}.streams st where st.stream_id = p_stream_id;
      return query select null::bigint, null::bigint, false, v_before;
      return;
    end if;
    v_before := -1;
  elsif p_expected = -2 then
    insert into ${s}.streams as st (stream_id, revision) values (p_stream_id, v_count - 1)
      on conflict (stream_id) do update set revision = st.revision + v_count
      returning st.revision - v_count into v_before;
  else
    update ${s}.streams st set revision = st.revision + v_count
      where st.stream_id = p_stream_id and st.revision = p_expected
      returning st.revision - v_count into v_before;
    if not found then
      select st.revision into v_before from ${s}.streams st where st.stream_id = p_stream_id;
      return query select null::bigint, null::bigint, false, coalesce(v_before, -1);
      return;
    end if;
  end if;

  with inserted as (
    insert into ${s}.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
    select p_stream_id, v_before + e.n, e.id, e.type, e.version, e.data, e.metadata
      from unnest(p_event_ids, p_types, p_schema_versions, p_data, p_metadata)
           with ordinality as e(id, type, version, data, metadata, n)
    returning global_position
  )
  select max(global_position) into v_last from inserted;

  v_next := v_before + v_count;
  if p_command_id is not null then
    insert into ${s}.stream_commands (stream_id, command_id, next_revision, last_position)
      values (p_stream_id, p_command_id, v_next, v_last);
  end if;
  return query select v_next, v_last, false, null::bigint;
end
$fn$;
`;
}

export async function ensureEventStoreSchema(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`event-store:${schema}`]);
    await client.query(eventStoreDdl(schema));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
