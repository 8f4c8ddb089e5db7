import { randomUUID } from 'node:crypto';
import { findProjector } from '@coseso/projections/all-projectors';
import { ProjectionRunner } from '@coseso/projections/projection-runner';
import { type RebuildProgress, rebuildProjections } from '@coseso/projections/rebuild-projection';
import { type EventStore } from '@coseso/event-store/event-store';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { Observable, ReplaySubject } from 'rxjs';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../../config/app-config.js';
import { ApiError } from '../../infra/http/api-errors.js';
import { APP_CONFIG, EVENT_STORE, PG_POOL, READ_MODELS } from '../../infra/tokens.js';

export type RebuildStatus = 'running' | 'done' | 'failed';

/** Where a rebuild stands, as the operators' page shows it; every server-sent event carries one. */
export interface RebuildState {
  readonly id: string;
  readonly projections: readonly string[];
  readonly status: RebuildStatus;
  /** The read model being rebuilt when it is the only one; null when several are replayed together. */
  readonly current: string | null;
  readonly phase: RebuildProgress['phase'];
  /** Log events replayed so far (once for all the read models of the rebuild), and how many in all. */
  readonly processed: number;
  readonly total: number;
  readonly percent: number;
  readonly eventsPerSecond: number;
  readonly secondsLeft: number | null;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  /** The error that stopped it, in full (stack included). */
  readonly error: string | null;
}

export type RebuildEvent = { readonly type: 'progress' | 'done' | 'failed'; readonly data: RebuildState };

const PROGRESS_EVERY_MS = 150;
/** Finished rebuilds kept for a late listener of their stream. */
const KEPT = 20;

/**
 * Rebuilds read models from the operators' page with the CLI's engine (`rebuildProjections`: the
 * chosen read models together, from one reading of the log), one rebuild at a time across processes
 * (a Postgres advisory lock), each with a stream of its progress.
 */
@Injectable()
export class Rebuilds implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Rebuilds');
  private readonly streams = new Map<string, { subject: ReplaySubject<RebuildEvent>; last: RebuildState }>();
  private running: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    private readonly runner: ProjectionRunner,
  ) {}

  /** Starts rebuilding `names` in order; 409 while another rebuild runs, here or in another process. */
  async start(names: readonly string[]): Promise<RebuildState> {
    if (this.running) throw busy();
    const lock = await this.pool.connect();
    let locked = false;
    try {
      const [row] = (
        await lock.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
          this.lockName,
        ])
      ).rows;
      locked = row?.locked === true;
    } finally {
      if (!locked) lock.release();
    }
    if (!locked || this.running) {
      if (locked) await this.unlock(lock);
      throw busy();
    }

    const id = randomUUID();
    const startedAt = new Date();
    const state: RebuildState = {
      id,
      projections: names,
      status: 'running',
      current: names.length === 1 ? names[0]! : null,
      phase: 'replaying',
      processed: 0,
      total: 0,
      percent: 0,
      eventsPerSecond: 0,
      secondsLeft: null,
      startedAt: startedAt.toISOString(),
      finishedAt: null,
      error: null,
    };
    const subject = new ReplaySubject<RebuildEvent>(2);
    this.streams.set(id, { subject, last: state });
    this.forgetOld();
    this.publish(id, 'progress', state);
    this.running = this.run(id, names, startedAt, lock).finally(() => {
      this.running = null;
    });
    return state;
  }

  /** The rebuild running in this process, else the last one it ran; null when none since it started. */
  latest(): RebuildState | null {
    const running = [...this.streams.values()].find((entry) => entry.last.status === 'running');
    return (running ?? [...this.streams.values()].at(-1))?.last ?? null;
  }

  /** The rebuild's events: its latest states at once (the last progress and the end, once over), then each change, ending after done or failed. */
  events(id: string): Observable<RebuildEvent> {
    const entry = this.streams.get(id);
    if (!entry)
      throw new ApiError(404, ErrorCode.OPERATIONS_REBUILD_NOT_FOUND, 'Reconstruction introuvable.');
    return entry.subject.asObservable();
  }

  private async run(id: string, names: readonly string[], startedAt: Date, lock: pg.PoolClient) {
    const started = performance.now();
    let state = this.streams.get(id)!.last;
    let lastSent = 0;
    try {
      await rebuildProjections({
        store: this.store,
        dataSource: this.readModels,
        url: this.config.DATABASE_URL,
        schema: this.config.DATABASE_SCHEMA,
        projectors: names.map((name) => findProjector(name)!),
        onProgress: ({ processed, total, phase }) => {
          const seconds = (performance.now() - started) / 1_000;
          const rate = seconds > 0 ? processed / seconds : 0;
          state = {
            ...state,
            phase,
            processed,
            total,
            percent: total > 0 ? Math.min(100, Math.floor((processed / total) * 100)) : 0,
            eventsPerSecond: Math.round(rate),
            secondsLeft: rate > 0 ? Number(((total - processed) / rate).toFixed(1)) : null,
          };
          const now = performance.now();
          if (phase !== 'replaying' || now - lastSent >= PROGRESS_EVERY_MS) {
            lastSent = now;
            this.publish(id, 'progress', state);
          }
        },
      });
      // A projector stopped on a poison event is taken on again once rebuilt.
      for (const name of names) await this.runner.resume(name);
      state = {
        ...state,
        status: 'done',
        phase: 'done',
        percent: 100,
        total: state.processed,
        secondsLeft: 0,
        finishedAt: new Date().toISOString(),
      };
      this.logger.log({
        msg: 'read models rebuilt from the operators page',
        projections: names,
        events: state.processed,
        seconds: Number(((Date.now() - startedAt.getTime()) / 1_000).toFixed(2)),
      });
      this.publish(id, 'done', state);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      state = { ...state, status: 'failed', finishedAt: new Date().toISOString(), error: message };
      this.logger.error({ msg: 'rebuild failed', projections: names, err: message });
      this.publish(id, 'failed', state);
    } finally {
      await this.unlock(lock);
      this.streams.get(id)?.subject.complete();
    }
  }

  private publish(id: string, type: RebuildEvent['type'], data: RebuildState) {
    const entry = this.streams.get(id);
    if (!entry) return;
    entry.last = data;
    entry.subject.next({ type, data });
  }

  private forgetOld() {
    const finished = [...this.streams.entries()].filter(([, e]) => e.last.status !== 'running');
    for (const [id] of finished.slice(0, Math.max(0, finished.length - KEPT))) this.streams.delete(id);
  }

  private get lockName() {
    return `rebuild:${this.config.DATABASE_SCHEMA}`;
  }

  /**
   * Lets go of the lock. A connection lost meanwhile (PostgreSQL restarting; the pool hears its
   * error, `hearLostConnections`) took the lock with it, and is closed rather than lent again.
   */
  private async unlock(lock: pg.PoolClient) {
    const failed = await lock.query('select pg_advisory_unlock(hashtext($1))', [this.lockName]).then(
      () => undefined,
      (error: Error) => error,
    );
    lock.release(failed);
  }

  /** Lets a rebuild under way finish (its swap is one transaction) before the pools close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => {});
  }
}

const busy = () =>
  new ApiError(
    409,
    ErrorCode.OPERATIONS_REBUILD_RUNNING,
    'Une reconstruction est déjà en cours : attendez qu’elle se termine.',
  );
