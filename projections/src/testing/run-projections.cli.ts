// A projector process for the crash test: runs the real runner, with each batch held open for a
// while inside its transaction so that a kill lands mid-batch.
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import pg from 'pg';
import { allProjectors } from '../all-projectors.js';
import { ProjectionRunner } from '../projection-runner.js';
import { type Projector } from '../projector.js';
import { openReadModelDataSource } from '../read-model-data-source.js';

const [url, schema, batchSize, holdMs] = process.argv.slice(2) as [string, string, string, string];
const slow = (p: Projector): Projector => ({
  ...p,
  writes: undefined, // every batch through `project`, which holds it
  async project(events, em, memory) {
    await p.project(events, em, memory);
    await new Promise((r) => setTimeout(r, Number(holdMs)));
  },
});
const pool = new pg.Pool({ connectionString: url, max: 4 });
const store = await PostgresEventStore.open({ pool, schema, connectionString: url });
const dataSource = await openReadModelDataSource({
  url,
  schema,
  entities: allProjectors.flatMap((p) => p.entities),
  poolSize: allProjectors.length + 3, // a lock connection per projector, and the batches
});
const runner = new ProjectionRunner({
  store,
  dataSource,
  url,
  schema,
  projectors: allProjectors.map(slow),
  batchSize: Number(batchSize),
});
await runner.start();
process.stdout.write('started\n');
