import { validateEvent } from '@coseso/event-schemas/catalog';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { decryptingStore, seedLog } from './seed-log.js';

// The rebuild benchmark's log must be one the app could have written, or its figure means nothing.
describe("the rebuild benchmark's seeded log", () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema('bench_seed', 4, { migrations: allMigrations });
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
      // Those that name a company or a contact (about one in six, in these histories) are sealed:
      // markers in the fields' places, the values in the event's one envelope.
      const sealed = stored.filter((e) => JSON.stringify(e.data).includes('{"$sealed":true}'));
      expect(sealed.length).toBeGreaterThan(events / 10);
      expect(
        sealed.every((e) => typeof (e.metadata['$sealed'] as { $enc?: unknown }).$enc === 'string'),
      ).toBe(true);
      const text = JSON.stringify(read.map((e) => [e.data, e.metadata]));
      expect(text).not.toContain('$sealed');
      expect(text).not.toContain('"$enc"');
      expect(text).not.toContain('effacées');
      expect(text).toContain('claire@boulangerie-martin.fr');
      for (const event of read) expect(validateEvent(event)).toEqual({ ok: true });
    } finally {
      await store.close();
    }
  });

  it("interleaves the events of several orders, as months of a real log do, each stream's in order", async () => {
    const { events, orders } = await seedLog(db.pool, db.schema, 600, { interleave: 20 });
    const store = await PostgresEventStore.open({
      pool: db.pool,
      schema: db.schema,
      connectionString: db.url,
    });
    try {
      const all = (await store.readAll({ after: null, limit: 10_000 })).events;
      const seeded = all.slice(-events);
      // The log's first events are those of 20 different orders, each at its revision 0.
      expect(new Set(seeded.slice(0, 20).map((e) => e.streamId)).size).toBe(20);
      expect(seeded.slice(0, 20).every((e) => e.streamRevision === 0n)).toBe(true);
      const next = new Map<string, bigint>();
      for (const event of seeded) {
        expect(event.streamRevision).toBe(next.get(event.streamId) ?? 0n);
        next.set(event.streamId, event.streamRevision + 1n);
      }
      expect(next.size).toBe(orders);
      expect(await verifyHashChain(store)).toMatchObject({ ok: true });
    } finally {
      await store.close();
    }
  });
});
