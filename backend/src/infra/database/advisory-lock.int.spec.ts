import { randomUUID } from 'node:crypto';
import { hearLostConnections } from '@coseso/event-store/postgres-adapter';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import pg from 'pg';
import { until } from '../../testing/waits.js';
import { withAdvisoryLock } from './advisory-lock.js';

// As the app makes its pools: a connection the server ends is heard, lent out or idle.
const lost: Error[] = [];
const pool = hearLostConnections(
  new pg.Pool({ connectionString: testDatabaseUrl(), max: 4, options: '-c lock_timeout=300' }),
  (error) => lost.push(error),
);
afterAll(() => pool.end());

/** Sessions queued behind the advisory lock `name`, as Postgres sees them. */
async function waitingFor(name: string): Promise<number> {
  const { rows } = await pool.query<{ waiting: number }>(
    `select count(*)::int as waiting from pg_locks
      where locktype = 'advisory' and not granted and objid = (hashtext($1)::bigint & 4294967295)::oid`,
    [name],
  );
  return rows[0]!.waiting;
}

describe('withAdvisoryLock', () => {
  it('runs one holder of a name at a time', async () => {
    const name = `test:${randomUUID()}`;
    const order: string[] = [];
    const hold = (label: string) =>
      withAdvisoryLock(pool, name, async () => {
        order.push(`${label} in`);
        // The first in stays until Postgres shows the other queued behind the lock (not just late).
        if (order.length === 1) await until(async () => (await waitingFor(name)) === 1);
        order.push(`${label} out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    // Either may go first; the other starts only once the first is out.
    const [first, second] = order[0] === 'a in' ? ['a', 'b'] : ['b', 'a'];
    expect(order).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
  });

  it("gives up after the pool's lock_timeout, with 55P03, when another session holds the lock", async () => {
    const name = `test:${randomUUID()}`;
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(hashtext($1))', [name]);
      const started = Date.now();
      await expect(withAdvisoryLock(pool, name, async () => 'ran')).rejects.toMatchObject({ code: '55P03' });
      expect(Date.now() - started).toBeLessThan(5_000);
      await other.query('select pg_advisory_unlock(hashtext($1))', [name]);
      await expect(withAdvisoryLock(pool, name, async () => 'ran')).resolves.toBe('ran');
    } finally {
      await other.end();
    }
  });

  it('lives through the server ending the connection that holds the lock, mid-work, and lets the next holder in', async () => {
    const name = `test:${randomUUID()}`;
    const holder = withAdvisoryLock(pool, name, async () => {
      // The session holding the lock, ended as a restart or an operator would, while the work runs.
      const { rows } = await pool.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_locks
          where locktype = 'advisory' and granted and objid = (hashtext($1)::bigint & 4294967295)::oid`,
        [name],
      );
      expect(rows).toEqual([{ ended: true }]);
      // The notice reaches the idle, lent connection, which the pool hears.
      await until(() => lost.some((e) => /terminating connection/.test(e.message)));
      return 'done';
    });
    // Unheard, the lent connection's error would have ended this process (the test run with it).
    await expect(holder).resolves.toBe('done');
    expect(lost.map((e) => e.message)).toContainEqual(expect.stringMatching(/terminating connection/));
    // The lock went with the session; the broken connection is not lent again.
    await expect(withAdvisoryLock(pool, name, async () => 'next')).resolves.toBe('next');
  });
});
