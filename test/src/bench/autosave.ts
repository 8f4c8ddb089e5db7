// The wizard's autosave against a no-op POST route of the same app (same middleware), 64
// connections, in one process layout; then read-your-writes under that load. Part of `npm run bench`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { transformFileSync } from '@swc/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../../scripts/node-flags.mjs';
import { repoRoot } from '../support/app-server.js';
import { fmt, pct } from './bench-kit.js';
import { atRate, openLoop, openLoopAgent, send, visitorPool } from './open-loop.js';
import {
  CORES,
  atMostPerSecond,
  backendsCpuMs,
  budgetMicroseconds,
  machineCpuBetween,
  machineCpuMs,
  processCpuMs,
  processMemoryMb,
  withApplicationName,
} from './cpu-cost.js';

export const CONNECTIONS = 64;

export interface BenchServers {
  readonly base: string;
  readonly processes: readonly { readonly roles: string; readonly child: ChildProcess }[];
  /** The `application_name` of process i's database connections. */
  applicationName(i: number): string;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  readonly url: string;
  /** Dropped first, and again when the servers stop. */
  readonly schema: string;
  /** The roles of each process, e.g. ['api,projector,worker'] or ['api', 'projector,worker']. */
  readonly processes: readonly string[];
  /** Writes a V8 CPU profile of each process into this directory when it stops. */
  readonly cpuProfileDir?: string;
  /** Writes each process's log lines into a file of this directory. */
  readonly logDir?: string;
}

/**
 * The app as production runs it (`npm start`, backend/Dockerfile): the compiled backend (run
 * `npm run build` first), the same Node flags, NODE_ENV=production, one log line per request.
 * Only bench-server.ts, which adds the no-op route, is compiled on the fly (to JavaScript, before
 * the start: no TypeScript loader in the servers, unless BENCH_FROM_SOURCE asks for the sources).
 */
export async function startBenchServers(options: BenchServerOptions): Promise<BenchServers> {
  const { url, schema } = options;
  // The servers run the compiled backend: bring it up to date (incremental, quick when it is).
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'backend'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the backend does not build (tsc -b backend)');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const applicationName = (i: number) => `${schema}_${i}`;
  const processes: { roles: string; child: ChildProcess }[] = [];
  const stop = async () => {
    for (const { child } of processes) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await admin.end().catch(() => {});
  };
  // Shared by the processes: the projector reads the personal fields the API encrypted.
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PERSONAL_DATA_KEY: randomBytes(32).toString('hex'),
  };
  const serverScript = fromSource
    ? ['--conditions=source', '--import', '@swc-node/register/esm-register', benchServerSource]
    : [compiledBenchServer()];
  try {
    for (const [i, roles] of options.processes.entries()) {
      const child = spawn(
        process.execPath,
        [
          ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
          ...nodeFlags(),
          ...serverScript,
        ],
        {
          cwd: repoRoot,
          stdio: ['ignore', 'pipe', 'inherit'],
          env: {
            ...process.env,
            SWC_NODE_PROJECT: 'tsconfig.base.json',
            NODE_ENV: 'production',
            PAYMENT_PROVIDER: 'sandbox',
            ...secrets,
            DATABASE_URL: withApplicationName(url, applicationName(i)),
            DATABASE_SCHEMA: schema,
            PORT: String(port),
            PROCESS_ROLES: roles,
            LOG_LEVEL: 'info', // as in production: one log line per request
            RATE_LIMIT_MULTIPLIER: '1000',
            SPA_DIST: '/nonexistent',
          },
        },
      );
      processes.push({ roles, child });
      if (options.logDir)
        child.stdout!.pipe(createWriteStream(`${options.logDir}/${applicationName(i)}.log`));
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        child.on('exit', (code) => reject(new Error(`bench server (${roles}) exited with ${code}`)));
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, processes, applicationName, stop };
}

const benchServerSource = 'test/src/bench/bench-server.ts';
const fromSource = Boolean(process.env['BENCH_FROM_SOURCE']);

/**
 * bench-server.ts (and cpu-profile.ts and crud-drafts.migration.ts, which it imports) compiled to plain JavaScript, in
 * test/dist: the servers then run as production's does, without the TypeScript loader, whose
 * native compiler alone adds some 130 MB to a process's RSS (which the memory row would have counted).
 */
