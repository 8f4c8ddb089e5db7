import type pg from 'pg';

/**
 * Runs `work` while holding the Postgres advisory lock `name`: one at a time across every process
 * of the app. The lock is the session's, on a connection held for the duration; keep `work` short.
 * The wait is bounded by the connection's `lock_timeout`, if the pool sets one (error 55P03).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  try {
    return await work();
  } finally {
    const failed = await client.query('select pg_advisory_unlock(hashtext($1))', [name]).then(
      () => undefined,
      (error: Error) => error,
    );
    // A connection that could not let go may still hold the lock: closed, never handed out again.
    client.release(failed);
  }
}
