import { quoteIdent } from '@coseso/event-store/postgres-adapter';
import type pg from 'pg';
import { type NamedLocks, PostgresNamedLocks } from '../infra/database/named-locks.js';
import { type DeliveryLog } from './delivery-log.js';

/** What is told when an email went out but its key could not be written down: nothing personal. */
export interface UnrecordedDelivery {
  readonly idempotencyKey: string;
  readonly template: string;
  readonly messageId: string;
  readonly err: string;
}

export interface PostgresDeliveryLogOptions {
  /** The app's database: the log is its `email_deliveries` table of `schema` (a migration makes it). */
  readonly pool: pg.Pool;
  /** The same database, for the locks' own connections. */
  readonly connectionString: string;
  readonly schema: string;
  /**
   * How long a send waits for another send of the same key to finish, in ms (then it fails with
   * 55P03, having sent nothing, and its job is retried). Longer than an SMTP send may take.
   */
  readonly lockWaitMs?: number;
  /** The locks' connections, each held for one send: the email worker's concurrency. */
  readonly connections?: number;
  /** An email went out and the log could not record it (the database went away meanwhile). */
  readonly onUnrecorded: (delivery: UnrecordedDelivery) => void;
  /** A connection of the log's pool ended by the server (a restart, a failover). */
  readonly onLostConnection?: (error: Error) => void;
}

/** How long to wait for a connection of the log's pool, free or new. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The locks' connections are named so, for pg_stat_activity. */
export const DELIVERY_LOG_APPLICATION_NAME = 'coseso:email-deliveries';

/**
 * The delivery log in Postgres (`email_deliveries`: the key, the Message-ID, the template, when;
 * nothing of the recipient, so the erasure of a client, decision 26, has nothing to delete there).
 *
 * Per key, under a session advisory lock (`PostgresNamedLocks`, on a pool of its own: a lock is
 * held for the length of an SMTP call, which must not starve the app's pool; a second send of the
 * key waits for the first, up to `lockWaitMs`): the key looked up, the email sent, the key
 * recorded.
 *
 * At least once, not exactly once, in two windows: a process killed between the server's acceptance
 * and the insert loses its lock with its connection, and the retry sends again; an SMTP server that
 * took the email but whose answer never arrived makes the send fail, and the retry sends again.
 * When the insert fails (the database went away during the send), it is tried once more (the pool
 * hands out another connection); if that fails too, `onUnrecorded` is told and the send still
 * succeeds: failing it would make the queue retry, which would find no key and send again for sure,
 * whereas a completed job keeps its key in Redis for 7 days. Sends need the database: while it is
 * away they fail, sending nothing, and their jobs are retried.
 */
export class PostgresDeliveryLog implements DeliveryLog {
  private readonly pool: pg.Pool;
  private readonly locks: NamedLocks;
  private readonly table: string;
  private readonly lockPrefix: string;
  private readonly onUnrecorded: (delivery: UnrecordedDelivery) => void;

  constructor({
    pool,
    connectionString,
    schema,
    lockWaitMs = 60_000,
    connections = 4,
    onUnrecorded,
    onLostConnection,
  }: PostgresDeliveryLogOptions) {
    this.table = `${quoteIdent(schema)}.email_deliveries`;
    // Schemas of one database (instances, test runs) share its advisory locks.
    this.lockPrefix = `email-delivery:${schema}:`;
    this.onUnrecorded = onUnrecorded;
    this.pool = pool;
    this.locks = new PostgresNamedLocks({
      connectionString,
      connections,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      applicationName: DELIVERY_LOG_APPLICATION_NAME,
      // A worker never waits for ever: the lock at most lockWaitMs (55P03), any statement a little
      // longer (the lock's wait counts in it), and a server that stopped answering as long again.
      lockWaitMs,
      statementTimeoutMs: lockWaitMs + 5_000,
      queryTimeoutMs: lockWaitMs + 10_000,
      ...(onLostConnection ? { onLostConnection } : {}),
    });
  }

  once(
    key: string,
    template: string,
    send: () => Promise<{ messageId: string }>,
  ): Promise<{ messageId: string }> {
    return this.locks.exclusive(this.lockPrefix + key, async () => {
      const { rows } = await this.pool.query<{ message_id: string }>(
        `select message_id from ${this.table} where idempotency_key = $1`,
        [key],
      );
      if (rows[0]) return { messageId: rows[0].message_id };

      const sent = await send();
      const insert = `insert into ${this.table} (idempotency_key, message_id, template) values ($1, $2, $3)
                      on conflict (idempotency_key) do nothing`;
      const values = [key, sent.messageId, template];
      await this.pool
        .query(insert, values)
        .catch(() => this.pool.query(insert, values))
        .catch((error: Error) =>
          this.onUnrecorded({ idempotencyKey: key, template, messageId: sent.messageId, err: error.message }),
        );
      return sent;
    });
  }

  close(): Promise<void> {
    return this.locks.close();
  }
}
