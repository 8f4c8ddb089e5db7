import { startCoseso } from './coseso-process.js';
import {
  describeStatuses,
  expectNothingLost,
  faultPool,
  q,
  startLoad,
  settle,
  waitFor,
} from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { untilAcknowledged } from './fault-waits.js';
import { faultServers, say, startPostgres, stopPostgres } from './fault-servers.js';

const servers = faultServers();
const pool = faultPool(servers);
afterAll(() => pool.end());

const UNAVAILABLE = 'Service momentanément indisponible, réessayez dans un instant.';
/** Longer than any answer may take: a request still waiting then is a hang. */
const HANG_MS = 12_000;
/** Probe rounds (health, a read, a write) while PostgreSQL is down, and refusals the load must meet meanwhile. */
const PROBE_ROUNDS = 10;
const LOAD_REFUSALS = 32;

/** The sessions LISTENing on this instance's channel (pg_stat_activity keeps a session's last statement). */
const listening = async (instance: { schema: string }) => {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where query = $1`,
    [`listen ${q(`${instance.schema}_events`)}`],
  );
  return rows[0]!.n;
};

async function probe(url: string, init: RequestInit = {}) {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { status: String(response.status), message: body?.message, ms: Date.now() - started };
  } catch (error) {
    return { status: (error as Error).name, message: undefined, ms: Date.now() - started };
  }
}

// fast: PostgreSQL ends every session and shuts down cleanly; immediate: it stops as a crash would,
// and replays its WAL at the next start.
it.each(['fast', 'immediate'] as const)(
  'PostgreSQL stopped (%s) under load and started again: 503 in French while it is down (never a hang, never a 500), back alone, LISTEN again, no event skipped',
  async (mode) => {
    const instance = faultInstance(`postgres_${mode}`);
    try {
      const background = instance.track(
        await startCoseso(servers, instance, 'projector-worker', ['projector', 'worker']),
      );
      const api = instance.track(await startCoseso(servers, instance, 'api', ['api']));
      const { value: listeners } = await waitFor('a LISTEN session', () => listening(instance), 30_000);
      const someOrder = (await (await fetch(`${api.url}/api/create-order`, { method: 'POST' })).json()) as {
        orderId: string;
      };

      const load = startLoad(() => api.url, { concurrency: 16, timeoutMs: HANG_MS });
      // Stopped once the API serves the load (commands acknowledged), whatever the machine's speed.
      await untilAcknowledged(load, 100);
      stopPostgres(servers, mode);
      const refusedBefore = load.result.statuses.get('503') ?? 0;

      // While it is down, reads and writes alike are refused at once, in French: probed, a round every
      // half second, until there have been rounds enough and the load's clients have met the outage too.
      const probes: Awaited<ReturnType<typeof probe>>[] = [];
      await waitFor(
        `${PROBE_ROUNDS} rounds of probes and the load refused while PostgreSQL is down`,
        async () => {
          probes.push(
            ...(await Promise.all([
              probe(`${api.url}/api/health`),
              probe(`${api.url}/api/orders/${someOrder.orderId}`),
              probe(`${api.url}/api/create-order`, { method: 'POST' }),
            ])),
          );
          return (
            probes.length >= 3 * PROBE_ROUNDS &&
            (load.result.statuses.get('503') ?? 0) >= refusedBefore + LOAD_REFUSALS
          );
        },
        120_000,
        500,
      );
      say(
        `while PostgreSQL was down: ${probes.length} probes answered ${[...new Set(probes.map((p) => p.status))].join(', ')}`,
      );

      startPostgres(servers);
      const recovery = await waitFor(
        'the API answering again',
        async () => (await probe(`${api.url}/api/create-order`, { method: 'POST' })).status === '201',
        60_000,
      );
      say(`the API answered a new order ${recovery.ms} ms after PostgreSQL was back, without a restart`);
      const relisten = await waitFor(
        'LISTEN again',
        async () => (await listening(instance)) >= listeners,
        60_000,
      );
      say(`the LISTEN session was back ${relisten.ms} ms after PostgreSQL`);
      // The load served again before it stops: commands acknowledged after the restart.
      await untilAcknowledged(load, 100);
      const result = await load.stop();
      say(
        `load stopped: ${result.acknowledged.length} commands acknowledged (${describeStatuses(result)}); slowest answer ${result.slowestMs} ms`,
      );

      for (const p of probes) {
        expect(p).toMatchObject({ status: '503', message: UNAVAILABLE });
        expect(p.ms).toBeLessThan(HANG_MS);
      }
      // Under load too: a client got its answer or a 503 in French; no 500, no hang, no cut connection.
      expect([...result.statuses.keys()].sort()).toEqual(['200', '201', '503']);
      for (const refusal of result.refusals) expect(refusal.body.message).toBe(UNAVAILABLE);
      expect(result.slowestMs).toBeLessThan(HANG_MS);

      // Woken by notifications again, not by its 5 s re-read: each new order is projected at once.
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${api.url}/api/create-order`, { method: 'POST' });
        const { orderId } = (await answer.json()) as { orderId: string };
        const projected = await waitFor(
          'the new order projected',
          async () =>
            (
              await pool.query(`select 1 from ${q(instance.schema)}.order_summary where order_id = $1`, [
                orderId,
              ])
            ).rowCount === 1,
          10_000,
        );
        expect(projected.ms).toBeLessThan(2_500);
      }

      // Nothing skipped: every acknowledged command in the log, the log whole, the read models equal to it.
      await settle(servers, instance, pool, [background, api]);
      await expectNothingLost(servers, instance, pool, result.acknowledged);
    } finally {
      await instance.close(faultPool(servers));
    }
  },
);
