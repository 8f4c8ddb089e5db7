import { type MigrationClass, migrateDatabase } from '@coseso/database/migration-runner';
import {
  type EventStore,
  type LogCheckpoint,
  type ReadAllResult,
  type StoredEvent,
} from '@coseso/event-store/event-store';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { Checkpoints, quoteIdent } from './checkpoints.js';
import { readModelMigrations } from './migrations/read-model-migrations.js';
import { type ProjectionLog, silentLog } from './projection-log.js';
import { type Projector, ProjectorMemory } from './projector.js';
import { type Replayer, type ReplayerOptions, ShadowWriter } from './replay.js';
import { openReadModelDataSource } from './read-model-data-source.js';

/** Events per batch of a rebuild: read at once, folded, then written while the next batch is read. */
export const REBUILD_BATCH_SIZE = 5_000;

export interface RebuildProgress {
  readonly processed: number;
  readonly total: number;
  readonly phase: 'replaying' | 'swapping' | 'done';
}

export interface RebuildOptions {
  readonly store: EventStore;
  readonly dataSource: DataSource;
  readonly url: string;
  readonly schema: string;
  readonly projector: Projector;
  readonly batchSize?: number;
  readonly log?: ProjectionLog;
  readonly onProgress?: (progress: RebuildProgress) => void;
  /** How the projectors' replayers may use memory (their defaults unless told). */
  readonly replayer?: ReplayerOptions;
  /** What makes the shadow's tables: the read models' migrations unless told (a test projector brings its own table). */
  readonly migrations?: readonly MigrationClass[];
}

export interface RebuildResult {
  readonly events: number;
  readonly seconds: number;
}

/**
 * Replays the whole log into fresh tables in a shadow schema while the live tables keep serving,
 * then swaps them in one transaction that holds the projector's checkpoint lock (the live
 * projector waits for it, then resumes from the rebuilt checkpoint).
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { projector, ...rest } = options;
  return rebuildProjections({ ...rest, projectors: [projector] });
}

export interface RebuildAllOptions extends Omit<RebuildOptions, 'projector'> {
  readonly projectors: readonly Projector[];
}

/**
 * Several read models rebuilt together (the operators' « tout reconstruire »): the log is read
 * once, and each batch is written into every shadow at the same time (each in its own transaction,
 * on its own connection), so the database writes while this process reads and folds the next
 * batch. Each is then swapped in as `rebuildProjection` does. `events` is the number of log events
 * replayed.
 */
export async function rebuildProjections(options: RebuildAllOptions): Promise<RebuildResult> {
  const { schema } = options;
  const started = performance.now();
  // Two rebuilds of one read model (the CLI and the operators' page, say) would share its shadow
  // schema: the second waits for the first, on a session lock. Its connection is not taken from the
  // read models' pool, which the live projectors' locks may fill. Locks are taken in name order,
  // so that two rebuilds of overlapping sets cannot wait for each other.
  const guard = new pg.Client({ connectionString: options.url });
  // Its session is the locks: once it is gone (PostgreSQL restarting, say), another rebuild may
  // start, so this one stops at its next batch. Unheard, the error would end the process (the API's,
  // when the operators' page started the rebuild).
  let lockLost: Error | null = null;
  guard.on('error', (error) => (lockLost ??= error));
  const stillLocked = () => {
    if (lockLost) throw new Error(`the rebuild's lock was lost with its connection: ${lockLost.message}`);
  };
  await guard.connect();
  try {
    for (const name of options.projectors.map((p) => p.name).sort())
      await guard.query('select pg_advisory_lock(hashtext($1))', [`rebuild:${schema}:${name}`]);
    return await rebuildUnderLock(options, started, stillLocked);
  } finally {
    await guard.end().catch(() => {}); // ending the session lets go of its locks
  }
}

/** Where one read model's rebuild stands. */
interface Target {
  readonly projector: Projector;
  readonly shadowSchema: string;
  shadow: DataSource | null;
  checkpoint: LogCheckpoint | null;
  last: StoredEvent | null;
  processed: number;
  /** What the projector remembers between the replay's batches (each into the shadow tables). */
  readonly memory: ProjectorMemory;
  /** Its tables' secondary indexes, dropped during the replay and made again before the swap. */
  deferredIndexes: { indexname: string; indexdef: string }[];
  /** The projector's rebuild path and where it writes, when it has one (`project` otherwise). */
  replayer: Replayer | null;
  writer: ShadowWriter | null;
  /** The writes of the last two batches, the older first: a batch is folded while the previous one's are written. */
  writes: [Promise<void>, Promise<void>];
}

