import { validateEvent } from '@coseso/event-schemas/catalog';
import { PostgresEventStore } from '@coseso/event-store/postgres/postgres-event-store';
import { type TestSchema, createTestSchema } from '@coseso/event-store/testing/postgres-test-schema';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { decryptingStore, seedLog } from './seed-log.js';

// The rebuild benchmark's log must be one the app could have written, or its figure means nothing.
describe("the rebuild benchmark's seeded log", () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema('bench_seed', 4);
  });
  afterAll(() => db.drop());

  it('holds whole hash chains, sealed personal fields that the app opens, and events that conform to their schemas', async () => {
    const { events, orders } = await seedLog(db.pool, db.schema, 1_200);
    expect(events).toBeGreaterThanOrEqual(1_200);
    const store = await PostgresEventStore.open({
      pool: db.pool,
      schema: db.schema,
      connectionString: db.url,
    });
    try {
      const report = await verifyHashChain(store);
      expect(report).toMatchObject({ ok: true, events, streams: orders });

      const stored = (await store.readAll({ after: null, limit: 10_000 })).events;
      const read = (await decryptingStore(store, db.pool, db.schema).readAll({ after: null, limit: 10_000 }))
        .events;
      // Those that name a company or a contact (about one in six, in these histories) are sealed.
      const sealed = stored.filter((e) => JSON.stringify(e.data).includes('"$enc"'));
      expect(sealed.length).toBeGreaterThan(events / 10);
      const text = JSON.stringify(read.map((e) => e.data));
      expect(text).not.toContain('"$enc"');
      expect(text).not.toContain('effacées');
      expect(text).toContain('claire@boulangerie-martin.fr');
      for (const event of read) expect(validateEvent(event)).toEqual({ ok: true });
    } finally {
      await store.close();
    }
  });
});
