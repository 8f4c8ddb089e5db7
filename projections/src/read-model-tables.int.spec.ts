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
