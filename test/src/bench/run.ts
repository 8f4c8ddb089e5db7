// npm run bench — the targets of docs/architecture.md §9 on this machine, each against a baseline measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { allProjectors } from '@coseso/projections/all-projectors';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import {
  type RebuildResult,
  rebuildProjection,
  rebuildProjections,
} from '@coseso/projections/rebuild-projection';
import pg from 'pg';
import { autosaveRows, benchAutosave } from './autosave.js';
import { adminListRow, benchAdminList } from './admin-list.js';
import { benchBooks, booksRows } from './books.js';
import { verifyBooks } from '@coseso/backend/invoices/books/verify-books';
import { benchValidation, validationRow } from './validation-cost.js';
import { benchProjectorStatements, projectorStatementRows } from './projector-statements.js';
import { fmt, measureRate, pct } from './bench-kit.js';
import {
  CORES,
  type MachineCpu,
  atMostPerSecond,
  budgetMicroseconds,
  machineCpuBetween,
  machineCpuMs,
  watchPeakRss,
} from './cpu-cost.js';
import { type LogRead, readWholeLog } from './log-read-floor.js';
import { BenchRawRows1795543200001 } from './raw-rows.migration.js';
import { SEED_INTERLEAVE, decryptingStore, seedLog } from './seed-log.js';

const url = process.env['BENCH_DATABASE_URL'] ?? testDatabaseUrl();
const WRITERS = 64;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const REBUILD_EVENTS = Number(process.env['BENCH_REBUILD_EVENTS'] ?? 1_000_000);
const schema = `bench_${randomBytes(4).toString('hex')}`;
/**
 * `BENCH_ONLY=autosave` (or append, rebuild, log-read, admin, books, validation, projector-sql, a comma-separated list):
 * run only those sections. `log-read` seeds the rebuild's log and reads it, without the rebuild.
 */
const only = process.env['BENCH_ONLY']?.split(',');
const runs = (section: string) => !only || only.includes(section);
/** The read of the median rate. */
const median = (reads: readonly LogRead[]): LogRead =>
  [...reads].sort((a, b) => a.events / a.seconds - b.events / b.seconds)[Math.floor(reads.length / 2)]!;

interface Row {
  measure: string;
  result: string;
  baseline: string;
  ratio: string;
  target: string;
}

await migrateDatabase({ url, schema, migrations: [...allMigrations, BenchRawRows1795543200001] });
const pool = new pg.Pool({ connectionString: url, max: WRITERS + 4 });
const rows: Row[] = [];

