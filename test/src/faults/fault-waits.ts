// How the fault specs wait: on facts (a count of acknowledged commands, the log's length, a
// projector's progress, an answer of the API), never on a pause. The one timer here is the poll's
// interval between two looks at the fact; the time limits are hang detectors, not the wait itself.
import type pg from 'pg';
import { type Load } from './fault-checks.js';

const pollInterval = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `found` until it gives a value (a failed poll counts as none); throws after `timeoutMs`, a
 * hang. `pollMs` is how often it looks, 100 ms unless a spec must catch a short-lived state.
 */
export async function waitFor<T>(
  what: string,
  found: () => Promise<T | null | false>,
  timeoutMs: number,
  pollMs = 100,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await found().catch(() => null);
    if (value) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await pollInterval(pollMs);
  }
}

/**
 * Waits until the load has had `more` commands acknowledged from now on: the API is serving it and
 * appending, whatever the machine's speed (a pause of N seconds gave 40 commands on a busy machine
 * and 900 on an idle one).
 */
export async function untilAcknowledged(load: Load, more: number, timeoutMs = 120_000): Promise<void> {
  const from = load.result.acknowledged.length;
  await waitFor(
    `${more} more commands acknowledged under load (${from} so far)`,
    async () => load.result.acknowledged.length >= from + more,
    timeoutMs,
    20,
  );
}

/** Waits until the load's clients have met `status` (an HTTP status, or 'network' for a refused or cut connection) `more` more times. */
export async function untilClientsSaw(
  load: Load,
  status: string,
  more: number,
  timeoutMs = 60_000,
): Promise<void> {
  const from = load.result.statuses.get(status) ?? 0;
  await waitFor(
    `the load's clients answered ${status} ${more} more times`,
    async () => (load.result.statuses.get(status) ?? 0) >= from + more,
    timeoutMs,
    20,
  );
}

const eventsIn = async (pool: pg.Pool, schema: string) =>
  Number(
    (await pool.query<{ n: string }>(`select count(*) as n from "${schema.replace(/"/g, '""')}".events`))
      .rows[0]!.n,
  );

/** Waits until the log holds `more` events than now: what a projector or a rebuild will have to catch up with. */
export async function untilLogGrows(
  pool: pg.Pool,
  schema: string,
  more: number,
  timeoutMs = 120_000,
): Promise<number> {
  const from = await eventsIn(pool, schema);
  const { value } = await waitFor(
    `${more} more events in the log (${from} so far)`,
    async () => {
      const now = await eventsIn(pool, schema);
      return now >= from + more && now;
    },
    timeoutMs,
    50,
  );
  return value;
}

/** Waits until the API's health endpoint answers `status` (200 up, 503 its database away): the process is alive and says so. */
export async function untilHealth(apiUrl: string, status: number, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `the API's health answering ${status}`,
    async () =>
      (await fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })).status === status,
    timeoutMs,
  );
}

/** Waits until PostgreSQL accepts a connection and answers a query again (the pool opens a new one). */
export async function untilPostgresAnswers(pool: pg.Pool, timeoutMs = 60_000): Promise<void> {
  await waitFor('PostgreSQL answering', async () => (await pool.query('select 1')).rowCount === 1, timeoutMs);
}

/**
 * Holds a fault (a server stopped) until it has lasted `ms` since `since`. The length of the outage
 * is what the spec is about (clients' reconnection backoffs growing over a long outage), not a wait
 * for something to happen: what must have happened meanwhile is waited for on its own facts.
 */
export async function holdFault(since: number, ms: number): Promise<void> {
  const left = since + ms - Date.now();
  if (left > 0) await pollInterval(left);
}
