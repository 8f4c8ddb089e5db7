// What every fault spec checks after its fault: the log whole (every acknowledged command in it,
// no stream with a hole or a broken hash chain), and the read models equal to a fresh fold of the
// log (the product's own rebuild, run after the live projector has caught up).
import { type ChildProcess, spawn } from 'node:child_process';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { allProjectors } from '@coseso/projections/all-projectors';
import pg from 'pg';
import { getMetadataArgsStorage } from 'typeorm';
import { repoRoot } from '../support/app-server.js';
import { type CosesoProcess, type Instance, startCoseso } from './coseso-process.js';
import { type FaultServers, databaseUrlOf, redisUrlOf, say } from './fault-servers.js';
import { waitFor } from './fault-waits.js';

export { waitFor };

/** A load client's pause before it tries again when the API is away: pacing, so that it does not spin; no spec waits on it. */
const backOff = () => new Promise((resolve) => setTimeout(resolve, 50));

export const q = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

/** A pool on the fault cluster, for the spec's own reads; it survives a restart of the server. */
export function faultPool(servers: FaultServers): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrlOf(servers), max: 3 });
  pool.on('error', () => {}); // an idle connection cut by a restart: the next query opens another
  return pool;
}

/** One of the operator CLIs (scripts/dist) started on the instance, as an operator would; `done` when it ends. */
export function startCli(
  servers: FaultServers,
  instance: Instance,
  script: string,
  args: string[] = [],
  input?: string,
): { readonly child: ChildProcess; readonly done: Promise<{ code: number; output: string }> } {
  const child = spawn(process.execPath, [`scripts/dist/${script}.js`, ...args], {
    cwd: repoRoot,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrlOf(servers),
      DATABASE_SCHEMA: instance.schema,
      REDIS_URL: redisUrlOf(servers),
      SESSION_SECRET: instance.sessionSecret,
      PERSONAL_DATA_KEY: instance.personalDataKey,
      LOG_LEVEL: 'warn',
    },
  });
  if (input !== undefined) child.stdin!.end(input);
  const done = new Promise<{ code: number; output: string }>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
  return { child, done };
}

/** Runs one of the operator CLIs (scripts/dist) on the instance to its end. */
export const runCli = (
  servers: FaultServers,
  instance: Instance,
  script: string,
  args: string[] = [],
  input?: string,
) => startCli(servers, instance, script, args, input).done;

/** The fields of the answers the load reads. */
interface Answer {
  orderId?: string;
  position?: number | null;
  message?: string;
  code?: string;
}

/** An HTTP command that got a 2xx: its events are in the log, at this position, on this order's stream. */
export interface Acknowledged {
  readonly orderId: string;
  readonly position: number;
}

export interface LoadResult {
  readonly acknowledged: Acknowledged[];
  /** Answers by status ('network' when none came), to say what the clients saw. */
  readonly statuses: Map<string, number>;
  /** Every non-2xx answer's body, by status. */
  readonly refusals: { status: number; body: Answer; ms: number }[];
  /** The slowest answer or failure, in ms. */
  slowestMs: number;
}

export interface Load {
  readonly result: LoadResult;
  /** Stops the clients and waits for the requests under way. */
  stop(): Promise<LoadResult>;
}

/**
 * Wizard clients in a loop, `concurrency` at a time: each makes a draft, then autosaves it, each
 * save changing the company name (so that each appends an event). A request gets `timeoutMs`: a
 * hang is a failure the specs look for, not something to wait out.
 */
