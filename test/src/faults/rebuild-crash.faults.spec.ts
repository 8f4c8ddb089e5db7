import { allProjectors } from '@coseso/projections/all-projectors';
import { BENCH_PERSONAL_DATA_KEY, seedLog } from '../bench/seed-log.js';
import { type CosesoProcess, startCoseso } from './coseso-process.js';
import {
  describeStatuses,
  expectNothingLost,
  faultPool,
  q,
  runCli,
  startCli,
  startLoad,
  settle,
  waitCaughtUp,
  waitFor,
} from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { faultServers, say, startPostgres, stopPostgres } from './fault-servers.js';
import { untilAcknowledged, untilHealth, untilLogGrows } from './fault-waits.js';

const servers = faultServers();
const pool = faultPool(servers);
afterAll(() => pool.end());

type Instance = ReturnType<typeof faultInstance>;

/** The load of the running spec, stopped in its `finally` too: left running, it would keep Jest alive. */
let running: ReturnType<typeof startLoad> | null = null;
const loadOn = (url: () => string, concurrency: number) => (running = startLoad(url, { concurrency }));
afterEach(async () => {
  await running?.stop().catch(() => {});
  running = null;
});

/** The schemas a rebuild replays into (`<schema>__rebuild_<read model>`), left behind by one that died. */
const shadowSchemas = async (instance: Instance) =>
  (
    await pool.query<{ name: string }>(
      `select nspname as name from pg_namespace where starts_with(nspname, $1) order by 1`,
      [`${instance.schema}__rebuild_`],
    )
  ).rows.map((r) => r.name);

