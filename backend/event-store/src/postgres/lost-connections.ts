import type pg from 'pg';

/**
 * Hears every connection of `pool` that the server ends (a restart, a failover,
 * `pg_terminate_backend`), lent out or idle. node-postgres emits that error on the client, and a
 * pool listens to a client only while it is idle: one lent for a transaction, or holding a session
 * lock for the length of a payment call or a rebuild, would make the error unheard, which ends the
 * process. The query the connection was running fails all the same, and the pool drops it.
 */
export function hearLostConnections(pool: pg.Pool, onLost: (error: Error) => void = () => {}): pg.Pool {
  pool.on('error', (error) => onLost(error));
  pool.on('connect', (client) => client.on('error', (error) => onLost(error)));
  return pool;
}
