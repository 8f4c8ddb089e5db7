// npm run bench — the figures of DESIGN §10 on this machine, each against a baseline measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { ensureDatabase } from '@coseso/event-store/postgres/ensure-database';
import { PostgresEventStore } from '@coseso/event-store/postgres/postgres-event-store';
import { testDatabaseUrl } from '@coseso/event-store/testing/postgres-test-schema';
import { allProjectors } from '@coseso/projections/all-projectors';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { rebuildProjection } from '@coseso/projections/rebuild-projection';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import pg from 'pg';
import { fmt, measureRate, pct } from './bench-kit.js';

const url = process.env['BENCH_DATABASE_URL'] ?? testDatabaseUrl();
const WRITERS = 64;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const REBUILD_EVENTS = Number(process.env['BENCH_REBUILD_EVENTS'] ?? 100_000);
const schema = `bench_${randomBytes(4).toString('hex')}`;

await ensureDatabase(url);
const pool = new pg.Pool({ connectionString: url, max: WRITERS + 4 });
const rows: { measure: string; result: string; baseline: string; ratio: string; target: string }[] = [];

try {
  // 1. The ceiling: one row per transaction, INSERT + COMMIT, 64 writers.
  await pool.query(`create schema ${schema}`);
  await pool.query(
    `create table ${schema}.raw_rows (id bigint generated always as identity primary key, stream_id text not null, data jsonb not null)`,
  );
  const payload = JSON.stringify({ companyName: 'Boulangerie Martin', currentStep: 3 });
  const raw = await measureRate(WRITERS, SECONDS, (loop) =>
    pool
      .query(`insert into ${schema}.raw_rows (stream_id, data) values ($1, $2)`, [`raw-${loop}`, payload])
      .then(() => undefined),
  );

  // 2. The event store under the same load: each writer appends to its own stream with the expected revision.
  const store = await PostgresEventStore.open({ pool, schema, connectionString: url });
  const revisions = new Map<number, bigint | 'no_stream'>();
  const streams = Array.from({ length: WRITERS }, () => `order-${randomUUID()}`);
  const append = await measureRate(WRITERS, SECONDS, async (loop) => {
    const expected = revisions.get(loop) ?? 'no_stream';
    const result = await store.appendToStream(
      streams[loop]!,
      [
        {
          type: 'WizardStepSaved',
          schemaVersion: 1,
          data: { currentStep: 3, changes: { companyName: 'Boulangerie Martin' } },
          metadata: { actor: { kind: 'visitor', id: 'bench' } },
        },
      ],
      { expectedRevision: expected, commandId: randomUUID() },
    );
    revisions.set(loop, result.nextRevision);
  });
  rows.push({
    measure: 'raw pg INSERT+COMMIT, 64 writers',
    result: `${fmt(raw)} /s`,
    baseline: '',
    ratio: '',
    target: '',
  });
  rows.push({
    measure: 'event store append, 64 writers',
    result: `${fmt(append)} /s`,
    baseline: `${fmt(raw)} /s`,
    ratio: pct(append / raw),
    target: '≥ 70%',
  });

  // 3. Rebuild: real order histories (made by the decider), at least REBUILD_EVENTS events.
  await pool.query(`truncate ${schema}.events, ${schema}.streams, ${schema}.stream_commands`);
  let seeded = 0;
  let n = 0;
  const seedStarted = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (seeded < REBUILD_EVENTS) {
        const orderId = randomUUID();
        const history = orderHistory(n++, orderId);
        seeded += history.length;
        await store.appendToStream(`order-${orderId}`, history.map(toNewEvent), {
          expectedRevision: 'no_stream',
        });
      }
    }),
  );
  const seedSeconds = (performance.now() - seedStarted) / 1_000;
  const dataSource = await openReadModelDataSource({
    url,
    schema,
    entities: allProjectors.flatMap((p) => p.entities),
  });
  let total = { events: 0, seconds: 0 };
  for (const projector of allProjectors) {
    const result = await rebuildProjection({ store, dataSource, url, schema, projector });
    total = { events: total.events + result.events, seconds: total.seconds + result.seconds };
    rows.push({
      measure: `rebuild ${projector.name}`,
      result: `${fmt(result.events / result.seconds)} events/s`,
      baseline: `${fmt(result.events)} events`,
      ratio: `${result.seconds.toFixed(2)} s`,
      target: '≥ 20,000 events/s',
    });
  }
  rows.push({
    measure: 'rebuild, all read models',
    result: `${fmt(total.events / total.seconds)} events/s`,
    baseline: `${fmt(total.events)} events`,
    ratio: `${total.seconds.toFixed(2)} s`,
    target: '',
  });
  await dataSource.destroy();
  await store.close();

  console.log(
    `\nCoseso benchmarks — ${new Date().toISOString()}, ${SECONDS} s per rate (+1 s warm-up); seeded ${fmt(seeded)} events (${n} orders) in ${seedSeconds.toFixed(1)} s\n`,
  );
  console.table(rows);
} finally {
  await pool.query(`drop schema if exists ${schema} cascade`).catch(() => {});
  await pool.end();
}