/** The names of the tables a target's projector owns. */
const tablesOf = (target: Target) =>
  target.projector.entities.map((entity) => target.shadow!.getMetadata(entity).tableName);

/**
 * Drops the shadow tables' indexes that no constraint needs (the upserts need the primary and
 * unique keys), and says how to make them again.
 */
async function deferIndexes(target: Target) {
  const shadow = target.shadow!;
  const tables = tablesOf(target);
  const indexes = (await shadow.query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = $1 and i.tablename = any($2)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
    [target.shadowSchema, tables],
  )) as { indexname: string; indexdef: string }[];
  for (const { indexname } of indexes)
    await shadow.query(`drop index ${quoteIdent(target.shadowSchema)}.${quoteIdent(indexname)}`);
  return indexes;
}

async function rebuildUnderLock(
  options: RebuildAllOptions,
  started: number,
  stillLocked: () => void,
): Promise<RebuildResult> {
  const { store, dataSource, schema } = options;
  const log = options.log ?? silentLog;
  const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
  const checkpoints = new Checkpoints(schema);
  const targets: Target[] = options.projectors.map((projector) => ({
    projector,
    shadowSchema: `${schema}__rebuild_${projector.name.replace(/\W/g, '_')}`,
    shadow: null,
    checkpoint: null,
    last: null,
    processed: 0,
    memory: new ProjectorMemory(),
    deferredIndexes: [],
    replayer: null,
    writer: null,
    writes: [Promise.resolve(), Promise.resolve()],
  }));
  const total = (await store.lagAfter(null)).events;
  const replayed = () => Math.min(...targets.map((t) => t.processed));

  /**
   * Replays from where the shadows stand to the end of the log, reading the next batch while the
   * current one is written (the read and the writes use both cores). `untilSettled`: also wait for
   * events still being committed; without it, stop at the last readable event (the live projector,
   * resuming from the rebuilt checkpoint, reads the rest in order). The targets stand at one checkpoint.
   */
  const replay = async (
    into: readonly Target[],
    onBatch: () => void,
    { untilSettled, replayers }: { untilSettled: boolean; replayers: boolean },
  ) => {
    let after = into[0]!.checkpoint;
    // From the log's start, the store's export streams it (the Postgres store: one COPY, decision
    // 110) up to where it stood; batched reads take it from there to the end.
    let exported = after === null ? store.exportLog({}, { batchSize })[Symbol.asyncIterator]() : null;
    const read = async (from: LogCheckpoint | null): Promise<ReadAllResult> => {
      if (exported) {
        const { done, value } = await exported.next();
        if (!done) return { events: value, caughtUp: false };
        exported = null;
      }
      return store.readAll({ after: from, limit: batchSize });
    };
    // The next batch is read while this one is written: if that read fails first, its rejection
    // waits, heard, until the loop comes to it (unheard, Node would end the process on it).
    const readAhead = (from: LogCheckpoint | null) => {
      const next = read(from);
      next.catch(() => {});
      return next;
    };
    let next = readAhead(after);
    try {
      await replayFrom();
    } finally {
      // Stopped before the export's end (a failure, a lost lock): its stream is let go.
      await next.catch(() => {});
      await exported?.return?.(undefined).catch(() => {});
    }

    async function replayFrom() {
      for (;;) {
        const { events, caughtUp: atEnd } = await next;
        stillLocked();
        const caughtUp = atEnd || (!untilSettled && events.length < batchSize);
        if (events.length > 0) {
          const batchEnd = events[events.length - 1]!;
          if (!caughtUp) next = readAhead(batchEnd.checkpoint);
          await Promise.all(
            into.map(async (target) => {
              const { replayer, writer } = target;
              if (replayers && replayer && writer) {
                // Its reads must see every batch's writes but the previous one's (ShadowTables).
                await target.writes[0];
                writer.check();
                await replayer.replay(events, writer);
                target.writes = [target.writes[1], writer.written()];
              } else
                await target.shadow!.transaction((em) => target.projector.project(events, em, target.memory));
              target.last = batchEnd;
              target.checkpoint = batchEnd.checkpoint;
              target.processed += events.length;
            }),
          );
          after = batchEnd.checkpoint;
          onBatch();
        }
        if (caughtUp) return;
        if (events.length === 0) {
          await new Promise((r) => setTimeout(r, 5));
          next = readAhead(after);
        }
      }
    }
  };

  try {
    for (const target of targets) {
      await dataSource.query(`drop schema if exists ${quoteIdent(target.shadowSchema)} cascade`);
      // Fresh tables made by the same migrations as the live ones; only the projector's are swapped in.
      await migrateDatabase({
        url: options.url,
        schema: target.shadowSchema,
        migrations: options.migrations ?? readModelMigrations,
      });
      target.shadow = await openReadModelDataSource({
        url: options.url,
        schema: target.shadowSchema,
        entities: target.projector.entities,
        poolSize: 2,
      });
      target.deferredIndexes = await deferIndexes(target);
      target.replayer = target.projector.replayer?.(options.replayer) ?? null;
      if (target.replayer) target.writer = new ShadowWriter(options.url, target.shadow);
    }
    await replay(
      targets,
      () =>
        options.onProgress?.({
          processed: replayed(),
          total: Math.max(total, replayed()),
          phase: 'replaying',
        }),
      { untilSettled: true, replayers: true },
    );
    for (const { replayer, writer } of targets) {
      if (writer) replayer?.flush?.(writer);
      await writer?.written();
      writer?.check();
    }
    // Built once over the whole table: far cheaper than keeping them row by row (a trigram index most of all).
    for (const target of targets)
      for (const { indexdef } of target.deferredIndexes) await target.shadow!.query(indexdef);
    // The planner's statistics of the new tables, so that their first queries after the swap are
    // planned on their rows (fresh tables have none until autovacuum comes by).
    for (const target of targets)
      for (const table of tablesOf(target))
        await target.shadow!.query(`analyze ${quoteIdent(target.shadowSchema)}.${quoteIdent(table)}`);
    options.onProgress?.({ processed: replayed(), total: Math.max(total, replayed()), phase: 'swapping' });

    for (const target of targets) {
      const { projector, shadowSchema } = target;
      const tables = tablesOf(target);
      // The row must exist (a first build) without clobbering a live projector's progress; written
      // before the swap, whose transaction must hold no id while it reads the log.
      await checkpoints.ensureRow(dataSource, projector.name, projector.version);
      await dataSource.transaction(async (em) => {
        await checkpoints.lockForWriting(em, projector.name); // the live projector pauses until the swap
        stillLocked();
        // What was appended during the replay, as the live projector would apply it.
        await replay([target], () => {}, { untilSettled: false, replayers: false });
        for (const table of tables) {
          await em.query(`drop table if exists ${quoteIdent(schema)}.${quoteIdent(table)} cascade`);
          await em.query(
            `alter table ${quoteIdent(shadowSchema)}.${quoteIdent(table)} set schema ${quoteIdent(schema)}`,
          );
        }
        const lastEvent = target.last as StoredEvent | null;
        await checkpoints.reset(em, projector.name, projector.version, {
          checkpoint: target.checkpoint,
          position: lastEvent?.position ?? null,
          lastEventAt: lastEvent?.recordedAt ?? null,
          processed: target.processed,
        });
      });
    }
  } finally {
    for (const target of targets) {
      await target.writer?.end().catch(() => {});
      await target.shadow?.destroy().catch(() => {});
      await dataSource
        .query(`drop schema if exists ${quoteIdent(target.shadowSchema)} cascade`)
        .catch(() => {});
    }
  }

  const seconds = (performance.now() - started) / 1_000;
  const processed = replayed();
  options.onProgress?.({ processed, total: Math.max(total, processed), phase: 'done' });
  for (const { projector, processed: events } of targets)
    log.info(
      { projector: projector.name, events, seconds: Number(seconds.toFixed(2)) },
      'read model rebuilt',
    );
  return { events: processed, seconds };
}
