import { EventEmitter } from 'node:events';
import {
  type CatchUpSubscription,
  type LogReads,
  startCatchUpSubscription,
} from '@coseso/event-store/catch-up-subscription';
import { type MigrationClass } from '@coseso/database/migration-runner';
import { type EventStore, type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import type pg from 'pg';
import { type DataSource, type QueryRunner } from 'typeorm';
import { PreparedTexts } from './bulk-write.js';
import { Checkpoints, isCheckpointMoved } from './checkpoints.js';
import { type ProjectionLog, silentLog } from './projection-log.js';
import { projectionChannel, projectionNotice } from './projection-waiter.js';
import { type Projector, ProjectorMemory } from './projector.js';
import { rebuildProjection } from './rebuild-projection.js';

export interface ProjectionRunnerOptions {
  readonly store: EventStore;
  /**
   * What the live subscription reads the log through: the process's reads shared with its reactors
   * (SharedLogReads), or the store itself unless told. Rebuilds read the store.
   */
  readonly liveReads?: LogReads & { forget?(): void };
  /** The live read models (their schema holds the checkpoints too). */
  readonly dataSource: DataSource;
  readonly url: string;
  readonly schema: string;
  readonly projectors: readonly Projector[];
  readonly log?: ProjectionLog;
  readonly batchSize?: number;
  /** What makes the rebuilds' shadow tables: the read models' migrations unless told (a test projector brings its own table). */
  readonly migrations?: readonly MigrationClass[];
}

/**
 * A read model's checkpoint stands before the batch it is handed: batches it had applied were lost
 * (a crash of the database before their commits, which do not wait for the WAL flush, reached the
 * disk; decision 27) while the subscription went on from where it had read. Applying the batch
 * would skip what lies between; the subscription must start again from the tables' checkpoints.
 */
export class CheckpointBehindBatchError extends Error {
  constructor(projector: string) {
    super(`the read model ${projector} stands before the batch it was given: reading the log again from it`);
  }
}

/** An event that the projector fails on, once recorded as its failure (`markFailed`): the projector stops on it. */
export class PoisonEventError extends Error {
  constructor(
    readonly event: StoredEvent,
    cause: unknown,
  ) {
    super(
      `${event.type} at position ${event.position} failed: ${(cause as Error)?.message ?? String(cause)}`,
      {
        cause,
      },
    );
  }
}

// Connection losses (the server's codes, and the driver's and the network's when there is no server
// to answer), shutdowns, serialisation failures and deadlocks, a checkpoint behind its batch: retry,
// the event is not at fault.
const isTransient = (error: unknown) =>
  error instanceof CheckpointBehindBatchError ||
  /^(08|57P|40001|40P01|53|ECONN|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)/.test(
    (error as { code?: string }).code ?? '',
  ) ||
  /Connection terminated|not queryable|timeout exceeded when trying to connect/.test(
    (error as Error)?.message ?? '',
  );

/**
 * The projectors' statements, prepared once per connection and executed in a batch's one text. One
 * for the process: what it knows is about the connections, which every runner of the process shares.
 */
const prepared = new PreparedTexts();

/**
 * Feeds the projectors from the global log: one subscription reads each batch once for all of
 * them, and each projector applies it in a transaction of its own (its writes and its checkpoint
 * together), so a poison event stops only its own projector.
 */
export class ProjectionRunner {
  readonly checkpoints: Checkpoints;
  private readonly progress = new EventEmitter().setMaxListeners(0);
  /** Projectors this process projects, each holding its advisory lock. */
  private readonly active = new Map<string, { projector: Projector; lock: QueryRunner }>();
  /**
   * Per projector, what it remembers between batches, and the checkpoint its last batch here
   * committed: the memory holds only while the table's checkpoint is still that one.
   */
  private readonly memories = new Map<string, Remembered>();
  private subscription: CatchUpSubscription | null = null;
  private readonly log: ProjectionLog;
  private stopping = false;
  private started = false;
  private retryTimers = new Set<NodeJS.Timeout>();
  private resubscribing: Promise<void> = Promise.resolve();
  /** Tasks started by `later` and not finished yet. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.checkpoints = new Checkpoints(options.schema);
    this.log = options.log ?? silentLog;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const projector of this.options.projectors) await this.join(projector);
    await this.resubscribe();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    await Promise.all(this.running); // a takeover or restart under way (a rebuild, even) ends first
    await this.resubscribing;
    await this.subscription?.stop();
    await Promise.all(
      [...this.active.values()].map(({ projector, lock }) => this.releaseLock(projector, lock)),
    );
    this.active.clear();
  }

  /**
   * Takes a projector on again after an operator rebuilt its read model (a poison event had stopped
   * it); nothing when this process does not project, or projects it already.
   */
  async resume(name: string): Promise<void> {
    const projector = this.options.projectors.find((p) => p.name === name);
    if (!this.started || this.stopping || !projector || this.active.has(name)) return;
    // What the process's reads keep may hold the event it stopped on, which the fix may have taken
    // out of the log: the projector reads the log afresh, as the rebuild did.
    this.options.liveReads?.forget?.();
    await this.join(projector);
    if (this.active.has(name)) await this.resubscribe();
  }

  /** Called after a projector of this process has applied a batch, with the positions it applied. */
  onProgress(listener: (projectorName: string, positions: readonly bigint[]) => void): () => void {
    this.progress.on('progress', listener);
    return () => this.progress.off('progress', listener);
  }

  /** Takes a projector on, unless another process has it (then tries again later, to take over). */
  private async join(projector: Projector): Promise<void> {
    if (this.stopping || this.active.has(projector.name)) return; // a retried takeover may have it already
    const lock = this.options.dataSource.createQueryRunner();
    await lock.connect();
    const [{ locked }] = (await lock.query('select pg_try_advisory_lock(hashtext($1)) as locked', [
      this.lockName(projector),
    ])) as [{ locked: boolean }];
    if (!locked) {
      await lock.release();
      this.later(async () => {
        await this.join(projector);
        if (this.active.has(projector.name)) await this.resubscribe();
      }, 5_000);
      return;
    }
    try {
      await this.rebuildIfStale(projector);
      const row = await this.checkpoints.get(this.options.dataSource, projector.name);
      if (row?.status === 'failed') {
        this.log.error(
          { projector: projector.name, position: row.errorPosition, error: row.error },
          'projector stopped on a failed event',
        );
        await this.releaseLock(projector, lock);
        return;
      }
      if (this.stopping) return void (await this.releaseLock(projector, lock)); // stopped meanwhile
      this.active.set(projector.name, { projector, lock });
    } catch (error) {
      await this.releaseLock(projector, lock);
      throw error;
    }
  }

  private lockName(projector: Projector) {
    return `projector:${this.options.schema}:${projector.name}`;
  }

  /**
   * Gives the projector up: its session lock is let go before the connection goes back to the pool,
   * where it would otherwise keep the projector from every other process.
   */
  private async releaseLock(projector: Projector, lock: QueryRunner): Promise<void> {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [this.lockName(projector)]).catch(() => {}); // a dead connection holds no lock
    await lock.release().catch(() => {});
  }

  /**
   * (Re)starts the shared subscription from the checkpoint of the projector furthest behind; one
   * call at a time (a takeover and a restart may ask together), or two subscriptions would run.
   */
  private resubscribe(): Promise<void> {
    const next = this.resubscribing.then(() => this.subscribeAgain());
    this.resubscribing = next.catch(() => {});
    return next;
  }

  private async subscribeAgain(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    if (this.stopping || this.active.size === 0) return;
    const rows = await this.checkpoints.all(this.options.dataSource);
    const checkpoints = [...this.active.keys()].map(
      (name) => rows.find((r) => r.name === name)?.checkpoint ?? null,
    );
    const from = checkpoints.includes(null)
      ? null
      : checkpoints.reduce((a, b) => (this.options.store.compareCheckpoints(a!, b!) <= 0 ? a : b));
    const subscription = startCatchUpSubscription(this.options.liveReads ?? this.options.store, {
      after: from,
      batchSize: this.options.batchSize ?? 500,
      handle: (events, after) => this.applyToAll(events, after),
      onReadError: (error) => this.log.warn({ err: error }, 'reading the event log failed; retrying'),
    });
    this.subscription = subscription;
    subscription.done.catch((error: unknown) => {
      if (this.stopping || this.subscription !== subscription) return;
      this.log.warn({ err: error }, 'projections interrupted; restarting');
      this.later(() => this.resubscribe(), 1_000);
    });
  }

  private async applyToAll(events: readonly StoredEvent[], after: LogCheckpoint | null): Promise<void> {
    if (await this.applyToAllInOneTransaction(events)) return;
    await Promise.all(
      [...this.active.values()].map(async ({ projector, lock }) => {
        try {
          await this.applyBatch(projector, events, after);
        } catch (error) {
          // Anything but a poison event recorded as such (the database down while it would be
          // recorded, say) restarts the subscription; projectors skip what they applied.
          if (!(error instanceof PoisonEventError)) throw error;
          this.active.delete(projector.name); // recorded by applyBatch: this projector stops
          await this.releaseLock(projector, lock);
        }
      }),
    );
  }

  /**
   * The batch applied to every read model of this process in one transaction, one text, one
   * round trip: one lock each, one guard, the writes of those that have rows to write, every
   * checkpoint moved by one update, one notice, one commit. Possible while they all stand where
   * this process left them and each can tell its writes without reading its tables; false
   * otherwise, or if anything fails (nothing was written), and each read model then applies the
   * batch in a transaction of its own, where an event at fault stops only its own projector.
   */
  private async applyToAllInOneTransaction(events: readonly StoredEvent[]): Promise<boolean> {
    const { dataSource, store } = this.options;
    const active = [...this.active.values()].map(({ projector }) => ({
      projector,
      remembered: this.memories.get(projector.name),
    }));
    if (active.length < 2) return false; // alone, its own transaction is the same one
    const from = active[0]!.remembered?.committed ?? null;
    if (
      from === null ||
      active.some(({ projector, remembered }) => !projector.writes || remembered?.committed !== from)
    )
      return false;
    const fresh = events.filter((e) => store.compareCheckpoints(e.checkpoint, from) > 0);
    if (fresh.length === 0) return false;
    const runner = dataSource.createQueryRunner();
    try {
      const statements = [];
      for (const { projector, remembered } of active) {
        // The memory holds this batch from now on, until it commits; the transactions of their
        // own that follow a failure start from what the tables hold.
        remembered!.committed = null;
        let written;
        try {
          written = projector.writes!(fresh, runner.manager, remembered!.memory);
        } catch {
          written = undefined;
        }
        if (!written) {
          for (const other of active) other.remembered!.memory.clear();
          return false;
        }
        statements.push(...written);
      }
      const names = active.map(({ projector }) => projector.name);
      const applied = fresh.map((e) => e.position);
      const last = fresh[fresh.length - 1]!;
      const connection = await connected(runner);
      const text = [
        this.checkpoints.beginAndExpectAll(names, from),
        ...statements.map((statement) => prepared.text(connection, statement)),
        this.checkpoints.advanceAllAndCommit(
          names,
          {
            checkpoint: last.checkpoint,
            position: last.position,
            lastEventAt: last.recordedAt,
            count: fresh.length,
          },
          {
            channel: projectionChannel(this.options.schema),
            payload: projectionNotice(names, applied),
          },
        ),
      ].join(';\n');
      try {
        await connection.query(text);
      } catch (error) {
        await connection.query('rollback').catch(() => {});
        await prepared.recheck(connection).catch(() => {});
        for (const { remembered } of active) remembered!.memory.clear();
        if (isCheckpointMoved(error) || !isTransient(error)) return false;
        throw error;
      }
      for (const { projector, remembered } of active) {
        remembered!.committed = last.checkpoint;
        this.progress.emit('progress', projector.name, applied);
      }
      return true;
    } finally {
      await runner.release();
    }
  }

  /** Runs `task` after `ms`; if it fails, again later (twice the wait, up to 30 s) until it works or we stop. */
  private later(task: () => Promise<void>, ms: number) {
    if (this.stopping) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (this.stopping) return;
      const run = task()
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'projections restart failed; trying again');
          this.later(task, Math.min(ms * 2, 30_000));
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, ms);
    this.retryTimers.add(timer);
  }

  /** A new projector version, or tables that are missing, means the read model must be rebuilt first. */
  private async rebuildIfStale(projector: Projector) {
    const { dataSource, schema } = this.options;
    const row = await this.checkpoints.get(dataSource, projector.name);
    const tables = projector.entities.map((entity) => dataSource.getMetadata(entity).tableName);
    const existing = (await dataSource.query(
      `select table_name from information_schema.tables where table_schema = $1 and table_name = any($2)`,
      [schema, tables],
    )) as { table_name: string }[];
    if (row && row.version === projector.version && existing.length === tables.length) return;
    this.log.info(
      { projector: projector.name, from: row?.version ?? null, to: projector.version },
      'rebuilding read model',
    );
    await rebuildProjection({ ...this.options, projector, log: this.log });
  }

  /** `after`: where the batch was read from, when the caller knows (the subscription does). */
  async applyBatch(
    projector: Projector,
    events: readonly StoredEvent[],
    after: LogCheckpoint | null = null,
  ): Promise<void> {
    const { dataSource } = this.options;
    try {
      await this.applyInTransaction(projector, events, after);
    } catch (error) {
      if (isTransient(error) || events.length === 0) throw error;
      // Find the event at fault: apply the batch one event at a time, then record and stop on it.
      for (const event of events) {
        try {
          await this.applyInTransaction(projector, [event]);
        } catch (eventError) {
          if (isTransient(eventError)) throw eventError;
          await this.checkpoints.markFailed(
            dataSource,
            projector.name,
            (eventError as Error).stack ?? String(eventError),
            event.position,
          );
          this.log.error(
            {
              projector: projector.name,
              position: event.position.toString(),
              type: event.type,
              err: eventError,
            },
            'poison event',
          );
          throw new PoisonEventError(event, eventError);
        }
      }
    }
  }

  /**
   * One transaction per projector and batch, in as few round trips as it takes. Under load each
   * round trip waits its turn in a busy process, and a reader waiting for its write waits for all
   * of them. Where the projector can tell its writes from the batch and what it remembers, and the
   * checkpoint should still be the one this process committed last, the whole transaction goes as
   * one text; otherwise (or if the checkpoint moved after all) in three round trips.
   */
  private async applyInTransaction(
    projector: Projector,
    events: readonly StoredEvent[],
    after: LogCheckpoint | null = null,
  ) {
    let remembered = this.memories.get(projector.name);
    if (!remembered)
      this.memories.set(projector.name, (remembered = { memory: new ProjectorMemory(), committed: null }));
    if (projector.writes && remembered.committed !== null) {
      if (await this.applyInOneRoundTrip(projector, events, remembered, remembered.committed)) return;
    }
    await this.applyInThreeRoundTrips(projector, events, remembered, after);
  }

  /**
   * Its start, lock and checkpoint guard, the projector's writes, the checkpoint's move, the
   * notification and the commit, sent as one text. False when it could not: the projector must
   * read its tables first, the checkpoint is no longer `from` (another process's batch, a rebuild,
   * a crash), or the batch holds nothing after `from`; nothing was written.
   */
  private async applyInOneRoundTrip(
    projector: Projector,
    events: readonly StoredEvent[],
    remembered: Remembered,
    from: LogCheckpoint,
  ): Promise<boolean> {
    const { dataSource, store } = this.options;
    const fresh = events.filter((e) => store.compareCheckpoints(e.checkpoint, from) > 0);
    // A batch this process believes applied comes again only after the subscription restarted from
    // the table's checkpoint: an error, a lost connection, a database that crashed. Whether its
    // commit lasted is then for the table to say, not for this process: batches commit without
    // waiting for their WAL flush (decision 27), so a crash of the database may have lost them.
    if (fresh.length === 0) return false;
    const runner = dataSource.createQueryRunner();
    try {
      let statements;
      try {
        statements = projector.writes!(fresh, runner.manager, remembered.memory);
      } catch (error) {
        remembered.committed = null; // what it remembers may be half-way through the batch
        throw error;
      }
      if (!statements) return false;
      remembered.committed = null; // the memory holds this batch now: until it commits
      const applied = fresh.map((e) => e.position);
      const connection = await connected(runner);
      const text = [
        this.checkpoints.beginAndExpect(projector.name, from),
        ...statements.map((statement) => prepared.text(connection, statement)),
        this.advanceAndCommit(projector, fresh, applied),
      ].join(';\n');
      try {
        await connection.query(text);
      } catch (error) {
        await connection.query('rollback').catch(() => {});
        await prepared.recheck(connection).catch(() => {});
        if (isCheckpointMoved(error)) return false;
        throw error;
      }
      remembered.committed = fresh[fresh.length - 1]!.checkpoint;
      this.progress.emit('progress', projector.name, applied);
      return true;
    } finally {
      await runner.release();
    }
  }

  /**
   * Its start, lock and checkpoint in one round trip, the projector's own statements (`project`),
   * then the checkpoint's move, the notification and the commit in one.
   */
  private async applyInThreeRoundTrips(
    projector: Projector,
    events: readonly StoredEvent[],
    remembered: Remembered,
    after: LogCheckpoint | null,
  ) {
    const { dataSource, store } = this.options;
    let last: StoredEvent | undefined;
    let applied: bigint[] = [];
    const runner = dataSource.createQueryRunner();
    const connection = await connected(runner);
    let open = false;
    try {
      open = true;
      const results = (await connection.query(this.checkpoints.beginAndLock(projector.name))) as unknown as {
        rows: { checkpoint: LogCheckpoint | null }[];
      }[];
      const row = results[results.length - 1]?.rows[0];
      if (!row) throw new Error(`no checkpoint row for projector ${projector.name}`);
      const from = row.checkpoint;
      if (after !== null && (from === null || store.compareCheckpoints(from, after) < 0)) {
        remembered.memory.clear();
        remembered.committed = null;
        throw new CheckpointBehindBatchError(projector.name);
      }
      // A batch re-delivered after a crash or a rebuild holds events already applied: skip them.
      const fresh =
        from === null ? events : events.filter((e) => store.compareCheckpoints(e.checkpoint, from) > 0);
      if (fresh.length > 0) {
        // Another process's batch or a rebuild moved the table since this one's last: forget.
        if (remembered.committed === null || remembered.committed !== from) remembered.memory.clear();
        remembered.committed = null; // until this batch commits
        await projector.project(fresh, runner.manager, remembered.memory);
        last = fresh[fresh.length - 1]!;
        applied = fresh.map((e) => e.position);
      }
      await connection.query(last ? this.advanceAndCommit(projector, fresh, applied) : 'commit');
      open = false;
      if (last) remembered.committed = last.checkpoint;
    } finally {
      if (open) await connection.query('rollback').catch(() => {});
      await runner.release();
    }
    if (last) this.progress.emit('progress', projector.name, applied);
  }

  /** The checkpoint moved past the batch, and the notice heard by readers of other processes when it commits (ProjectionWaiter). */
  private advanceAndCommit(
    projector: Projector,
    events: readonly StoredEvent[],
    positions: readonly bigint[],
  ): string {
    const last = events[events.length - 1]!;
    return this.checkpoints.advanceAndCommit(
      projector.name,
      {
        checkpoint: last.checkpoint,
        position: last.position,
        lastEventAt: last.recordedAt,
        count: events.length,
      },
      {
        channel: projectionChannel(this.options.schema),
        payload: projectionNotice(projector.name, positions),
      },
    );
  }
}

/** What a projector remembers between batches, and the checkpoint its last batch here committed. */
interface Remembered {
  readonly memory: ProjectorMemory;
  committed: LogCheckpoint | null;
}

/** The query runner's pg connection itself, for statements sent together (simple protocol, several at once). */
async function connected(runner: QueryRunner): Promise<pg.PoolClient> {
  await runner.connect();
  return (runner as unknown as { databaseConnection: pg.PoolClient }).databaseConnection;
}