export function startLoad(
  baseUrl: () => string,
  { concurrency = 16, timeoutMs = 15_000, savesPerDraft = 5 } = {},
): Load {
  const result: LoadResult = { acknowledged: [], statuses: new Map(), refusals: [], slowestMs: 0 };
  let stopping = false;
  const count = (key: string) => result.statuses.set(key, (result.statuses.get(key) ?? 0) + 1);
  const send = async (path: string, body: unknown): Promise<{ status: number; body: Answer } | null> => {
    const started = Date.now();
    try {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = {
        status: response.status,
        body: ((await response.json().catch(() => null)) ?? {}) as Answer,
      };
      count(String(answer.status));
      if (answer.status >= 300) result.refusals.push({ ...answer, ms: Date.now() - started });
      return answer;
    } catch (error) {
      count((error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
      return null;
    } finally {
      result.slowestMs = Math.max(result.slowestMs, Date.now() - started);
    }
  };
  const client = async (n: number) => {
    while (!stopping) {
      const created = await send('/api/create-order', {});
      if (!created || created.status >= 300) {
        await backOff(); // the API is away: do not spin
        continue;
      }
      const orderId = created.body.orderId!;
      result.acknowledged.push({ orderId, position: created.body.position! });
      for (let save = 1; save <= savesPerDraft && !stopping; save++) {
        const saved = await send(`/api/orders/${orderId}/progress`, {
          currentStep: 1,
          companyName: `Atelier ${n}-${save}-${Math.random().toString(36).slice(2, 8)}`,
        });
        if (saved && saved.status < 300 && typeof saved.body.position === 'number')
          result.acknowledged.push({ orderId, position: saved.body.position });
        if (!saved || saved.status >= 300) await backOff();
      }
    }
  };
  const clients = Array.from({ length: concurrency }, (_, n) => client(n));
  return {
    result,
    async stop() {
      stopping = true;
      await Promise.all(clients);
      return result;
    },
  };
}

export const describeStatuses = (result: LoadResult) =>
  [...result.statuses.entries()].map(([status, n]) => `${status}: ${n}`).join(', ');

/** The acknowledged commands whose event is not in the log where its answer said. */
export async function missingAcknowledged(
  pool: pg.Pool,
  schema: string,
  acknowledged: readonly Acknowledged[],
): Promise<Acknowledged[]> {
  const { rows } = await pool.query<{ position: string; stream_id: string }>(
    `select global_position::text as position, stream_id from ${q(schema)}.events where global_position = any($1::bigint[])`,
    [acknowledged.map((a) => a.position)],
  );
  const found = new Map(rows.map((row) => [Number(row.position), row.stream_id]));
  return acknowledged.filter((a) => found.get(a.position) !== orderStreamId(a.orderId));
}

/**
 * What would show a half-written append: a stream whose revisions are not 0…n-1, a stream head
 * (`streams`) that disagrees with its events, an event without its hash. The hash chains
 * themselves are checked by `verify-log`.
 */
export async function logDefects(pool: pg.Pool, schema: string): Promise<string[]> {
  const s = q(schema);
  const { rows } = await pool.query<{ defect: string }>(
    `select 'stream ' || stream_id || ': ' || count(*) || ' events, revisions ' || min(stream_revision) || '…' || max(stream_revision) as defect
       from ${s}.events group by stream_id having min(stream_revision) <> 0 or max(stream_revision) <> count(*) - 1
     union all
     select 'stream head ' || h.stream_id || ' at ' || h.revision || ', its events end at ' || coalesce(max(e.stream_revision)::text, 'none')
       from ${s}.streams h left join ${s}.events e using (stream_id) group by h.stream_id, h.revision
       having h.revision is distinct from max(e.stream_revision)
     union all
     select 'event ' || global_position || ' has no hash' from ${s}.events where hash is null`,
  );
  return rows.map((row) => row.defect);
}

export async function eventCount(pool: pg.Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`select count(*) as n from ${q(schema)}.events`);
  return Number(rows[0]!.n);
}

/** How many events the projector furthest behind has still to apply (the log's events after its checkpoint, in reading order). */
export async function projectionLag(pool: pg.Pool, schema: string): Promise<number> {
  const s = q(schema);
  const { rows } = await pool.query<{ lag: string; failed: number }>(
    `select coalesce(max((select count(*) from ${s}.events e where c.checkpoint is null
              or (e.transaction_id, e.global_position) > (split_part(c.checkpoint, ':', 1)::xid8, split_part(c.checkpoint, ':', 2)::bigint))), 0) as lag,
            count(*) filter (where c.status = 'failed')::int as failed
       from ${s}.projection_checkpoints c`,
  );
  if (rows[0]!.failed > 0) throw new Error('a projector stopped on a failed event');
  return Number(rows[0]!.lag);
}

/** The reactors' checkpoint, and how many events of the log come after it (every event, when none is saved yet). */
export async function reactorLag(
  pool: pg.Pool,
  schema: string,
): Promise<{ checkpoint: string | null; lag: number }> {
  const s = q(schema);
  const { rows } = await pool.query<{ checkpoint: string | null; lag: string }>(
    `select c.checkpoint, (select count(*) from ${s}.events e where c.checkpoint is null
              or (e.transaction_id, e.global_position) > (split_part(c.checkpoint, ':', 1)::xid8, split_part(c.checkpoint, ':', 2)::bigint)) as lag
       from (select (select checkpoint from ${s}.reactor_checkpoints where name = 'all') as checkpoint) c`,
  );
  return { checkpoint: rows[0]!.checkpoint, lag: Number(rows[0]!.lag) };
}

/** Waits until every projector has applied every event of the log (or says how far it got). */
export async function waitCaughtUp(pool: pg.Pool, schema: string, timeoutMs = 120_000): Promise<void> {
  let lag = Infinity;
  let stopped: Error | null = null; // a projector stopped on a failed event: no use waiting
  try {
    await waitFor(
      'the projectors caught up',
      async () => {
        lag = await projectionLag(pool, schema).catch((error: Error) => {
          if (/failed event/.test(error.message)) stopped = error;
          return Infinity; // the database is coming back
        });
        return lag === 0 || stopped !== null;
      },
      timeoutMs,
      200,
    );
  } catch (error) {
    throw new Error(
      `the projectors did not catch up: ${lag} events behind after ${timeoutMs} ms; ` +
        `their checkpoints: ${JSON.stringify(await checkpointsOf(pool, schema).catch(String))}; ` +
        // A transaction left open anywhere on the server holds every reader of the log back (decision 10).
        `transactions open on the server: ${JSON.stringify(await openTransactions(pool).catch(String))}`,
      { cause: error },
    );
  }
  const failed = stopped as Error | null; // set by the poll above, which the compiler does not follow
  if (failed) throw failed;
}

/**
 * Stops the processes that may append (a worker's reactors may still append while it stops), then
 * lets a projector alone apply whatever they appended last, so that the read models stand at the end
 * of the log before they are compared with it. Waiting for the live projectors first, then stopping
 * the worker, left a window for one last event the read models would not show.
 */
export async function settle(
  servers: FaultServers,
  instance: Instance & { readonly processes: Set<CosesoProcess> },
  pool: pg.Pool,
  appenders: readonly CosesoProcess[],
): Promise<void> {
  for (const process of appenders) {
    await process.stop();
    instance.processes.delete(process);
  }
  const projector = await startCoseso(servers, instance, 'projector', ['projector']);
  try {
    await waitCaughtUp(pool, instance.schema);
  } finally {
    await projector.stop();
  }
}

async function checkpointsOf(pool: pg.Pool, schema: string) {
  const { rows } = await pool.query(
    `select name, checkpoint, status, updated_at from ${q(schema)}.projection_checkpoints order by name`,
  );
  return rows;
}

async function openTransactions(pool: pg.Pool) {
  const { rows } = await pool.query(
    `select pid, application_name, state, backend_xid::text, backend_xmin::text, xact_start, left(query, 200) as query
       from pg_stat_activity where (backend_xid is not null or state like 'idle in transaction%') and pid <> pg_backend_pid()`,
  );
  return rows;
}

const readModelTables = () => {
  const entities = new Set<unknown>(allProjectors.flatMap((p) => p.entities));
  return getMetadataArgsStorage()
    .tables.filter((table) => entities.has(table.target))
    .map((table) => table.name!)
    .sort();
};

/**
 * Each read model table's rows in a canonical order, digested: two equal digests, two equal tables.
 * A row is read as jsonb, whose text is canonical: a `json` column (the order state, decision 37)
 * keeps the text it was written with, so that two equal states written by two paths (the live
 * projector, the rebuild) would differ by their keys' order alone.
 */
export async function readModelDigest(pool: pg.Pool, schema: string): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of readModelTables()) {
    const { rows } = await pool.query<{ n: string; md5: string | null }>(
      `select count(*) as n, md5(string_agg(r.line, E'\\n' order by r.line)) as md5
       from (select to_jsonb(t)::text as line from ${q(schema)}.${q(table)} t) r`,
    );
    digest[table] = `${rows[0]!.n} rows, ${rows[0]!.md5 ?? 'empty'}`;
  }
  return digest;
}