try {
  const store = await PostgresEventStore.open({ pool, schema, connectionString: url });

  // 1. The ceiling: one row per transaction (INSERT + COMMIT), 64 writers.
  const payload = JSON.stringify({ companyName: 'Boulangerie Martin', currentStep: 3 });
  const insertRaw = (loop: number) =>
    pool
      .query(`insert into ${schema}.raw_rows (stream_id, data) values ($1, $2)`, [`raw-${loop}`, payload])
      .then(() => undefined);

  // 2. The event store under the same load: each writer appends one event to its own stream, with
  // the expected revision and a command id, as the command handlers do.
  const revisions = new Map<number, bigint | 'no_stream'>();
  const streams = Array.from({ length: WRITERS }, () => `order-${randomUUID()}`);
  const data = { currentStep: 3, changes: { companyName: 'Boulangerie Martin' } };
  const metadata = { actor: { kind: 'visitor', id: 'bench' } };
  const appendOne = async (loop: number) => {
    const result = await store.appendToStream(
      streams[loop]!,
      [{ type: 'WizardStepSaved', schemaVersion: 1, data, metadata }],
      {
        expectedRevision: revisions.get(loop) ?? 'no_stream',
        commandId: randomUUID(),
      },
    );
    revisions.set(loop, result.nextRevision);
  };

  // Interleaved, so that drift on the machine (checkpoints, autovacuum) weighs on both alike.
  if (runs('append')) {
    let raw = 0;
    let append = 0;
    for (let round = 0; round < 2; round++) {
      raw += (await measureRate(WRITERS, SECONDS / 2, insertRaw)) / 2;
      append += (await measureRate(WRITERS, SECONDS / 2, appendOne)) / 2;
    }
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
  }

  // 3. Rebuild: real order histories (made by the decider), REBUILD_EVENTS of them written with COPY.
  let seeded = 0;
  let orders = 0;
  let seedSeconds = 0;
  let everyFieldRead: LogRead = { events: 0, seconds: 0, cpuSeconds: 0 };
  if (runs('rebuild') || runs('log-read')) {
    await pool.query(`truncate ${schema}.events, ${schema}.streams, ${schema}.data_subject_keys`);
    const seedStarted = performance.now();
    ({ events: seeded, orders } = await seedLog(pool, schema, REBUILD_EVENTS));
    seedSeconds = (performance.now() - seedStarted) / 1_000;
    await pool.query(`analyze ${schema}.events`);
    // The log as the operators' rebuild reads it: personal fields decrypted where they are read.
    const log = decryptingStore(store, pool, schema);
    // The floor, read first (which also warms Postgres' cache for the rebuild after it): the log
    // as stored, then through the decryption as a consumer that reads no personal field gets it,
    // then with every personal field read; `BENCH_LOG_READS` times each, interleaved (the median
    // is shown), for a machine whose load drifts. This process's CPU per event says what the
    // decryption costs whatever the load; the rate, what a rebuild waits.
    // The same log as exportLog streams it (one COPY … TO STDOUT), interleaved with them: the rebuild's
    // first pass reads it so.
    const reads = Number(process.env['BENCH_LOG_READS'] ?? 1);
    const asStored: LogRead[] = [];
    const revealed: LogRead[] = [];
    const everyField: LogRead[] = [];
    const copiedAsStored: LogRead[] = [];
    const copiedEveryField: LogRead[] = [];
    for (let i = 0; i < reads; i++) {
      asStored.push(await readWholeLog(store));
      copiedAsStored.push(await readWholeLog(store, { byExport: true }));
      revealed.push(await readWholeLog(log));
      everyField.push(await readWholeLog(log, { readPersonalFields: true }));
      copiedEveryField.push(await readWholeLog(log, { readPersonalFields: true, byExport: true }));
    }
    everyFieldRead = median(everyField);
    const stored = median(asStored);
    const described = (read: LogRead) =>
      `${fmt(read.events / read.seconds)} events/s, ${((read.cpuSeconds * 1e6) / read.events).toFixed(1)} µs CPU/event`;
    for (const [measure, read] of [
      ['as stored, not decrypted', stored],
      ['no personal field read', median(revealed)],
      ['every personal field read', everyFieldRead],
      ['by one COPY TO STDOUT, as stored', median(copiedAsStored)],
      ['by one COPY TO STDOUT, every personal field read', median(copiedEveryField)],
    ] as const)
      rows.push({
        measure: `the log read alone (the rebuild's batches), ${measure}`,
        result: described(read),
        baseline: read === stored ? `median of ${reads}` : `as stored: ${described(stored)}`,
        ratio: pct(read.events / read.seconds / (stored.events / stored.seconds)),
        target: '',
      });
  }
  if (runs('rebuild')) {
    const dataSource = await openReadModelDataSource({
      url,
      schema,
      entities: allProjectors.flatMap((p) => p.entities),
    });
    const log = decryptingStore(store, pool, schema);
    const decrypted = everyFieldRead;
    // The rebuild runs in this process: its memory is this process's, sampled as it goes.
    const memory = watchPeakRss();
    let all: RebuildResult;
    let machine: MachineCpu;
    let processCpu: NodeJS.CpuUsage;
    try {
      // Each read model alone (BENCH_REBUILD_EACH=1): the figures of the issue's baseline.
      if (process.env['BENCH_REBUILD_EACH'])
        for (const projector of allProjectors) {
          const result = await rebuildProjection({ store: log, dataSource, url, schema, projector });
          rows.push({
            measure: `rebuild ${projector.name} alone`,
            result: `${fmt(result.events / result.seconds)} events/s`,
            baseline: `${fmt(result.events)} events`,
            ratio: `${result.seconds.toFixed(2)} s`,
            target: '',
          });
        }
      const machineBefore = machineCpuMs();
      const processBefore = process.cpuUsage();
      all = await rebuildProjections({ store: log, dataSource, url, schema, projectors: allProjectors });
      machine = machineCpuBetween(machineBefore, machineCpuMs());
      processCpu = process.cpuUsage(processBefore);
    } finally {
      memory.stop();
    }
    rows.push({
      measure: `rebuild of all ${allProjectors.length} read models together`,
      result: `${fmt(all.events / all.seconds)} events/s`,
      baseline: `${fmt(all.events)} events`,
      ratio: `${all.seconds.toFixed(2)} s (${fmt((all.events * allProjectors.length) / all.seconds)} events × read models /s)`,
      target: '≥ 50 % of the same log read alone and decrypted (next row)',
    });
    rows.push({
      measure: "the same log read alone (the rebuild's batches, every personal field read)",
      result: `${fmt(decrypted.events / decrypted.seconds)} events/s`,
      baseline: '',
      ratio: `the rebuild at ${pct(all.events / all.seconds / (decrypted.events / decrypted.seconds))} of it`,
      target: 'the rebuild cannot beat it',
    });
    rows.push({
      measure: 'rebuild memory (bench process RSS)',
      result: `peak ${fmt(memory.peak / 1_048_576)} MB`,
      baseline: `before ${fmt(memory.before / 1_048_576)} MB`,
      ratio: `+${fmt((memory.peak - memory.before) / 1_048_576)} MB`,
      target: 'growth ≤ 200 MB, and the same at 2,000,000 events (BENCH_REBUILD_EVENTS)',
    });
    // The books over the same log, as `npm run verify-books` reads it (decrypted, in batches). The
    // seeded log holds the orders' payments, not the invoices the app's worker issues for them as it
    // reads the log: the breaks it reports are those payments, uninvoiced (the rate is what counts).
    const booksStarted = performance.now();
    const books = await verifyBooks(log);
    const booksSeconds = (performance.now() - booksStarted) / 1_000;
    rows.push({
      measure: 'verify-books over the same log',
      result: `${fmt(books.events / booksSeconds)} events/s (${booksSeconds.toFixed(1)} s; ${fmt(books.orders)} orders, ${fmt(books.documents)} documents, ${fmt(books.breaks.length)} breaks)`,
      baseline: `the rebuild ${fmt(all.events / all.seconds)} events/s`,
      ratio: pct(books.events / booksSeconds / (all.events / all.seconds)),
      target: "≥ the rebuild's rate",
    });
    // Were every core busy with it from start to end, the rebuild could not take less than the
    // machine's CPU it used divided by the cores: its ceiling at this cost, whatever the pipeline.
    const cpuSeconds = machine.busy / 1_000;
    const processSeconds = (processCpu.user + processCpu.system) / 1e6;
    const microsecondsPerEvent = (cpuSeconds * 1e6) / all.events;
    rows.push({
      measure: "rebuild's CPU (whole machine, every process)",
      result: `${cpuSeconds.toFixed(1)} s in ${all.seconds.toFixed(1)} s, cores ${pct(machine.busy / machine.total)} busy`,
      baseline: `this process ${processSeconds.toFixed(1)} s, Postgres and the rest ${(cpuSeconds - processSeconds).toFixed(1)} s`,
      ratio: `at that cost, at most ${fmt(atMostPerSecond(microsecondsPerEvent))} events/s on ${CORES} cores`,
      target: `60,000 events/s needs ≤ ${budgetMicroseconds(60_000).toFixed(0)} µs of CPU per event (${microsecondsPerEvent.toFixed(0)} µs now)`,
    });
    await dataSource.destroy();
  }
  await store.close();

  // 4. The back-office list at 10,000 orders against a primary-key read of the same table.
  if (runs('admin')) rows.push(adminListRow(await benchAdminList(url)));

  // The accountant's page and exports at 100,000 invoices a year.
  if (runs('books')) rows.push(...booksRows(await benchBooks(url)));

  // A live projector batch's statements: one text with inlined values, or prepared statements.
  if (runs('projector-sql'))
    rows.push(...projectorStatementRows(await benchProjectorStatements(url, schema)));

  // The request validation's share of an autosave, measured apart (no server, one process).
  if (runs('validation')) rows.push(validationRow(await benchValidation()));

  // 5. The wizard's autosave against a no-op POST route of the same app (same middleware), 64 connections.
  const appSchema = `${schema}_app`;
  if (runs('autosave') || runs('autosave-one'))
    rows.push(
      ...autosaveRows(
        await benchAutosave(url, appSchema, 'one process (npm start)', ['api,projector,worker'], SECONDS),
      ),
    );
  if (runs('autosave') || runs('autosave-split'))
    rows.push(
      ...autosaveRows(
        await benchAutosave(
          url,
          appSchema,
          'api and projector processes (docker-compose)',
          ['api', 'projector,worker'],
          SECONDS,
        ),
      ),
    );

  console.log(
    `\nCoseso benchmarks, ${new Date().toISOString()}: rates over ${SECONDS} s each (interleaved halves, 1 s warm-up each);`,
  );
  console.log(
    `rebuild over ${fmt(seeded)} events of ${fmt(orders)} orders, ${SEED_INTERLEAVE > 1 ? `the events of ${fmt(SEED_INTERLEAVE)} orders at a time interleaved` : "each order's events together"} (seeded in ${seedSeconds.toFixed(1)} s)\n`,
  );
  console.table(rows);
} finally {
  await pool.query(`drop schema if exists ${schema} cascade`).catch(() => {});
  await pool.end();
}
