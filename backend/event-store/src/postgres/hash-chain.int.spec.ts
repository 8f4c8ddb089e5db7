import { randomUUID } from 'node:crypto';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { type NewEvent, type StoredEvent } from '../event-store.js';
import { hashEvent } from '../hash-chain.js';
import { verifyHashChain } from '../verify-hash-chain.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { eventStoreMigrations } from './migrations/event-store-migrations.js';

let db: TestSchema;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestSchema('chain', 12, { migrations: eventStoreMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const event = (n: number, extra: Record<string, unknown> = {}): NewEvent => ({
  type: 'Noted',
  schemaVersion: 1,
  data: { n, note: `note ${n}`, nested: { z: 1, a: [n, 'é'] }, ...extra },
  metadata: { actor: { kind: 'system', id: 'test' }, occurredAt: new Date(0).toISOString() },
});

/** The chain recomputed from the events as read back, and checked against what the store wrote. */
function expectChained(events: StoredEvent[]) {
  let previous = '';
  events.forEach((stored, i) => {
    expect(stored.streamRevision).toBe(BigInt(i));
    expect(stored.hash).toBe(hashEvent(previous, stored));
    previous = stored.hash!;
  });
}

const q = (sql: string, values: unknown[] = []) =>
  db.pool.query(sql.replaceAll('$s', `"${db.schema}"`), values);

async function lastHash(streamId: string) {
  const { rows } = await q('select last_hash from $s.streams where stream_id = $1', [streamId]);
  return rows[0]?.last_hash as string | undefined;
}

describe('the hash chain, written by the append', () => {
  it('chains an append of several events, alone, with and without an expected revision', async () => {
    const stream = `s-${randomUUID()}`;
    await store.appendToStream(stream, [event(0), event(1), event(2)], { expectedRevision: 'no_stream' });
    await store.appendToStream(stream, [event(3)], { expectedRevision: 2n });
    await store.appendToStream(stream, [event(4), event(5)], { expectedRevision: 'any' });
    // More than a prepared statement holds: the unprepared path.
    await store.appendToStream(
      stream,
      Array.from({ length: 20 }, (_, i) => event(6 + i)),
      { expectedRevision: 5n },
    );
    const events = await store.readStream(stream);
    expect(events).toHaveLength(26);
    expectChained(events);
    expect(await lastHash(stream)).toBe(events[25]!.hash);
  });

  it('chains each stream right when concurrent appends go together in one batch', async () => {
    const streams = Array.from({ length: 24 }, () => `b-${randomUUID()}`);
    await Promise.all(
      streams.map((s, i) => store.appendToStream(s, [event(0), event(i)], { expectedRevision: 'no_stream' })),
    );
    // Rounds of 24 concurrent appends: the group commit batches them, one stream at a time each.
    for (let round = 1; round <= 4; round++)
      await Promise.all(
        streams.map((s) =>
          store.appendToStream(s, [event(round, { round })], { expectedRevision: BigInt(round) }),
        ),
      );
    // Two appends to one stream in one batch: one wins, the other is refused, and the chain holds.
    const contested = streams[0]!;
    const outcomes = await Promise.allSettled([
      ...streams.slice(1).map((s) => store.appendToStream(s, [event(9)], { expectedRevision: 5n })),
      store.appendToStream(contested, [event(10)], { expectedRevision: 5n }),
      store.appendToStream(contested, [event(11)], { expectedRevision: 5n }),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
    const { rows } = await q(
      'select count(*)::int as events, count(distinct transaction_id)::int as transactions from $s.events where stream_id = any($1)',
      [streams],
    );
    expect(rows[0].transactions).toBeLessThan(rows[0].events / 2); // batched indeed
    for (const s of streams) {
      const events = await store.readStream(s);
      expect(events).toHaveLength(7);
      expectChained(events);
      expect(await lastHash(s)).toBe(events[6]!.hash);
    }
  });

  it('gives the same hash for the same content on any path, and another for any other content', async () => {
    const [a, b] = [`same-${randomUUID()}`, `same-${randomUUID()}`];
    await store.appendToStream(a, [event(0)], { expectedRevision: 'no_stream' });
    await store.appendToStream(b, [event(0)], { expectedRevision: 'any' });
    const [[ea], [eb]] = [await store.readStream(a), await store.readStream(b)];
    expect(ea!.hash).toBe(eb!.hash);
    expect(ea!.hash).toBe(hashEvent('', event(0)));
    expect(ea!.hash).not.toBe(hashEvent('', event(1)));
  });
});

describe('verifyHashChain', () => {
  // Each case has a log of its own: the check reads every stream.
  let own: TestSchema;
  let ownStore: PostgresEventStore;
  const streams = Array.from({ length: 5 }, () => `v-${randomUUID()}`);
  beforeEach(async () => {
    own = await createTestSchema('verify', 4, { migrations: eventStoreMigrations });
    ownStore = await PostgresEventStore.open({
      pool: own.pool,
      schema: own.schema,
      connectionString: own.url,
    });
    for (const s of streams)
      for (let i = 0; i < 4; i++) await ownStore.appendToStream(s, [event(i)], { expectedRevision: 'any' });
  });
  afterEach(async () => {
    await ownStore.close();
    await own.drop();
  });
  const sql = (text: string, values: unknown[]) =>
    own.pool.query(text.replaceAll('$s', `"${own.schema}"`), values);
  const hashAt = async (stream: string, revision: number) =>
    (await ownStore.readStream(stream))[revision]!.hash!;

  it('finds an intact log intact', async () => {
    expect(await verifyHashChain(ownStore)).toMatchObject({ ok: true, streams: 5, events: 20, broken: [] });
  });

  it('catches an event altered in the database, naming the stream, revision and both hashes', async () => {
    const stored = await hashAt(streams[2]!, 1);
    await sql(
      `update $s.events set data = jsonb_set(data, '{note}', '"autre chose"') where stream_id = $1 and stream_revision = 1`,
      [streams[2]],
    );
    const report = await verifyHashChain(ownStore);
    expect(report.ok).toBe(false);
    expect(report.broken).toEqual([
      expect.objectContaining({ streamId: streams[2], revision: 1n, kind: 'altered', found: stored }),
    ]);
    expect(report.broken[0]!.expected).toMatch(/^[0-9a-f]{64}$/);
    expect(report.broken[0]!.expected).not.toBe(stored);
    expect(report.broken[0]!.description).toContain('n° 1 a été modifié');
  });

  it('catches an altered event even when its hash was recomputed to match', async () => {
    const altered = { ...event(2), data: { n: 2, note: 'falsifié' } };
    await sql(`update $s.events set data = $2, hash = $3 where stream_id = $1 and stream_revision = 2`, [
      streams[0],
      JSON.stringify(altered.data),
      hashEvent(await hashAt(streams[0]!, 1), altered),
    ]);
    expect((await verifyHashChain(ownStore)).broken).toEqual([
      expect.objectContaining({ streamId: streams[0], revision: 3n, kind: 'altered' }),
    ]);
  });

  it('catches an event deleted from the middle of a stream, and from its end', async () => {
    const following = await hashAt(streams[1]!, 2);
    await sql('delete from $s.events where stream_id = $1 and stream_revision = 1', [streams[1]]);
    const lastOfFour = await hashAt(streams[3]!, 3);
    await sql('delete from $s.events where stream_id = $1 and stream_revision = 3', [streams[3]]);
    const report = await verifyHashChain(ownStore);
    expect(report.ok).toBe(false);
    expect(report.broken).toEqual([
      expect.objectContaining({
        streamId: streams[1],
        revision: 2n,
        kind: 'missing-events',
        found: following,
      }),
      expect.objectContaining({
        streamId: streams[3],
        revision: 3n,
        kind: 'missing-tail',
        expected: lastOfFour,
        found: null,
      }),
    ]);
    expect(report.broken[0]!.description).toContain('n° 1 a été supprimé');
  });

  it('catches a whole stream deleted from the log', async () => {
    await sql('delete from $s.events where stream_id = $1', [streams[4]]);
    expect((await verifyHashChain(ownStore)).broken).toEqual([
      expect.objectContaining({ streamId: streams[4], revision: 0n, kind: 'missing-tail' }),
    ]);
  });
});
