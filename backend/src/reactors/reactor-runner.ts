import {
  type CatchUpSubscription,
  startCatchUpSubscription,
} from '@coseso/event-store/catch-up-subscription';
import { type EventStore, type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import { upcast } from '@coseso/event-schemas/upcasters';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { runDdlOnce } from '@coseso/event-store/postgres/ensure-database';
import type pg from 'pg';
import { type AppConfig, hasRole } from '../config/app-config.js';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { APP_CONFIG, EVENT_STORE, PG_POOL } from '../infra/tokens.js';
import { type Reactor } from './reactor.js';

export const REACTORS = Symbol('Reactors');

/**
 * Feeds the reactors from the global log and enqueues the jobs they ask for. At least once: the
 * checkpoint is saved after the batch's jobs are enqueued, and a job enqueued twice is one job.
 * One process at a time (an advisory lock); the others stand by.
 */
@Injectable()
export class ReactorRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reactors');
  private subscription: CatchUpSubscription | null = null;
  private lock: pg.PoolClient | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(REACTORS) private readonly reactors: readonly Reactor[],
    private readonly jobs: JobQueue,
  ) {}

  private get table() {
    return `"${this.config.DATABASE_SCHEMA}".reactor_checkpoints`;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.config, 'worker')) return;
    await runDdlOnce(
      this.pool,
      `reactors-table:${this.config.DATABASE_SCHEMA}`,
      `create table if not exists ${this.table} (
         name text primary key, checkpoint text, position bigint, updated_at timestamptz not null default now())`,
    );
    await this.start();
  }

  private async start(): Promise<void> {
    if (this.stopping) return;
    const client = await this.pool.connect();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [`reactors:${this.config.DATABASE_SCHEMA}`],
    );
    if (!rows[0]?.locked) {
      client.release();
      this.retry = setTimeout(() => void this.start().catch((e: unknown) => this.logger.error(e)), 5_000);
      return;
    }
    this.lock = client;
    const { rows: saved } = await this.pool.query<{ checkpoint: LogCheckpoint | null }>(
      `select checkpoint from ${this.table} where name = 'all'`,
    );
    this.subscription = startCatchUpSubscription(this.store, {
      after: saved[0]?.checkpoint ?? null,
      batchSize: 200,
      handle: (events) => this.handle(events),
      onReadError: (error) =>
        this.logger.warn({ msg: 'reading the event log failed; retrying', err: String(error) }),
    });
    this.subscription.done.catch((error: unknown) => {
      if (this.stopping) return;
      this.logger.error({ msg: 'reactors stopped; restarting', err: String(error) });
      this.lock?.release(true);
      this.lock = null;
      this.retry = setTimeout(() => void this.start().catch((e: unknown) => this.logger.error(e)), 1_000);
    });
  }

  private async handle(events: readonly StoredEvent[]): Promise<void> {
    for (const stored of events) {
      const event = upcast(stored);
      for (const reactor of this.reactors) {
        for (const job of reactor.react(event))
          await this.jobs.enqueue(job.name, job.data, { jobId: job.jobId });
      }
    }
    const last = events[events.length - 1]!;
    await this.pool.query(
      `insert into ${this.table} (name, checkpoint, position, updated_at) values ('all', $1, $2, now())
       on conflict (name) do update set checkpoint = $1, position = $2, updated_at = now()`,
      [last.checkpoint, last.position.toString()],
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.retry) clearTimeout(this.retry);
    await this.subscription?.stop();
    this.lock?.release();
  }
}
