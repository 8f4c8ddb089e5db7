import { hearLostConnections } from '@coseso/event-store/postgres/lost-connections';
import { quoteIdent } from '@coseso/event-store/postgres/postgres-schema';
import pg from 'pg';
import { withAdvisoryLock } from '../infra/database/advisory-lock.js';
import { type MailMode, type MailTransport, type OutgoingEmail } from './mail-transport.js';

/** What is told when an email went out but its key could not be written down: nothing personal. */
export interface UnrecordedDelivery {
  readonly idempotencyKey: string;
  readonly template: string;
  readonly messageId: string;
  readonly err: string;
}

export interface DeliveredOnceOptions {
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
 * Makes any transport deliver an idempotency key once, with a delivery log in Postgres
 * (`email_deliveries`: the key, the Message-ID, the template, when; nothing of the recipient, so the
 * erasure of a client, decision 26, has nothing to delete there). Wraps SMTP, which has no such
 * thing: an email job run again after its worker sent it but could not mark it completed in Redis
 * finds its key and returns the first Message-ID without sending.
 *
 * Per key, under a session advisory lock (`withAdvisoryLock`, on a pool of its own: a lock is held for
 * the length of an SMTP call, which must not starve the app's pool; a second send of the key waits
 * for the first, up to `lockWaitMs`): the key looked up, the email sent, the key recorded. Without a
 * key (a transport used outside the queue) the email just goes.
 *
 * At least once, not exactly once, in two windows: a process killed between the server's acceptance
 * and the insert loses its lock with its connection, and the retry sends again; an SMTP server that
 * took the email but whose answer never arrived makes the send fail, and the retry sends again.
 * When the insert fails (the database went away during the send), it is tried once more (the pool
 * hands out another connection); if that fails too, `onUnrecorded` is told and the send still
 * succeeds: failing it would make the queue retry, which would find no key and send again for sure,
 * whereas a completed job keeps its key in Redis for 7 days. Sends need the database: while it is away they fail, sending
 * nothing, and their jobs are retried.
 */
export class DeliveredOnceTransport implements MailTransport {
  readonly mode: MailMode;
  private readonly pool: pg.Pool;
  private readonly lockPool: pg.Pool;
  private readonly table: string;
  private readonly lockPrefix: string;
  private readonly onUnrecorded: (delivery: UnrecordedDelivery) => void;
  private closed = false;

  constructor(
    private readonly inner: MailTransport,
    {
      pool,
      connectionString,
      schema,
      lockWaitMs = 60_000,
      connections = 4,
      onUnrecorded,
      onLostConnection,
    }: DeliveredOnceOptions,
  ) {
    this.mode = inner.mode;
    this.table = `${quoteIdent(schema)}.email_deliveries`;
    // Schemas of one database (instances, test runs) share its advisory locks.
    this.lockPrefix = `email-delivery:${schema}:`;
    this.onUnrecorded = onUnrecorded;
    this.pool = pool;
    this.lockPool = hearLostConnections(
      new pg.Pool({
        connectionString,
        max: connections,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: DELIVERY_LOG_APPLICATION_NAME,
        // A worker never waits for ever: the lock at most lockWaitMs (55P03), any statement a little
        // longer (the lock's wait counts in it), and a server that stopped answering as long again.
        lock_timeout: lockWaitMs,
        statement_timeout: lockWaitMs + 5_000,
        query_timeout: lockWaitMs + 10_000,
      }),
      onLostConnection,
    );
  }

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    const key = message.idempotencyKey;
    if (key === undefined) return this.inner.send(message);
    return withAdvisoryLock(this.lockPool, this.lockPrefix + key, async () => {
      const { rows } = await this.pool.query<{ message_id: string }>(
        `select message_id from ${this.table} where idempotency_key = $1`,
        [key],
      );
      if (rows[0]) return { messageId: rows[0].message_id };

      const sent = await this.inner.send(message);
      const insert = `insert into ${this.table} (idempotency_key, message_id, template) values ($1, $2, $3)
                      on conflict (idempotency_key) do nothing`;
      const values = [key, sent.messageId, message.template];
      await this.pool
        .query(insert, values)
        .catch(() => this.pool.query(insert, values))
        .catch((error: Error) =>
          this.onUnrecorded({
            idempotencyKey: key,
            template: message.template,
            messageId: sent.messageId,
            err: error.message,
          }),
        );
      return sent;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.inner.close();
    } finally {
      await this.lockPool.end();
    }
  }
}
