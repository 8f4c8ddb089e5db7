// npm run bench — the targets of docs/architecture.md §9 on this machine, each against a baseline measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { allMigrations } from '@coseso/event-store/postgres/migrations/all-migrations';
import { migrateDatabase } from '@coseso/event-store/postgres/migrations/migration-runner';
import { PostgresEventStore } from '@coseso/event-store/postgres/postgres-event-store';
import { testDatabaseUrl } from '@coseso/event-store/testing/postgres-test-schema';
import { allProjectors } from '@coseso/projections/all-projectors';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { rebuildProjection } from '@coseso/projections/rebuild-projection';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot } from '../support/app-server.js';
import { adminListRow, benchAdminList } from './admin-list.js';
import { fmt, measureRate, pct } from './bench-kit.js';
import { BenchRawRows1795543200001 } from './raw-rows.migration.js';

const url = process.env['BENCH_DATABASE_URL'] ?? testDatabaseUrl();
const WRITERS = 64;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const REBUILD_EVENTS = Number(process.env['BENCH_REBUILD_EVENTS'] ?? 100_000);
const schema = `bench_${randomBytes(4).toString('hex')}`;

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

  // 3. Rebuild: real order histories (made by the decider), at least REBUILD_EVENTS events.
  await pool.query(`truncate ${schema}.events, ${schema}.streams`);
  let seeded = 0;
  let orders = 0;
  const seedStarted = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (seeded < REBUILD_EVENTS) {
        const orderId = randomUUID();
        const history = orderHistory(orders++, orderId);
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
  const total = { events: 0, seconds: 0 };
  for (const projector of allProjectors) {
    const result = await rebuildProjection({ store, dataSource, url, schema, projector });
    total.events += result.events;
    total.seconds += result.seconds;
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

  // 4. The back-office list at 10,000 orders against a primary-key read of the same table.
  rows.push(adminListRow(await benchAdminList(url)));

  // 5. The wizard's autosave against a no-op POST route of the same app (same middleware), 64 connections.
  rows.push(...(await autosave()));

  console.log(
    `\nCoseso benchmarks, ${new Date().toISOString()}: rates over ${SECONDS} s each (interleaved halves, 1 s warm-up each);`,
  );
  console.log(
    `rebuild over ${fmt(seeded)} events of ${fmt(orders)} orders (seeded in ${seedSeconds.toFixed(1)} s)\n`,
  );
  console.table(rows);
} finally {
  await pool.query(`drop schema if exists ${schema} cascade`).catch(() => {});
  await pool.query(`drop schema if exists ${schema}_app cascade`).catch(() => {});
  await pool.end();
}

async function autosave(): Promise<Row[]> {
  return [
    ...(await autosaveIn('one process (npm start)', ['api,projector,worker'])),
    ...(await autosaveIn('api and projector processes (docker-compose)', ['api', 'projector,worker'])),
  ];
}

/** The wizard's autosave against a no-op POST route of the same app (same middleware), 64 connections. */
async function autosaveIn(topology: string, processes: string[]): Promise<Row[]> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const appSchema = `${schema}_app`;
  await pool.query(`drop schema if exists ${appSchema} cascade`);
  const servers = [];
  for (const roles of processes) {
    const server = spawn(
      process.execPath,
      [
        '--max-semi-space-size=64',
        '--conditions=source',
        '--import',
        '@swc-node/register/esm-register',
        'test/src/bench/bench-server.ts',
      ],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          SWC_NODE_PROJECT: 'tsconfig.base.json',
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'sandbox',
          SESSION_SECRET: randomBytes(32).toString('hex'),
          PERSONAL_DATA_KEY: randomBytes(32).toString('hex'),
          DATABASE_URL: url,
          DATABASE_SCHEMA: appSchema,
          PORT: String(port),
          PROCESS_ROLES: roles,
          LOG_LEVEL: 'info', // as in production: one log line per request
          RATE_LIMIT_MULTIPLIER: '1000',
          SPA_DIST: '/nonexistent',
        },
      },
    );
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      server.on('exit', (code) => reject(new Error(`bench server (${roles}) exited with ${code}`)));
    });
    servers.push(server);
  }
  try {
    const newOrder = () =>
      fetch(`${base}/api/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
        .then((r) => r.json() as Promise<{ orderId: string }>)
        .then((r) => r.orderId);
    const orders = await Promise.all(Array.from({ length: WRITERS }, newOrder));
    const form = (n: number) =>
      JSON.stringify({
        step: 1 + (n % 7),
        companyName: `Boulangerie Martin ${n}`,
        companySector: 'Boulangerie',
        companyAddress: '12 rue des Lilas, 75012 Paris',
        contactFirstName: 'Claire',
        contactLastName: 'Martin',
        contactEmail: 'claire@boulangerie-martin.fr',
        selectedTemplate: 'onepage',
        selectedStyle: 'white',
        fontFamily: 'modern',
        primaryColor: '#3b82f6',
        secondaryColor: '#10b981',
        additionalOptions: { seoOptimizations: true, aiChatbot: false },
        hostingOptions: {
          hostingType: 'included',
          dnsType: 'new',
          newDomainName: 'boulangerie-martin',
          domainExtension: '.fr',
        },
      });
    // Each connection is one visitor's wizard: it autosaves its own order, one save at a time.
    const run = (path: (orderId: string) => string) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        let n = 0;
        let visitors = 0;
        autocannon(
          {
            url: base,
            connections: WRITERS,
            duration: SECONDS,
            setupClient: (client) => {
              const orderId = orders[visitors++ % orders.length]!;
              client.setRequests([
                {
                  method: 'POST',
                  path: path(orderId),
                  headers: { 'content-type': 'application/json' },
                  // Every save changes the company name, so every request appends an event.
                  setupRequest: (request) => ({ ...request, body: form(n++) }),
                },
              ]);
            },
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
    // Interleaved rounds, so that drift on the machine weighs on both alike.
    await run(() => '/api/bench/noop'); // warm-up
    const rounds = 3;
    const noop = { rate: 0, p99: 0 };
    const save = { rate: 0, p99: 0, errors: 0 };
    for (let round = 0; round < rounds; round++) {
      const ceiling = await run(() => '/api/bench/noop');
      noop.rate += ceiling.requests.average / rounds;
      noop.p99 = Math.max(noop.p99, ceiling.latency.p99);
      const saved = await run((orderId) => `/api/orders/${orderId}/progress`);
      save.rate += saved.requests.average / rounds;
      save.p99 = Math.max(save.p99, saved.latency.p99);
      save.errors += saved.non2xx + saved.errors;
    }

    // Read-your-writes under the same load: a save, then a read that names its position.
    const lags: number[] = [];
    const background = run((orderId) => `/api/orders/${orderId}/progress`);
    const sampleOrder = await newOrder();
    const deadline = Date.now() + (SECONDS - 1) * 1_000;
    for (let i = 0; Date.now() < deadline; i++) {
      const saved = await fetch(`${base}/api/orders/${sampleOrder}/progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: form(1_000_000 + i),
      });
      const position = ((await saved.json()) as { position: number }).position;
      const started = performance.now();
      await fetch(`${base}/api/orders/${sampleOrder}`, {
        headers: { 'x-min-position': String(position) },
      }).then((r) => r.arrayBuffer());
      lags.push(performance.now() - started);
    }
    await background;
    lags.sort((a, b) => a - b);
    const p99 = lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))] ?? 0;

    return [
      {
        measure: `no-op POST, ${topology}`,
        result: `${fmt(noop.rate)} req/s`,
        baseline: '',
        ratio: `p99 ${noop.p99} ms`,
        target: '',
      },
      {
        measure: `autosave POST /progress, ${topology}`,
        result: `${fmt(save.rate)} req/s${save.errors ? ` (${save.errors} errors)` : ''}`,
        baseline: `${fmt(noop.rate)} req/s`,
        ratio: `${pct(save.rate / noop.rate)}, p99 ${save.p99} ms`,
        target: '≥ 70%, p99 ≤ 100 ms',
      },
      {
        measure: `read-your-writes read under that load, ${topology}`,
        result: `p99 ${p99.toFixed(0)} ms`,
        baseline: `${lags.length} saves`,
        ratio: '',
        target: 'p99 ≤ 100 ms',
      },
    ];
  } finally {
    for (const server of servers) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await pool.query(`drop schema if exists ${appSchema} cascade`).catch(() => {});
  }
}
