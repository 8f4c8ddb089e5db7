import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { projectionTestMigrations } from './testing/projection-test-migrations.js';
import { allProjectors } from './all-projectors.js';
import { openReadModelDataSource } from './read-model-data-source.js';

let db: TestSchema;
beforeAll(async () => {
  db = await createTestSchema('tables', 2, { migrations: projectionTestMigrations });
});
afterAll(() => db.drop());

/**
 * The statements TypeORM would run to make the tables fit the projectors' entities: none when the
 * migrations and the entities agree. When this test fails, its diff shows the SQL a new migration needs.
 */
async function entityDrift(): Promise<string[]> {
  const dataSource = await openReadModelDataSource({
    url: db.url,
    schema: db.schema,
    entities: allProjectors.flatMap((p) => p.entities),
  });
  try {
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    return upQueries.map((q) => q.query.replaceAll(`"${db.schema}".`, '').trim());
  } finally {
    await dataSource.destroy();
  }
}

describe('the read-model tables', () => {
  it('made by the migrations, are what the entities describe', async () => {
    expect(await entityDrift()).toEqual([]);
  });

  it('are told apart from the entities as soon as a column differs', async () => {
    await db.pool.query(`alter table "${db.schema}".order_timeline drop column description`);
    expect(await entityDrift()).toEqual(['ALTER TABLE "order_timeline" ADD "description" text NOT NULL']);
  });
});

describe("the order detail's updates", () => {
  it('stay on their page (HOT): its only index never changes, and its pages keep room for one', async () => {
    const client = await db.pool.connect();
    const detail = `"${db.schema}".order_detail`;
    // ~700 bytes that do not compress, as a filled form's state: about eleven rows a page.
    const state = (seed: string) =>
      `jsonb_build_object('form', (select string_agg(md5(${seed} || i::text), '') from generate_series(1, 20) i))`;
    try {
      await client.query(
        `insert into ${detail} (order_id, order_number, status, state, revision)
         select gen_random_uuid(), n, 'draft', ${state('n::text')}, 1 from generate_series(1, 2000) n`,
      );
      const before = await hotCounts(client, db.schema);
      // One transaction per update, as the projector writes one batch at a time.
      for (let n = 1; n <= 200; n++) {
        await client.query(
          `update ${detail} set revision = revision + 1, state = ${state("'v2-' || order_number")}
           where order_number = $1`,
          [n * 10],
        );
      }
      const after = await hotCounts(client, db.schema);
      expect(after.updates - before.updates).toBe(200);
      expect(after.hot - before.hot).toBe(200);
    } finally {
      client.release();
    }
  });
});

async function hotCounts(client: import('pg').PoolClient, schema: string) {
  // This backend's counts reach the statistics view once flushed; the view caches within a transaction.
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ updates: string; hot: string }>(
    `select n_tup_upd as updates, n_tup_hot_upd as hot from pg_stat_user_tables
     where schemaname = $1 and relname = 'order_detail'`,
    [schema],
  );
  return { updates: Number(rows[0]!.updates), hot: Number(rows[0]!.hot) };
}
