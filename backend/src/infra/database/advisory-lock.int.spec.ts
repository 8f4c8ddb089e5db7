import { randomUUID } from 'node:crypto';
import { testDatabaseUrl } from '@coseso/event-store/testing/postgres-test-schema';
import pg from 'pg';
import { withAdvisoryLock } from './advisory-lock.js';

const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4, options: '-c lock_timeout=300' });
afterAll(() => pool.end());

describe('withAdvisoryLock', () => {
  it('runs one holder of a name at a time', async () => {
    const name = `test:${randomUUID()}`;
    const order: string[] = [];
    const hold = (label: string) =>
      withAdvisoryLock(pool, name, async () => {
        order.push(`${label} in`);
        await new Promise((r) => setTimeout(r, 50));
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
});
