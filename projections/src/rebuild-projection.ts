import { type EventStore, type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import {
  type MigrationClass,
  migrateDatabase,
} from '@coseso/event-store/postgres/migrations/migration-runner';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { Checkpoints, quoteIdent } from './checkpoints.js';
import { type ProjectionLog, silentLog } from './projection-log.js';
import { type Projector } from './projector.js';
import { openReadModelDataSource } from './read-model-data-source.js';

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
  /** What makes the shadow's tables: the app's migrations unless told (a test projector brings its own table). */
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
  const { projector, schema } = options;
  const started = performance.now();

  const shadowSchema = `${schema}__rebuild_${projector.name.replace(/\W/g, '_')}`;
  // Two rebuilds of one read model (the CLI and the operators' page, say) would share its shadow
  // schema: the second waits for the first, on a session lock. Its connection is not taken from the
  // read models' pool, which the live projectors' locks may fill.
  const guard = new pg.Client({ connectionString: options.url });
  await guard.connect();
  try {
    await guard.query('select pg_advisory_lock(hashtext($1))', [`rebuild:${schema}:${projector.name}`]);
    return await rebuildUnderLock(options, shadowSchema, started);
  } finally {
    await guard.end().catch(() => {}); // ending the session lets go of its lock
  }
}

async function rebuildUnderLock(
  options: RebuildOptions,
  shadowSchema: string,
  started: number,
): Promise<RebuildResult> {
  const { store, dataSource, projector, schema } = options;
  const log = options.log ?? silentLog;
  const batchSize = options.batchSize ?? 5_000;
  const checkpoints = new Checkpoints(schema);
  await dataSource.query(`drop schema if exists ${quoteIdent(shadowSchema)} cascade`);
  // Fresh tables made by the same migrations as the live ones; only the projector's are swapped in.
  await migrateDatabase({ url: options.url, schema: shadowSchema, migrations: options.migrations });
  const shadow = await openReadModelDataSource({
    url: options.url,
    schema: shadowSchema,
    entities: projector.entities,
    poolSize: 2,
  });

  let checkpoint: LogCheckpoint | null = null;
  let last: StoredEvent | null = null;
  let processed = 0;
  const total = (await store.lagAfter(null)).events;

  /**
   * Replays from where the shadow stands to the end of the log, reading the next batch while the
   * current one is written (the read and the write use both cores). `untilSettled`: also wait for
   * events still being committed; without it, stop at the last readable event (the live projector,
   * resuming from the rebuilt checkpoint, reads the rest in order).
   */
  const replay = async (onBatch: () => void, { untilSettled }: { untilSettled: boolean }) => {
    let next = store.readAll({ after: checkpoint, limit: batchSize });
    for (;;) {
      const { events, caughtUp: atEnd } = await next;
      const caughtUp = atEnd || (!untilSettled && events.length < batchSize);
      if (events.length > 0) {
        const batchEnd = events[events.length - 1]!;
        if (!caughtUp) next = store.readAll({ after: batchEnd.checkpoint, limit: batchSize });
        await shadow.transaction((em) => projector.project(events, em));
        last = batchEnd;
        checkpoint = batchEnd.checkpoint;
        processed += events.length;
        onBatch();
      }
      if (caughtUp) return;
      if (events.length === 0) {
        await new Promise((r) => setTimeout(r, 5));
        next = store.readAll({ after: checkpoint, limit: batchSize });
      }
    }
  };

  try {
    await replay(
      () => options.onProgress?.({ processed, total: Math.max(total, processed), phase: 'replaying' }),
      { untilSettled: true },
    );
    options.onProgress?.({ processed, total: Math.max(total, processed), phase: 'swapping' });

    const tables = projector.entities.map((entity) => shadow.getMetadata(entity).tableName);
    // The row must exist (a first build) without clobbering a live projector's progress; written
    // before the swap, whose transaction must hold no id while it reads the log.
    await checkpoints.ensureRow(dataSource, projector.name, projector.version);
    await dataSource.transaction(async (em) => {
      await checkpoints.lockForWriting(em, projector.name); // the live projector pauses until the swap
      await replay(() => {}, { untilSettled: false }); // what was appended during the replay
      for (const table of tables) {
        await em.query(`drop table if exists ${quoteIdent(schema)}.${quoteIdent(table)} cascade`);
        await em.query(
          `alter table ${quoteIdent(shadowSchema)}.${quoteIdent(table)} set schema ${quoteIdent(schema)}`,
        );
      }
      const lastEvent = last as StoredEvent | null;
      await checkpoints.reset(em, projector.name, projector.version, {
        checkpoint,
        position: lastEvent?.position ?? null,
        lastEventAt: lastEvent?.recordedAt ?? null,
        processed,
      });
    });
  } finally {
    await shadow.destroy().catch(() => {});
    await dataSource.query(`drop schema if exists ${quoteIdent(shadowSchema)} cascade`).catch(() => {});
  }

  const seconds = (performance.now() - started) / 1_000;
  options.onProgress?.({ processed, total: Math.max(total, processed), phase: 'done' });
  log.info(
    { projector: projector.name, events: processed, seconds: Number(seconds.toFixed(2)) },
    'read model rebuilt',
  );
  return { events: processed, seconds };
}
