import {
  type CatchUpSubscription,
  type LogReads,
  startCatchUpSubscription,
} from '@coseso/event-store/catch-up-subscription';
import { type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig, hasRole } from '../config/app-config.js';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { APP_CONFIG, LIVE_LOG_READS, PG_POOL } from '../infra/tokens.js';
import { type Reactor } from './reactor.js';

export const REACTORS = Symbol('Reactors');

/** Under a steady flow of events that ask for no job, the checkpoint is saved this often at least. */
const CHECKPOINT_AT_LEAST_EVERY_MS = 1_000;
/** …and this long after the last batch, once the log is quiet. */
const CHECKPOINT_WHEN_QUIET_MS = 50;

export interface ReactorRetryDelays {
  /** After a first failure; doubled on each failure in a row. */
  readonly firstMs: number;
  readonly maxMs: number;
  /** Between two tries of a standby process at the lock another process holds. */
  readonly standbyMs: number;
}

/** A reactor could not be fed one event: the runner retries it, from the same checkpoint, until it passes. */
class EventFailure extends Error {
  constructor(
    readonly event: StoredEvent,
    readonly reactor: string | null,
    override readonly cause: unknown,
  ) {
    super(`reactor ${reactor ?? '(none)'} failed on event ${event.position}: ${String(cause)}`);
  }
}

/** One tenure of the lock: the connection that holds it and the subscription fed while it does. */
interface Session {
  readonly client: pg.PoolClient;
  readonly startedAt: number;
  subscription: CatchUpSubscription | null;
  ended: boolean;
}

/**
 * Feeds the reactors from the global log and enqueues the jobs they ask for. At least once: the
 * checkpoint is saved after the batch's jobs are enqueued, and a job enqueued twice is one job.
 * One process at a time (an advisory lock); the others stand by.
 */