/**
 * The read models as the live projector left them, then as the product's rebuild makes them from
 * the log alone (replayed into a shadow schema and swapped in): equal when nothing was lost or
 * applied twice. The projector processes must be stopped first.
 */
export async function liveAndRebuiltReadModels(
  servers: FaultServers,
  instance: Instance,
  pool: pg.Pool,
): Promise<{ live: Record<string, string>; rebuilt: Record<string, string> }> {
  const s = q(instance.schema);
  const live = await readModelDigest(pool, instance.schema);
  const liveLines = new Set(
    (
      await pool.query<{ line: string }>(
        `select order_id || ':' || revision as line from ${s}.order_timeline`,
      )
    ).rows.map((r) => r.line),
  );
  const checkpoints = await checkpointsOf(pool, instance.schema);
  const rebuild = await runCli(servers, instance, 'rebuild-projections');
  if (rebuild.code !== 0) throw new Error(`rebuild-projections failed: ${rebuild.output}`);
  say(`rebuilt every read model from the log (npm run rebuild-projections) to compare`);
  const rebuilt = await readModelDigest(pool, instance.schema);
  // When they differ, which events the live projectors never applied, and where they stood.
  const { rows: lines } = await pool.query<{ order_id: string; revision: number }>(
    `select order_id, revision from ${s}.order_timeline`,
  );
  const missing = lines.filter((r) => !liveLines.has(`${r.order_id}:${r.revision}`));
  if (missing.length > 0) {
    const { rows: events } = await pool.query(
      `select stream_id, stream_revision, type, transaction_id::text, global_position, recorded_at from ${s}.events
        where (stream_id, stream_revision) in (select m.s, m.r from unnest($1::text[], $2::int[]) as m(s, r))`,
      [missing.map((m) => orderStreamId(m.order_id)), missing.map((m) => m.revision)],
    );
    say(
      `events the live projectors never applied: ${JSON.stringify(events)}; their checkpoints: ${JSON.stringify(checkpoints)}`,
    );
  }
  return { live, rebuilt };
}

/** `npm run verify-log` on the instance: every hash chain recomputed. */
export async function verifyLog(servers: FaultServers, instance: Instance): Promise<string> {
  const { code, output } = await runCli(servers, instance, 'verify-log');
  if (code !== 0) throw new Error(`verify-log failed: ${output}`);
  return output.trim();
}

/**
 * How every fault spec ends, once its processes are stopped and the projectors caught up: each
 * acknowledged command in the log where its answer said, no stream with a hole, every hash chain
 * whole, and the read models equal to a rebuild of them from the log.
 */
export async function expectNothingLost(
  servers: FaultServers,
  instance: Instance,
  pool: pg.Pool,
  acknowledged: readonly Acknowledged[],
): Promise<void> {
  expect(await missingAcknowledged(pool, instance.schema, acknowledged)).toEqual([]);
  expect(await logDefects(pool, instance.schema)).toEqual([]);
  say(await verifyLog(servers, instance));
  const { live, rebuilt } = await liveAndRebuiltReadModels(servers, instance, pool);
  say(`read models: ${JSON.stringify(live)}`);
  expect(live).toEqual(rebuilt);
}
