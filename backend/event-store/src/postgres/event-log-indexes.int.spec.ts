import { type LogFilter } from '../event-store.js';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { eventStoreMigrations } from './migrations/event-store-migrations.js';
import { logPage } from './postgres-event-store.js';

// A page of the auditors' log (readLog) is one index range whatever the filter, on a log of
// 100,000 events: each filter has an index that ends with the reading order.

let db: TestSchema;

beforeAll(async () => {
  db = await createTestSchema('eslog', 2, { migrations: eventStoreMigrations });
  const s = `"${db.schema}"`;
  // Written by SQL, not the store: the plans are what is tested, not the append.
  await db.pool.query(
    `insert into ${s}.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
     select 'bulk-' || (n / 100), n % 100, gen_random_uuid(), 'Noted', 1, jsonb_build_object('i', n),
            '{"actor":{"kind":"system","id":"bulk"}}'
     from generate_series(0, 99999) n`,
  );
  await db.pool.query(
    `insert into ${s}.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
     select 'rare-1', n, gen_random_uuid(), 'Rare', 1, '{}', '{"actor":{"kind":"admin","id":"rare-admin"}}'
     from generate_series(0, 19) n`,
  );
  await db.pool.query(`analyze ${s}.events`);
}, 120_000);
afterAll(() => db.drop());

async function indexesOf(filter: LogFilter, after: [string, string] = ['0', '0']): Promise<string[]> {
  const { text, values } = logPage(`"${db.schema}"`, filter, after[0], after[1], 51);
  const { rows } = await db.pool.query(`explain (format json) ${text}`, values);
  const nodes: { 'Node Type': string; 'Index Name'?: string }[] = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push(node as never);
    for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
  return nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
}

it("serves each of the explorer's filters from an index of the log", async () => {
  expect(await indexesOf({ type: 'Rare' })).toContain('events_by_type_in_log_order');
  expect(await indexesOf({ actorKind: 'admin', actorId: 'rare-admin' })).toContain(
    'events_by_actor_in_log_order',
  );
  expect(await indexesOf({ streamId: 'rare-1' })).toContain('events_stream_id_stream_revision_key');
  const {
    rows: [late],
  } = await db.pool.query<{ xid: string; position: string }>(
    `select transaction_id::text as xid, global_position::text as position from "${db.schema}".events
     where stream_id = 'bulk-990' and stream_revision = 0`,
  );
  expect(await indexesOf({}, [late!.xid, late!.position])).toContain('events_log_order');
}, 240_000);