function compiledBenchServer(): string {
  for (const source of [
    benchServerSource,
    'test/src/bench/cpu-profile.ts',
    'test/src/bench/crud-drafts.migration.ts',
  ]) {
    const { code } = transformFileSync(join(repoRoot, source), {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'es6' },
    });
    const out = join(repoRoot, 'test/dist', basename(source).replace(/\.ts$/, '.js'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, code);
  }
  return join(repoRoot, 'test/dist/bench-server.js');
}

/** Visitors reading their own writes while the 64 connections autosave (4 more connections). */
const READ_YOUR_WRITES_VISITORS = 4;

/** The flags production starts Node with (scripts/node-flags.mjs), unless BENCH_NODE_FLAGS says otherwise. */
function nodeFlags(): string[] {
  const given = process.env['BENCH_NODE_FLAGS'];
  if (given !== undefined) return given.split(' ').filter(Boolean);
  return [...SERVER_NODE_FLAGS];
}

/** A new order, as the landing page makes it. Retried: a shared database server may refuse a connection for a moment. */
export async function newOrder(base: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}/api/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (response.status === 201) return ((await response.json()) as { orderId: string }).orderId;
    if (attempt === 20) throw new Error(`create-order answered ${response.status}: ${await response.text()}`);
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
}

/** What the wizard posts: the whole form so far; `n` changes the company name, so every save appends an event. */
export const wizardForm = (n: number) =>
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

export const noopPath = () => '/api/bench/noop';
export const autosavePath = (orderId: string) => `/api/orders/${orderId}/progress`;
/** The same save into a plain table (bench-server.ts): the CRUD route the autosave is measured against. */
export const crudPath = (orderId: string) => `/api/bench/crud/${orderId}/progress`;

/**
 * Latencies of a load, ms, by where the request stood on its connection. Each round's autocannon
 * opens its 64 connections at once on a server that is still busy: a connection waits in the
 * listen backlog until the server's event loop accepts it, and its first request bears that wait.
 */
export interface LatencySplit {
  /** A connection's first request: its wait to be accepted included. */
  readonly opening: number[];
  /** Every later request, on a connection already open (what a visitor mid-wizard feels). */
  readonly established: number[];
}

export type LoadResult = autocannon.Result & { readonly split: LatencySplit };

/** `CONNECTIONS` connections for `seconds`; each is one visitor's wizard, posting to its own order, one request at a time. */
export function postLoad(
  base: string,
  orders: readonly string[],
  path: (orderId: string) => string,
  seconds: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let visitors = 0;
    const split: LatencySplit = { opening: [], established: [] };
    const answered = new WeakSet<object>();
    const load = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        setupClient: (client) => {
          const orderId = orders[visitors++ % orders.length]!;
          client.setRequests([
            {
              method: 'POST',
              path: path(orderId),
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => ({ ...request, body: wizardForm(n++) }),
            },
          ]);
        },
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, split })),
    );
    load.on('response', (client: object, _status: number, _bytes: number, ms: number) => {
      if (answered.has(client)) split.established.push(ms);
      else {
        answered.add(client);
        split.opening.push(ms);
      }
    });
  });
}

interface CpuSpent {
  /** ms of CPU, per process, of the Node process and of its Postgres backends. */
  node: number[];
  postgres: number[];
  /** ms of CPU of this process: the load generator (and the servers' log lines it reads). */
  generator: number;
  /** ms of the whole machine's CPU, busy and in all (the cores' time), every process included. */
  machineBusy: number;
  machineTotal: number;
  requests: number;
}

/** A route's load over the rounds: `rate` their mean, `p99` their worst, `split` their latencies, each list sorted. */
interface LoadTotals {
  rate: number;
  p99: number;
  errors: number;
  cpu: CpuSpent;
  split: LatencySplit;
}

export interface AutosaveResult {
  readonly topology: string;
  readonly roles: readonly string[];
  readonly noop: { rate: number; p99: number; cpu: CpuSpent };
  /** Its `split` is the baseline of the autosave's latency by connection. */
  readonly crud: LoadTotals;
  readonly save: LoadTotals;
  /** The API process (the first one) at the end of the autosave load, in MB. */
  readonly apiMemory: { rss: number; peak: number; heapUsed: number };
  /** Read-your-writes read latencies under the autosave load, ms, sorted. */
  readonly lags: number[];
  /** The same read without X-Min-Position, right after each of those, ms, sorted. */
  readonly plainReads: number[];
  /** The same routes at a realistic load: an open loop at half the CRUD route's saturated rate. */
  readonly realistic: RealisticLoad;
}

