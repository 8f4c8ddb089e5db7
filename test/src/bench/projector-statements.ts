// What a live projector batch's statements cost sent three ways: written into one text with their
// values inlined (simple protocol: one round trip, parsed and planned every time); each as a named
// prepared statement with its arrays as parameters (extended protocol: planned once per connection,
// one round trip each); or, as the runner sends them since decision 111, one text of EXECUTEs of
// statements prepared once per connection. `BENCH_ONLY=projector-sql npm run bench`.
import { randomUUID } from 'node:crypto';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import { allProjectors } from '@coseso/projections/all-projectors';
import { PreparedTexts, type Statement, inlined } from '@coseso/projections/bulk-write';
import { ProjectorMemory } from '@coseso/projections/projector';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import pg from 'pg';
import { fmt } from './bench-kit.js';
import { processCpuMs } from './cpu-cost.js';

/** Orders whose whole histories make one batch: a batch under the autosave's load holds a few saves. */
const ORDERS_PER_BATCH = Number(process.env['BENCH_BATCH_ORDERS'] ?? 4);
const ROUNDS = 3;
const BATCHES = Number(process.env['BENCH_BATCHES'] ?? 300);

export interface StatementCost {
  readonly way: string;
  /** Per batch: this process's CPU, its backend's CPU, and the wall time, in µs. */
  readonly clientMicros: number;
  readonly backendMicros: number;
  readonly wallMicros: number;
  readonly roundTrips: number;
}

/** Distinct batches, each the histories of a few orders, as their statements from every projector that can tell them. */
async function batchesOf(url: string, schema: string, count: number): Promise<Statement[][]> {
  const dataSource = await openReadModelDataSource({
    url,
    schema,
    entities: allProjectors.flatMap((p) => p.entities),
  });
  try {
    const batches: Statement[][] = [];
    let position = 0n;
    for (let b = 0; b < count; b++) {
      const events: StoredEvent[] = [];
      for (let o = 0; o < ORDERS_PER_BATCH; o++) {
        const orderId = randomUUID();
        orderHistory(b * ORDERS_PER_BATCH + o, orderId).forEach((e, i) => {
          position += 1n;
          events.push({
            ...toNewEvent(e, i),
            streamId: orderStreamId(orderId),
            streamRevision: BigInt(i),
            position,
            checkpoint: `1:${position}` as LogCheckpoint,
            eventId: randomUUID(),
            recordedAt: new Date(),
          });
        });
      }
      batches.push(
        allProjectors.flatMap((p) => p.writes?.(events, dataSource.manager, new ProjectorMemory()) ?? []),
      );
    }
    return batches;
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Each way over the same batches, interleaved for `ROUNDS` rounds, each batch in a transaction that
 * is rolled back (the tables stay as they were: every batch inserts).
 */
export async function benchProjectorStatements(url: string, schema: string): Promise<StatementCost[]> {
  const batches = await batchesOf(url, schema, BATCHES);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = rows[0]!.pid;
    const prepared = new PreparedTexts();
    const ways: { way: string; roundTrips: number; run: (batch: Statement[]) => Promise<unknown> }[] = [
      {
        way: 'one text, values inlined (before decision 111)',
        roundTrips: 1,
        run: (batch) => client.query(['begin', ...batch.map(inlined), 'rollback'].join(';\n')),
      },
      {
        way: 'prepared statements, arrays as parameters',
        roundTrips: batches[0]!.length + 2,
        run: async (batch) => {
          await client.query('begin');
          for (const [i, { sql, params }] of batch.entries())
            await client.query({ name: `projector-${i}-${sql.length}`, text: sql, values: params });
          await client.query('rollback');
        },
      },
      {
        way: 'one text, EXECUTE of statements prepared once, values inlined (today)',
        roundTrips: 1,
        run: (batch) =>
          client.query(['begin', ...batch.map((st) => prepared.text(client, st)), 'rollback'].join(';\n')),
      },
    ];
    const totals = ways.map(() => ({ client: 0, backend: 0, wall: 0 }));
    for (const run of [...ways.map((w) => w.run)]) await run(batches[0]!); // prepared, warm
    for (let round = 0; round < ROUNDS; round++)
      for (const [w, { run }] of ways.entries()) {
        const cpu = process.cpuUsage();
        const backendBefore = processCpuMs(backend);
        const started = performance.now();
        for (const batch of batches) await run(batch);
        totals[w]!.wall += performance.now() - started;
        totals[w]!.backend += processCpuMs(backend) - backendBefore;
        const spent = process.cpuUsage(cpu);
        totals[w]!.client += (spent.user + spent.system) / 1_000;
      }
    const perBatch = (ms: number) => (ms * 1_000) / (ROUNDS * batches.length);
    return ways.map(({ way, roundTrips }, w) => ({
      way,
      roundTrips,
      clientMicros: perBatch(totals[w]!.client),
      backendMicros: perBatch(totals[w]!.backend),
      wallMicros: perBatch(totals[w]!.wall),
    }));
  } finally {
    await client.end();
  }
}

export const projectorStatementRows = (costs: readonly StatementCost[]) =>
  costs.map((cost) => ({
    measure: `a projector batch (${ORDERS_PER_BATCH} orders' histories, every read model) sent as ${cost.way}`,
    result: `${fmt(cost.wallMicros)} µs a batch, ${cost.roundTrips} round trip(s)`,
    baseline: `CPU: this process ${fmt(cost.clientMicros)} µs, Postgres ${fmt(cost.backendMicros)} µs`,
    ratio: `${fmt(cost.clientMicros + cost.backendMicros)} µs of CPU a batch`,
    target: '',
  }));
