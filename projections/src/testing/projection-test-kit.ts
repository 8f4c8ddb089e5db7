import { type EventStore } from '@coseso/event-store/event-store';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { projectionTestMigrations } from './projection-test-migrations.js';
import { type DataSource } from 'typeorm';
import { allProjectors } from '../all-projectors.js';
import { quoteIdent } from '../checkpoints.js';
import { projectionStatus } from '../projection-status.js';
import { type Projector } from '../projector.js';
import { openReadModelDataSource } from '../read-model-data-source.js';

export interface ProjectionTestContext {
  db: TestSchema;
  store: PostgresEventStore;
  dataSource: DataSource;
  /** What a ProjectionRunner or a rebuild needs to reach this context's log and read models. */
  projectionOptions: { store: PostgresEventStore; dataSource: DataSource; url: string; schema: string };
  close(): Promise<void>;
}

export async function openProjectionTestContext(
  projectors: readonly Projector[] = allProjectors,
): Promise<ProjectionTestContext> {
  const db = await createTestSchema('proj', 10, { migrations: projectionTestMigrations });
  const store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  const dataSource = await openReadModelDataSource({
    url: db.url,
    schema: db.schema,
    entities: projectors.flatMap((p) => p.entities),
    // The runner holds one connection per projector for its lock: room for those and the batches.
    poolSize: projectors.length + 3,
  });
  return {
    db,
    store,
    dataSource,
    projectionOptions: { store, dataSource, url: db.url, schema: db.schema },
    async close() {
      await store.close();
      await dataSource.destroy();
      await db.drop();
    },
  };
}

/** Every row of every table of the projectors, in primary-key order: what "the same read model" means. */
export async function snapshotReadModels(
  dataSource: DataSource,
  schema: string,
  projectors: readonly Projector[] = allProjectors,
) {
  const snapshot: Record<string, unknown[]> = {};
  for (const entity of projectors.flatMap((p) => p.entities)) {
    const meta = dataSource.getMetadata(entity);
    const order = meta.primaryColumns.map((c) => quoteIdent(c.databaseName)).join(', ');
    snapshot[meta.tableName] = await dataSource.query(
      `select * from ${quoteIdent(schema)}.${quoteIdent(meta.tableName)} order by ${order}`,
    );
  }
  return snapshot;
}

export async function waitUntilCaughtUp(
  store: EventStore,
  dataSource: DataSource,
  schema: string,
  projectors: readonly Projector[] = allProjectors,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await projectionStatus(store, dataSource, schema, projectors);
    if (status.every((s) => s.state === 'running' && s.lagEvents === 0)) return status;
    if (Date.now() > deadline) throw new Error(`projections not caught up: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