/** Latencies in ms from each request's scheduled time, sorted; errors and dropped arrivals counted. */
interface OpenLoopTotals {
  latencies: number[];
  scheduled: number;
  errors: number;
  dropped: number;
  peakInFlight: number;
}

export interface RealisticLoad {
  /** Arrivals per second: half the CRUD route's closed-loop rate of the same run. */
  readonly rate: number;
  readonly visitors: number;
  readonly crud: OpenLoopTotals;
  readonly save: OpenLoopTotals;
  /** Read-your-writes reads (a save, then the read naming its position) while the saves arrive at `rate`, ms, sorted. */
  readonly lags: number[];
  readonly plainReads: number[];
  /** Arrivals that found every visitor still waiting for an answer. */
  readonly overlapping: number;
}

/** Visitors of the open loop: more than are ever in flight at half the saturated rate. */
const OPEN_LOOP_VISITORS = 256;
/** Read-your-writes probes a second during the realistic load (each a save, a waiting read, a plain read). */
const PROBES_PER_SECOND = 20;

/** How many interleaved rounds of the no-op and the autosave each layout runs. */
const ROUNDS = 3;

/**
 * The no-op ceiling, the CRUD baseline and the autosave in interleaved rounds (drift on the machine weighs on both
 * alike), then read-your-writes reads under the autosave load.
 */
