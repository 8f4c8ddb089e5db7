import type pg from 'pg';

/**
 * Runs `work` while holding the Postgres advisory lock `name`: one at a time across every process
 * of the app. The lock is the session's, on a connection held for the duration; keep `work` short.
 * With `waitMs`, a wait longer than that fails (Postgres error 55P03) rather than lasting.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  work: () => Promise<T>,
  { waitMs }: { waitMs?: number } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    // Past `waitMs` the wait fails with 55P03 (lock_not_available) instead of holding on.
    if (waitMs !== undefined)
      await client.query(`select set_config('lock_timeout', $1, false)`, [`${waitMs}ms`]);
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