/** Timeline rows the rebuild has written into its shadow table so far (it is replaying when > 0). */
const replayedRows = async (instance: Instance) => {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from ${q(`${instance.schema}__rebuild_order_timeline`)}.order_timeline`,
  );
  return rows[0]!.n;
};

/** The load stopped, the read models settled: no answer was a 500, and nothing was lost. */
async function stopAndCheck(
  instance: Instance,
  background: CosesoProcess,
  load: ReturnType<typeof startLoad>,
) {
  const result = await load.stop();
  say(`load stopped: ${result.acknowledged.length} commands acknowledged (${describeStatuses(result)})`);
  await settle(servers, instance, pool, [background]);
  expect(result.statuses.get('500')).toBeUndefined();
  await expectNothingLost(servers, instance, pool, result.acknowledged);
}

/** A new order, and how long the live order views took to show it. */
async function liveProjectionDelay(instance: Instance, apiUrl: string) {
  const answer = await fetch(`${apiUrl}/api/create-order`, { method: 'POST' });
  const { orderId } = (await answer.json()) as { orderId: string };
  const { ms } = await waitFor(
    'the new order in the live order views',
    async () =>
      (await pool.query(`select 1 from ${q(instance.schema)}.order_summary where order_id = $1`, [orderId]))
        .rowCount === 1,
    10_000,
  );
  return ms;
}

// A rebuild replays into shadow schemas while the live read models keep serving; it swaps each in,
// with its checkpoint, in one transaction at the end. Dying before that must cost the live side
// nothing, and the next rebuild must start over cleanly from what was left.
it.each([
  ['its process killed (SIGKILL)', 'kill'],
  ['PostgreSQL stopped (immediate)', 'postgres'],
] as const)(
  'a rebuild of every read model cut in the middle of its replay, %s, under load: the live read models keep serving and following the log, and the next rebuild swaps in read models equal to the log',
  async (_, fault) => {
    const instance = faultInstance(`rebuild_${fault}`);
    try {
      const background = instance.track(
        await startCoseso(servers, instance, 'projector-worker', ['projector', 'worker']),
      );
      const api = instance.track(await startCoseso(servers, instance, 'api', ['api']));
      const load = loadOn(() => api.url, 16);
      // The rebuild starts once the load has grown the log by a thousand events, whatever the machine's speed.
      await untilLogGrows(pool, instance.schema, 1_000);

      // Batches of 20 events, while the load appends more: a replay far from over when it is cut.
      const rebuild = startCli(servers, instance, 'rebuild-projections', ['--batch-size', '20']);
      const { value: replayed } = await waitFor(
        'the rebuild replaying',
        async () => (await replayedRows(instance)) || null,
        60_000,
      );
      if (fault === 'kill') rebuild.child.kill('SIGKILL');
      else stopPostgres(servers, 'immediate');
      const cut = await rebuild.done;
      say(
        `the rebuild was cut after ${replayed}+ timeline rows replayed; it exited with ${cut.code}: ${JSON.stringify(cut.output.trim().slice(-3000))}`,
      );
      expect(cut.code).not.toBe(0);
      // Said in a line, not as a crash's dump (an unheard error, Node's version after it).
      if (fault === 'postgres') expect(cut.output).not.toMatch(/^\s+at |^Node\.js v/m);
      if (fault === 'postgres') {
        startPostgres(servers);
        const { ms } = await waitFor(
          'the API answering again',
          async () => (await fetch(`${api.url}/api/create-order`, { method: 'POST' })).status === 201,
          60_000,
        );
        say(`the API answered a new order ${ms} ms after PostgreSQL was back`);
      }

      // What it leaves: its shadow schemas, nothing else; the live side goes on as if it had not run.
      expect(await shadowSchemas(instance)).toEqual(
        allProjectors.map((p) => `${instance.schema}__rebuild_${p.name.replace(/\W/g, '_')}`).sort(),
      );
      // After a restart of PostgreSQL, the live projectors first reconnect (within 10 s, or this fails).
      if (fault === 'postgres') await liveProjectionDelay(instance, api.url);
      const delay = await liveProjectionDelay(instance, api.url);
      say(`a new order reached the live order views ${delay} ms after it was made`);
      expect(delay).toBeLessThan(2_500);

      // The next rebuild, under the same load, starts over from the log and swaps in.
      const again = await runCli(servers, instance, 'rebuild-projections');
      say(`rebuilt again: ${again.output.trim().split('\n').at(-1)}`);
      expect(again.code).toBe(0);
      expect(await shadowSchemas(instance)).toEqual([]);
      // The live projectors go on from the checkpoints the rebuild swapped in.
      expect(await liveProjectionDelay(instance, api.url)).toBeLessThan(2_500);

      // The load served again after the swap before it stops: commands acknowledged from now on.
      await untilAcknowledged(load, 50);
      await stopAndCheck(instance, background, load);
    } finally {
      await instance.close(faultPool(servers));
    }
  },
);

/** The last rebuild the API process knows of (GET /api/admin/operations/rebuilds/current). */
interface RebuildState {
  readonly status: 'running' | 'done' | 'failed';
  readonly processed: number;
  readonly total: number;
  readonly error: string | null;
}

/** Events in the seeded log: the page's rebuild reads 5,000 at a time, and must still be caught in the middle. */
const SEEDED_EVENTS = 100_000;

it("a rebuild started from the operators' page, PostgreSQL stopped (immediate) in the middle of its replay, under load: the API process lives on and says the rebuild failed, and the next one swaps in read models equal to the log", async () => {
  // The seeded log's personal fields are sealed under the bench's key.
  const instance = faultInstance('rebuild_page', { personalDataKey: BENCH_PERSONAL_DATA_KEY });
  try {
    const background = instance.track(
      await startCoseso(servers, instance, 'projector-worker', ['projector', 'worker']),
    );
    const api = instance.track(await startCoseso(servers, instance, 'api', ['api']));
    const seeded = await seedLog(pool, instance.schema, SEEDED_EVENTS);
    say(`seeded ${seeded.events} events of ${seeded.orders} orders`);
    // An append wakes the live projectors (COPY notifies no one); they catch up with the seeded log.
    await fetch(`${api.url}/api/create-order`, { method: 'POST' });
    await waitCaughtUp(pool, instance.schema, 300_000);

    const password = 'faults-operator-password-0123';
    const created = await runCli(servers, instance, 'create-admin', ['ops@coseso.test'], password);
    expect(created.code).toBe(0);
    const login = await fetch(`${api.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@coseso.test', password }),
    });
    const { token } = (await login.json()) as { token: string };
    const operations = (path: string, init: RequestInit = {}) =>
      fetch(`${api.url}/api/admin/operations/${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const current = async () =>
      ((await (await operations('rebuilds/current')).json()) as { rebuild: RebuildState | null }).rebuild;

    const load = loadOn(() => api.url, 8);
    // The rebuild starts once the API serves the load (commands acknowledged).
    await untilAcknowledged(load, 50);
    expect((await operations('rebuilds', { method: 'POST', body: '{}' })).status).toBe(202);
    const { value: midway } = await waitFor(
      'the rebuild replaying',
      async () => {
        const rebuild = await current();
        return rebuild?.status === 'running' && rebuild.processed > 0 && rebuild;
      },
      60_000,
    );
    stopPostgres(servers, 'immediate');
    say(`PostgreSQL stopped with the page's rebuild at ${midway.processed} of ${midway.total} events`);
    // Alive: it answers, with the 503 of a database away, not a refused connection (which fails the wait).
    await untilHealth(api.url, 503);
    startPostgres(servers);
    await waitFor(
      'the API answering again',
      async () => (await fetch(`${api.url}/api/create-order`, { method: 'POST' })).status === 201,
      60_000,
    );
    // The page's rebuild over (it reads its state from the API process), then what it says.
    const { value: failed } = await waitFor(
      "the page's rebuild no longer running",
      async () => {
        const rebuild = await current();
        return rebuild?.status !== 'running' && rebuild;
      },
      60_000,
    );
    say(`the page's rebuild: ${failed?.status}, ${failed?.error?.split('\n')[0]}`);
    expect(failed).toMatchObject({ status: 'failed', error: expect.any(String) });

    // The next rebuild from the page is not barred by the lost one's lock, and swaps in.
    expect((await operations('rebuilds', { method: 'POST', body: '{}' })).status).toBe(202);
    const { value: done } = await waitFor(
      'the second rebuild over',
      async () => {
        const rebuild = await current();
        return rebuild?.status !== 'running' && rebuild;
      },
      120_000,
    );
    expect(done).toMatchObject({ status: 'done', error: null });
    say(`the second rebuild: ${done.processed} events`);
    expect(await shadowSchemas(instance)).toEqual([]);
    expect(await liveProjectionDelay(instance, api.url)).toBeLessThan(2_500);

    await stopAndCheck(instance, background, load);
  } finally {
    await instance.close(faultPool(servers));
  }
});
