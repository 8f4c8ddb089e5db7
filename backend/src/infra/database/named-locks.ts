import { hearLostConnections } from '@coseso/event-store/postgres-adapter';
import pg from 'pg';
import { withAdvisoryLock } from './advisory-lock.js';

/**
 * One holder at a time of a name, across every process of the app: the port that the payment
 * links and the email delivery log take their locks from.
 */
export interface NamedLocks {
  /**
   * Runs `work` while holding `name`. A wait longer than the locks' limit fails with a
   * `LockNotAvailableError` (and `work` does not run).
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a wait for a lock that went past its limit throws (Postgres' 55P03). */
export const isLockNotAvailable = (error: unknown) => (error as { code?: string }).code === '55P03';

export interface PostgresNamedLocksOptions {
  readonly connectionString: string;
  /** Locks held at once: each holds a connection of its own for the length of its work. */
  readonly connections: number;
  /** How long a wait for a lock may last (then 55P03), in ms. */
  readonly lockWaitMs: number;
  /** How long any statement may last, the lock's wait included; none when absent. */
  readonly statementTimeoutMs?: number;
  /** How long the client waits for a server that stopped answering; none when absent. */
  readonly queryTimeoutMs?: number;
  /** How long to wait for a connection, free or new (default `lockWaitMs`). */
  readonly connectTimeoutMs?: number;
  /** The connections' name in pg_stat_activity. */
  readonly applicationName?: string;
  /** A connection ended by the server (a restart, a failover). */
  readonly onLostConnection?: (error: Error) => void;
}

/**
 * Postgres session advisory locks (`withAdvisoryLock`) on a pool of their own: a lock is held for
 * the length of a provider or SMTP call, which must not starve the app's pool.
 */
export class PostgresNamedLocks implements NamedLocks {
  private readonly pool: pg.Pool;
  private closed = false;

  constructor(options: PostgresNamedLocksOptions) {
    this.pool = hearLostConnections(
      new pg.Pool({
        connectionString: options.connectionString,
        max: options.connections,
        connectionTimeoutMillis: options.connectTimeoutMs ?? options.lockWaitMs,
        ...(options.applicationName ? { application_name: options.applicationName } : {}),
        lock_timeout: options.lockWaitMs,
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
        ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
      }),
      options.onLostConnection,
    );
  }

  exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.pool, name, work);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