@Injectable()
export class ReactorRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reactors');
  private session: Session | null = null;
  private starting: Promise<void> | null = null;
  private readonly teardowns = new Set<Promise<void>>();
  private retry: NodeJS.Timeout | null = null;
  private stopping = false;
  /** Failures since the runner last made progress; sets how long it waits before trying again. */
  private failures = 0;
  /** The event that failed last and how many times in a row, so a poison event is told from a hiccup. */
  private failing: { position: bigint; times: number } | null = null;
  /** The position read last and not saved yet: saved with the next job, or soon (see saveSoon). */
  private unsaved: { checkpoint: LogCheckpoint; position: bigint } | null = null;
  private savedAt = 0;
  private saveTimer: NodeJS.Timeout | null = null;
  /** Checkpoint writes, one after the other, so that a later position is never overwritten by an earlier one. */
  private saving: Promise<void> = Promise.resolve();
  /** Public so tests can shorten them. */
  retryDelays: ReactorRetryDelays = { firstMs: 1_000, maxMs: 30_000, standbyMs: 5_000 };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    /** The log as this process's subscriptions read it: a batch the projectors read is not read again. */
    @Inject(LIVE_LOG_READS) private readonly log: LogReads,
    @Inject(REACTORS) private readonly reactors: readonly Reactor[],
    private readonly jobs: JobQueue,
  ) {}

  private get table() {
    return `"${this.config.DATABASE_SCHEMA}".reactor_checkpoints`;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.config, 'worker')) return;
    await this.start();
  }

  /** Never rejects: every failure ends in a retry being scheduled (or in nothing, when stopping). */
  private start(): Promise<void> {
    this.retry = null;
    if (this.stopping || this.session) return Promise.resolve();
    // The start under way may have lost its session already and scheduled this retry, and will
    // not schedule another: look again once it is done.
    if (this.starting) {
      this.schedule(this.retryDelays.firstMs);
      return this.starting;
    }
    this.starting = this.tryStart().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async tryStart(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.failed(error, null);
      return;
    }
    const session: Session = { client, startedAt: Date.now(), subscription: null, ended: false };
    // pg-pool takes its own error listener off a client it hands out, and this one is held for
    // hours: without a listener, the server ending the session (restart, failover, idle timeout,
    // pg_terminate_backend) would be an unhandled 'error' event, which kills the process. It stays
    // on after the release too, since a dying client can emit more than one error.
    const onError = (error: Error) => void this.end(session, error);
    client.on('error', onError);
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [`reactors:${this.config.DATABASE_SCHEMA}`],
      );
      if (session.ended) return;
      if (!rows[0]?.locked) {
        session.ended = true;
        client.off('error', onError);
        client.release();
        this.failures = 0; // the database answers: only the other process's lock keeps us waiting
        this.schedule(this.retryDelays.standbyMs);
        return;
      }
      this.session = session;
      if (this.stopping) return void (await this.end(session, null));
      const { rows: saved } = await this.pool.query<{ checkpoint: LogCheckpoint | null }>(
        `select checkpoint from ${this.table} where name = 'all'`,
      );
      if (session.ended || this.stopping) return void (await this.end(session, null));
      const subscription = startCatchUpSubscription(this.log, {
        after: saved[0]?.checkpoint ?? null,
        // The projectors' batches: a batch either reads is handed to the other whole (SharedLogReads).
        batchSize: 500,
        handle: (events) => this.handle(events),
        onReadError: (error) =>
          this.logger.warn({ msg: 'reading the event log failed; retrying', err: String(error) }),
      });
      session.subscription = subscription;
      subscription.done.catch((error: unknown) => this.end(session, error));
    } catch (error) {
      // Whatever failed, the lock goes back: held by a process that does not run the reactors,
      // it would keep every other process from running them.
      await this.end(session, error);
    }
  }

  /**
   * Ends a session once: its subscription stops, then its connection is closed, which gives the
   * lock back (closed rather than returned to the pool, where the lock would stay held). With an
   * error, a new start is scheduled.
   */
  private end(session: Session, error: unknown): Promise<void> {
    if (session.ended) return Promise.resolve();
    session.ended = true;
    if (this.session === session) {
      this.session = null;
      // What this session read and did not save is read again by the next one (at least once).
      if (this.saveTimer) clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.unsaved = null;
    }
    const teardown = (async () => {
      await session.subscription?.stop();
      session.client.release(error instanceof Error ? error : true);
      if (error !== null) this.failed(error, session);
    })();
    this.teardowns.add(teardown);
    void teardown.finally(() => this.teardowns.delete(teardown));
    return teardown;
  }

  private failed(error: unknown, session: Session | null): void {
    if (this.stopping) return;
    // A session that ran longer than the longest wait was healthy: this failure is a new one.
    if (session && Date.now() - session.startedAt >= this.retryDelays.maxMs) this.failures = 0;
    this.failures += 1;
    const delay = Math.min(this.retryDelays.firstMs * 2 ** (this.failures - 1), this.retryDelays.maxMs);
    if (error instanceof EventFailure) {
      const { event } = error;
      this.failing =
        this.failing?.position === event.position
          ? { position: event.position, times: this.failing.times + 1 }
          : { position: event.position, times: 1 };
      this.logger.error({
        msg: 'a reactor failed on an event; retrying it, every event after it waits',
        position: event.position.toString(),
        eventId: event.eventId,
        type: event.type,
        streamId: event.streamId,
        reactor: error.reactor,
        failuresInARow: this.failing.times,
        retryInMs: delay,
        err: String(error.cause),
      });
    } else {
      this.logger.error({ msg: 'reactors stopped; restarting', retryInMs: delay, err: String(error) });
    }
    this.schedule(delay);
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.start(), delayMs);
  }

  /**
   * Most events ask for no job (a draft's saves above all): their checkpoint is not worth a
   * durable write each. It is saved once the batch's jobs are enqueued, as before; a batch without
   * jobs leaves it to be saved within a second under a steady flow, or as soon as the log is quiet.
   * A process that stops meanwhile reads those events again, which asks for nothing either.
   */
  private async handle(events: readonly StoredEvent[]): Promise<void> {
    let enqueued = 0;
    for (const stored of events) {
      let reactor: Reactor | null = null;
      try {
        for (reactor of this.reactors) {
          for (const job of reactor.react(stored)) {
            await this.jobs.enqueueRequest(job);
            enqueued += 1;
          }
        }
      } catch (error) {
        throw new EventFailure(stored, reactor?.name ?? null, error);
      }
    }
    const last = events[events.length - 1]!;
    this.unsaved = { checkpoint: last.checkpoint, position: last.position };
    if (enqueued > 0 || Date.now() - this.savedAt >= CHECKPOINT_AT_LEAST_EVERY_MS)
      await this.saveCheckpoint();
    else this.saveSoon();
    this.failures = 0;
    this.failing = null;
  }

  private saveCheckpoint(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const read = this.unsaved;
    this.unsaved = null;
    // A failed save fails its own caller only: the next one still runs.
    const previous = this.saving.catch(() => {});
    if (!read) return previous;
    this.savedAt = Date.now();
    this.saving = previous.then(async () => {
      await this.pool.query(
        `insert into ${this.table} (name, checkpoint, position, updated_at) values ('all', $1, $2, now())
         on conflict (name) do update set checkpoint = $1, position = $2, updated_at = now()`,
        [read.checkpoint, read.position.toString()],
      );
    });
    return this.saving;
  }

  /** Saves the checkpoint once no batch has come for a moment (the log is quiet). */
  private saveSoon(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveCheckpoint().catch((error: unknown) =>
        this.logger.warn({ msg: 'saving the reactors checkpoint failed', err: String(error) }),
      );
    }, CHECKPOINT_WHEN_QUIET_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.retry) clearTimeout(this.retry);
    // A start under way gives its lock back itself once it sees `stopping`; the pool closes after.
    await this.starting;
    if (this.session) {
      await this.saveCheckpoint().catch(() => {}); // what was read is not read again
      void this.end(this.session, null);
    }
    // Sessions lost just before are still closing: their connections go before the pool does.
    await Promise.all(this.teardowns);
  }
}