export async function benchAutosave(
  url: string,
  schema: string,
  topology: string,
  roles: readonly string[],
  seconds: number,
): Promise<AutosaveResult> {
  const servers = await startBenchServers({
    url,
    schema,
    processes: roles,
    cpuProfileDir: process.env['BENCH_CPU_PROF'],
    logDir: process.env['BENCH_SERVER_LOG'],
  });
  const { base } = servers;
  // Its own connection, taken before the load: on a busy server, a pool might find none free.
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  try {
    const orders = await Promise.all(Array.from({ length: CONNECTIONS }, () => newOrder(base)));
    const cpuNow = async () => ({
      node: servers.processes.map(({ child }) => processCpuMs(child.pid!)),
      postgres: await Promise.all(roles.map((_, i) => backendsCpuMs(monitor, servers.applicationName(i)))),
      generator: processCpuMs(process.pid),
      machine: machineCpuMs(),
    });
    const costOf = async (run: () => Promise<LoadResult>, into: CpuSpent) => {
      const before = await cpuNow();
      const result = await run();
      const after = await cpuNow();
      after.node.forEach((ms, i) => (into.node[i]! += ms - before.node[i]!));
      after.postgres.forEach((ms, i) => (into.postgres[i]! += ms - before.postgres[i]!));
      into.generator += after.generator - before.generator;
      const machine = machineCpuBetween(before.machine, after.machine);
      into.machineBusy += machine.busy;
      into.machineTotal += machine.total;
      into.requests += result.requests.total;
      return result;
    };
    const noCpu = (): CpuSpent => ({
      node: roles.map(() => 0),
      postgres: roles.map(() => 0),
      generator: 0,
      machineBusy: 0,
      machineTotal: 0,
      requests: 0,
    });

    await postLoad(base, orders, noopPath, seconds); // warm-up
    await postLoad(base, orders, crudPath, seconds); // warm-up
    const noop = { rate: 0, p99: 0, cpu: noCpu() };
    const totals = (): LoadTotals => ({
      rate: 0,
      p99: 0,
      errors: 0,
      cpu: noCpu(),
      split: { opening: [], established: [] },
    });
    const addRound = (into: LoadTotals, round: LoadResult) => {
      into.rate += round.requests.average / ROUNDS;
      into.p99 = Math.max(into.p99, round.latency.p99);
      into.errors += round.non2xx + round.errors;
      into.split.opening.push(...round.split.opening);
      into.split.established.push(...round.split.established);
    };
    const crud = totals();
    const save = totals();
    for (let round = 0; round < ROUNDS; round++) {
      const ceiling = await costOf(() => postLoad(base, orders, noopPath, seconds), noop.cpu);
      noop.rate += ceiling.requests.average / ROUNDS;
      noop.p99 = Math.max(noop.p99, ceiling.latency.p99);
      addRound(crud, await costOf(() => postLoad(base, orders, crudPath, seconds), crud.cpu));
      const saved = await costOf(() => postLoad(base, orders, autosavePath, seconds), save.cpu);
      addRound(save, saved);
      if (saved.non2xx + saved.errors > 0)
        console.warn(`autosave errors, ${topology}:`, JSON.stringify(saved.statusCodeStats), saved.errors);
    }
    for (const { split } of [save, crud]) {
      split.opening.sort((a, b) => a - b);
      split.established.sort((a, b) => a - b);
    }
    const api = servers.processes[0]!.child.pid!;
    const heap = (await (await fetch(`${base}/api/bench/memory`)).json()) as NodeJS.MemoryUsage;
    const apiMemory = { ...processMemoryMb(api), heapUsed: heap.heapUsed / 1_048_576 };

    // Read-your-writes under the same load: a save, then a read that names its position, by a few
    // visitors at once for as long as the rounds took, so that the p99 stands on a few hundred reads.
    const lags: number[] = [];
    const plainReads: number[] = [];
    const probing = ROUNDS * seconds;
    const background = postLoad(base, orders, autosavePath, probing);
    const deadline = Date.now() + (probing - 1) * 1_000;
    const probe = async (visitor: number) => {
      const sampleOrder = await newOrder(base);
      for (let i = 0; Date.now() < deadline; i++) {
        const saved = await fetch(`${base}${autosavePath(sampleOrder)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: wizardForm(1_000_000 * (visitor + 1) + i),
        });
        const position = ((await saved.json()) as { position: number }).position;
        const started = performance.now();
        await fetch(`${base}/api/orders/${sampleOrder}`, {
          headers: { 'x-min-position': String(position) },
        }).then((r) => r.arrayBuffer());
        lags.push(performance.now() - started);
        // The same read that waits for nothing: what any read costs under this load.
        const plainStarted = performance.now();
        await fetch(`${base}/api/orders/${sampleOrder}`).then((r) => r.arrayBuffer());
        plainReads.push(performance.now() - plainStarted);
      }
    };
    await Promise.all(Array.from({ length: READ_YOUR_WRITES_VISITORS }, (_, visitor) => probe(visitor)));
    plainReads.sort((a, b) => a - b);
    await background;
    lags.sort((a, b) => a - b);
    const realistic = await realisticLoad(base, crud.rate / 2, seconds);
    return { topology, roles, noop, crud, save, apiMemory, lags, plainReads, realistic };
  } finally {
    await monitor.end().catch(() => {});
    await servers.stop();
  }
}

/**
 * The CRUD route and the autosave at `rate` arrivals a second (open loop, interleaved rounds), then
 * read-your-writes probes while the saves keep arriving at that rate.
 */
async function realisticLoad(base: string, rate: number, seconds: number): Promise<RealisticLoad> {
  const agent = openLoopAgent();
  const visitors = await Promise.all(Array.from({ length: OPEN_LOOP_VISITORS }, () => newOrder(base)));
  const pool = visitorPool(visitors);
  let n = 0;
  const arrivals = (path: (orderId: string) => string) => (_: number) => {
    const { visitor, release } = pool.take();
    return { request: { method: 'POST' as const, path: path(visitor), body: wizardForm(n++) }, release };
  };
  const empty = (): OpenLoopTotals => ({
    latencies: [],
    scheduled: 0,
    errors: 0,
    dropped: 0,
    peakInFlight: 0,
  });
  const add = (into: OpenLoopTotals, r: Awaited<ReturnType<typeof openLoop>>) => {
    into.latencies.push(...r.latencies);
    into.scheduled += r.scheduled;
    into.errors += r.errors;
    into.dropped += r.dropped;
    into.peakInFlight = Math.max(into.peakInFlight, r.peakInFlight);
  };
  const crud = empty();
  const save = empty();
  for (let round = 0; round < ROUNDS; round++) {
    add(crud, await openLoop({ base, rate, seconds, next: arrivals(crudPath) }, agent));
    add(save, await openLoop({ base, rate, seconds, next: arrivals(autosavePath) }, agent));
  }
  crud.latencies.sort((a, b) => a - b);
  save.latencies.sort((a, b) => a - b);

  const probeOrders = await Promise.all(Array.from({ length: 64 }, () => newOrder(base)));
  const probes = visitorPool(probeOrders);
  const lags: number[] = [];
  const plainReads: number[] = [];
  const probing = ROUNDS * seconds;
  const background = openLoop({ base, rate, seconds: probing, next: arrivals(autosavePath) }, agent);
  await atRate(PROBES_PER_SECOND, probing - 1, async (i) => {
    const { visitor, release } = probes.take();
    try {
      const saved = await send(agent, base, {
        method: 'POST',
        path: autosavePath(visitor),
        body: wizardForm(10_000_000 + i),
      });
      if (saved.status !== 200 && saved.status !== 201) return;
      const position = String((JSON.parse(saved.body) as { position: number }).position);
      const started = performance.now();
      await send(agent, base, {
        method: 'GET',
        path: `/api/orders/${visitor}`,
        headers: { 'x-min-position': position },
      });
      lags.push(performance.now() - started);
      const plainStarted = performance.now();
      await send(agent, base, { method: 'GET', path: `/api/orders/${visitor}` });
      plainReads.push(performance.now() - plainStarted);
    } finally {
      release();
    }
  });
  await background;
  agent.destroy();
  lags.sort((a, b) => a - b);
  plainReads.sort((a, b) => a - b);
  return { rate, visitors: OPEN_LOOP_VISITORS, crud, save, lags, plainReads, overlapping: pool.overlapping };
}

/** µs of the whole machine's CPU per request: every process, the load generator included. */
const machinePerRequest = (cpu: CpuSpent) => (cpu.machineBusy * 1_000) / cpu.requests;
/** The same without the load generator (this process): what the servers, Postgres and the rest spent. */
const serverPerRequest = (cpu: CpuSpent) => ((cpu.machineBusy - cpu.generator) * 1_000) / cpu.requests;
/** How busy the machine's cores were over the load (1 = all of them, all the time). */
const busyShare = (cpu: CpuSpent) => cpu.machineBusy / cpu.machineTotal;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The open-loop rows: what a visitor feels at the load the agency actually has. */
function realisticRows(r: AutosaveResult) {
  const { realistic: o } = r;
  const p99 = (sorted: readonly number[]) => percentile(sorted, 0.99);
  const lost = (t: OpenLoopTotals) =>
    t.errors + t.dropped ? ` (${t.errors} errors, ${t.dropped} dropped of ${fmt(t.scheduled)})` : '';
  return [
    {
      measure: `autosave latency at a realistic load: open loop, ${fmt(o.rate)} arrivals/s = half the CRUD route's saturated rate, ${o.visitors} visitors, ${r.topology}`,
      result: `p99 ${p99(o.save.latencies).toFixed(1)} ms, p50 ${percentile(o.save.latencies, 0.5).toFixed(1)} ms${lost(o.save)}`,
      baseline: `CRUD route at the same rate: p99 ${p99(o.crud.latencies).toFixed(1)} ms, p50 ${percentile(o.crud.latencies, 0.5).toFixed(1)} ms${lost(o.crud)}`,
      ratio: `${(p99(o.save.latencies) / Math.max(0.1, p99(o.crud.latencies))).toFixed(2)}×; ${fmt(o.save.latencies.length)} saves from their scheduled time, at most ${o.save.peakInFlight} in flight${o.overlapping ? `, ${o.overlapping} arrivals found every visitor waiting` : ''}`,
      target: "p99 ≤ 25 ms and ≤ 1.5× the CRUD route's",
    },
    {
      measure: `read-your-writes at that load (${PROBES_PER_SECOND} probes/s), ${r.topology}`,
      result: `p99 ${p99(o.lags).toFixed(1)} ms, p50 ${percentile(o.lags, 0.5).toFixed(1)} ms`,
      baseline: `same read not waiting: p99 ${p99(o.plainReads).toFixed(1)} ms, p50 ${percentile(o.plainReads, 0.5).toFixed(1)} ms`,
      ratio: `${(p99(o.lags) / Math.max(0.1, p99(o.plainReads))).toFixed(2)}×; ${o.lags.length} reads`,
      target: 'p99 ≤ 50 ms',
    },
  ];
}

export function autosaveRows(r: AutosaveResult) {
  const perRequest = (cpu: CpuSpent) =>
    r.roles
      .map(
        (roles, i) =>
          `${roles} ${fmt((cpu.node[i]! * 1_000) / cpu.requests)} + pg ${fmt((cpu.postgres[i]! * 1_000) / cpu.requests)}`,
      )
      .join('; ');
  return [
    {
      measure: `no-op POST, ${r.topology}`,
      result: `${fmt(r.noop.rate)} req/s`,
      baseline: '',
      ratio: `p99 ${r.noop.p99} ms`,
      target: '',
    },
    {
      measure: `CRUD upsert of the same save, ${r.topology}`,
      result: `${fmt(r.crud.rate)} req/s${r.crud.errors ? ` (${r.crud.errors} errors)` : ''}`,
      baseline: `no-op ${fmt(r.noop.rate)} req/s`,
      ratio: `${pct(r.crud.rate / r.noop.rate)} of the no-op, p99 ${r.crud.p99} ms`,
      target: '',
    },
    {
      measure: `autosave POST /progress, ${r.topology}`,
      result: `${fmt(r.save.rate)} req/s${r.save.errors ? ` (${r.save.errors} errors)` : ''}`,
      baseline: `CRUD ${fmt(r.crud.rate)} req/s`,
      ratio: `${pct(r.save.rate / r.crud.rate)} of the CRUD route (${pct(r.save.rate / r.noop.rate)} of the no-op), p99 ${r.save.p99} ms`,
      target: '≥ 80% of the CRUD route',
    },
    {
      measure: `autosave latency by connection, ${r.topology}`,
      result: `established: p99 ${percentile(r.save.split.established, 0.99).toFixed(0)} ms`,
      baseline: `the CRUD route's, established: p99 ${percentile(r.crud.split.established, 0.99).toFixed(0)} ms; first request of each new connection: p50 ${percentile(r.save.split.opening, 0.5).toFixed(0)}, max ${percentile(r.save.split.opening, 1).toFixed(0)} ms`,
      ratio: `${(percentile(r.save.split.established, 0.99) / percentile(r.crud.split.established, 0.99)).toFixed(2)}× the CRUD route's; ${fmt(r.save.split.established.length)} + ${r.save.split.opening.length} requests, ${ROUNDS} rounds`,
      target: "at saturation, p99 ≤ 1.2× the CRUD route's",
    },
    {
      measure: `CPU µs per request (process + its pg backends), ${r.topology}`,
      result: `autosave: ${perRequest(r.save.cpu)}`,
      baseline: `no-op: ${perRequest(r.noop.cpu)}`,
      ratio: '',
      target: '',
    },
    {
      // However the work were spread over processes, the machine's cores cannot serve more
      // autosaves a second than their time divided by what one costs the whole machine.
      measure: `whole machine's CPU µs per request, ${r.topology}`,
      result: `autosave ${fmt(machinePerRequest(r.save.cpu))} (without the load generator ${fmt(serverPerRequest(r.save.cpu))}), cores ${pct(busyShare(r.save.cpu))} busy`,
      baseline: `no-op ${fmt(machinePerRequest(r.noop.cpu))} (${fmt(serverPerRequest(r.noop.cpu))}), cores ${pct(busyShare(r.noop.cpu))} busy`,
      ratio: `${(machinePerRequest(r.save.cpu) / machinePerRequest(r.crud.cpu)).toFixed(2)}× the CRUD route's ${fmt(machinePerRequest(r.crud.cpu))}; at that cost ${CORES} cores serve at most ${fmt(atMostPerSecond(machinePerRequest(r.save.cpu)))} autosaves/s = ${pct(atMostPerSecond(machinePerRequest(r.save.cpu)) / r.noop.rate)} of the no-op (${pct(atMostPerSecond(serverPerRequest(r.save.cpu)) / r.noop.rate)} with the load generator elsewhere)`,
      target: `≤ 1.3× the CRUD route's (80% of its rate needs ≤ ${fmt(budgetMicroseconds(0.8 * r.crud.rate))} µs)`,
    },
    {
      measure: `read-your-writes read under that load, ${r.topology}`,
      result: `p99 ${percentile(r.lags, 0.99).toFixed(0)} ms`,
      baseline: `same read not waiting: p99 ${percentile(r.plainReads, 0.99).toFixed(0)} ms`,
      ratio: `${(percentile(r.lags, 0.99) / Math.max(1, percentile(r.plainReads, 0.99))).toFixed(2)}×; ${r.lags.length} saves, p50 ${percentile(r.lags, 0.5).toFixed(0)} ms vs ${percentile(r.plainReads, 0.5).toFixed(0)} ms`,
      target: 'at saturation, ≤ 1.3× the plain read',
    },
    ...realisticRows(r),
    {
      measure: `API process memory under the autosave load, ${r.topology}`,
      result: `${fmt(r.apiMemory.rss)} MB RSS`,
      baseline: `heap used ${fmt(r.apiMemory.heapUsed)} MB`,
      ratio: `peak ${fmt(r.apiMemory.peak)} MB`,
      target: '≤ 300 MB',
    },
  ];
}
