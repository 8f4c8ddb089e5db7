import { randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { MIGRATIONS_TABLE, migrateDatabase } from '@coseso/database/migration-runner';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { type LogReads, startCatchUpSubscription } from '../catch-up-subscription.js';
import { type LogCheckpoint, type StoredEvent, WrongExpectedRevisionError } from '../event-store.js';
import { eventStoreContract } from '../testing/event-store.contract.js';
import { until } from '../testing/until.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { eventStoreMigrations } from './migrations/event-store-migrations.js';

let db: TestSchema;
let store: PostgresEventStore;
const others: PostgresEventStore[] = [];

beforeAll(async () => {
  db = await createTestSchema('es', 20, { migrations: eventStoreMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
});
afterAll(async () => {
  await Promise.all([store, ...others].map((s) => s.close()));
  await db.drop();
});

describe('PostgresEventStore', () => {
  eventStoreContract({
    store: () => store,
    openAnother: async () => {
      const other = await PostgresEventStore.open({
        pool: db.pool,
        schema: db.schema,
        connectionString: db.url,
      });
      others.push(other);
      return other;
    },
  });

  it('never lets a subscriber skip an event whose transaction commits after later ones', async () => {
    // A writer holds its append open while others append and commit: its position is lower than
    // theirs, but it commits last. A reader ordering by position alone would skip it.
    const slowStream = `slow-${randomUUID()}`;
    const seen: StoredEvent[] = [];
    // The subscription's reads, numbered, and those that have answered.
    let readsStarted = 0;
    const readsAnswered = new Set<number>();
    const reads: LogReads = {
      readAll: async (options) => {
        const read = ++readsStarted;
        try {
          return await store.readAll(options);
        } finally {
          readsAnswered.add(read);
        }
      },
      onAppended: (listener) => store.onAppended(listener),
    };
    const subscription = startCatchUpSubscription(reads, {
      after: null,
      handle: async (events) => void seen.push(...events),
    });
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      await slow.query('begin');
      await slow.query(
        `insert into "${db.schema}".events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
         values ($1, 0, $2, 'Slow', 1, '{}', '{}')`,
        [slowStream, randomUUID()],
      );
      const fastStream = `fast-${randomUUID()}`;
      await store.appendToStream(fastStream, [{ type: 'Fast', schemaVersion: 1, data: {}, metadata: {} }], {
        expectedRevision: 'no_stream',
      });
      // A read begun after the fast append has answered (the append's notice wakes the subscription).
      const readAfterFast = readsStarted + 1;
      await until(() => readsAnswered.has(readAfterFast));
      expect(seen.some((e) => e.streamId === fastStream)).toBe(false); // held back behind the open transaction
      await slow.query('commit');
      await store.appendToStream(
        `wake-${randomUUID()}`,
        [{ type: 'Wake', schemaVersion: 1, data: {}, metadata: {} }],
        { expectedRevision: 'no_stream' },
      );
      await until(
        () => seen.some((e) => e.streamId === fastStream) && seen.some((e) => e.streamId === slowStream),
      );
      const slowIndex = seen.findIndex((e) => e.streamId === slowStream);
      const fastIndex = seen.findIndex((e) => e.streamId === fastStream);
      expect(slowIndex).toBeLessThan(fastIndex); // transaction order, not position order
      expect(seen[slowIndex]!.position).toBeLessThan(seen[fastIndex]!.position);
    } finally {
      await slow.end();
      await subscription.stop();
    }
  });

  it("never lets a page of the auditors' log pass an event whose transaction commits after later ones", async () => {
    // As above, for readLog: the page that would show the later event waits for the open
    // transaction (a little) and then stops short of both; the next page, after the commit, has
    // the two in transaction order. A page by position alone would skip the slow one for good.
    const type = `Held${randomUUID().replaceAll('-', '')}`;
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      await slow.query('begin');
      await slow.query(
        `insert into "${db.schema}".events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
         values ($1, 0, $2, $3, 1, '{"n":0}', '{}')`,
        [`slow-${randomUUID()}`, randomUUID(), type],
      );
      await store.appendToStream(
        `fast-${randomUUID()}`,
        [{ type, schemaVersion: 1, data: { n: 1 }, metadata: {} }],
        { expectedRevision: 'no_stream' },
      );
      const first = await store.readLog({ filter: { type }, after: null, limit: 10 });
      expect(first).toEqual({ events: [], next: null, end: true });
      await slow.query('commit');
      const second = await store.readLog({ filter: { type }, after: first.next, limit: 10 });
      expect(second.events.map((e) => (e.data as { n: number }).n)).toEqual([0, 1]);
      expect(second.events[0]!.position).toBeLessThan(second.events[1]!.position);
    } finally {
      await slow.end();
    }
  });

  it('writes appends that arrive together in one batch, refusing exactly the ones whose expectation is wrong', async () => {
    const event = (type: string) => ({ type, schemaVersion: 1, data: {}, metadata: {} });
    const behind = `behind-${randomUUID()}`;
    const raced = `raced-${randomUUID()}`;
    await store.appendToStream(behind, [event('A'), event('B'), event('C')], {
      expectedRevision: 'no_stream',
    });
    await store.appendToStream(raced, [event('A')], { expectedRevision: 'no_stream' });

    const fresh = Array.from({ length: 10 }, () => `fresh-${randomUUID()}`);
    const results = await Promise.allSettled([
      ...fresh.map((stream) =>
        store.appendToStream(stream, [event('X'), event('Y')], { expectedRevision: 'no_stream' }),
      ),
      store.appendToStream(behind, [event('D')], { expectedRevision: 7n }), // a revision the stream does not have
      store.appendToStream(raced, [event('R1')], { expectedRevision: 0n }),
      store.appendToStream(raced, [event('R2')], { expectedRevision: 0n }),
    ]);

    expect(results.slice(0, 10).map((r) => r.status)).toEqual(fresh.map(() => 'fulfilled'));
    expect(results[10]).toMatchObject({ status: 'rejected', reason: { streamId: behind, actual: 2n } });
    expect(results.slice(11).filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const stream of fresh)
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['X', 'Y']);
    expect(await store.readStream(behind)).toHaveLength(3);
    expect(await store.readStream(raced)).toHaveLength(2);
  });

  it('refuses a batched append whose expectation is wrong even when another append of its batch wrote to the same stream', async () => {
    const event = (type: string) => ({ type, schemaVersion: 1, data: {}, metadata: {} });
    const shared = `shared-${randomUUID()}`;
    await store.appendToStream(shared, [event('Original')], { expectedRevision: 'no_stream' });
    const batches = spyOnBatches();
    try {
      // The first appends go alone and fill every writer: the rest, A and B among them, wait and
      // go together in one batch.
      const fillers = Array.from({ length: 8 }, () => `filler-${randomUUID()}`);
      const results = await Promise.allSettled([
        ...fillers.map((stream) =>
          store.appendToStream(stream, [event('X')], { expectedRevision: 'no_stream' }),
        ),
        store.appendToStream(shared, [event('A')], { expectedRevision: 0n }),
        store.appendToStream(shared, [event('B')], { expectedRevision: 7n }), // a revision the stream does not have
      ]);

      expect(batches.streams.some((streams) => streams.filter((s) => s === shared).length === 2)).toBe(true);
      expect(results.slice(0, fillers.length).map((r) => r.status)).toEqual(fillers.map(() => 'fulfilled'));
      expect(results.at(-2)).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1n } });
      expect(results.at(-1)).toMatchObject({ status: 'rejected', reason: { streamId: shared, actual: 1n } });
      expect((results.at(-1) as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(shared)).map((e) => e.type)).toEqual(['Original', 'A']);
    } finally {
      batches.restore();
    }
  });

  it('gives a live subscriber every event exactly once under 64 concurrent writers', async () => {
    const writers = 64;
    const appendsPerWriter = 25;
    const runId = randomUUID().slice(0, 8);
    const seen = new Map<string, number>();
    const order: LogCheckpoint[] = [];
    const subscription = startCatchUpSubscription(store, {
      after: null,
      batchSize: 100,
      handle: async (events) => {
        for (const e of events) {
          order.push(e.checkpoint);
          if (!e.streamId.startsWith(`load-${runId}`)) continue;
          const key = `${e.streamId}#${e.streamRevision}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      },
    });
    try {
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = `load-${runId}-${w}`;
          for (let i = 0; i < appendsPerWriter; i++) {
            // Two events per append, and a few streams shared between writers to mix in conflicts.
            await store.appendToStream(
              stream,
              [
                { type: 'Load', schemaVersion: 1, data: { w, i }, metadata: {} },
                { type: 'Load', schemaVersion: 1, data: { w, i, second: true }, metadata: {} },
              ],
              { expectedRevision: 'any' },
            );
          }
        }),
      );
      const expected = writers * appendsPerWriter * 2;
      await until(() => seen.size === expected, 20_000).catch((e) => {
        throw new Error(`${String(e)}: saw ${seen.size} of ${expected}`);
      });
      expect([...seen.values()].every((count) => count === 1)).toBe(true);
      expect(await isStrictlyIncreasing(order)).toBe(true);
      const { rows } = await db.pool.query<{ revision: string }>(
        `select revision from "${db.schema}".streams where stream_id like $1`,
        [`load-${runId}-%`],
      );
      expect(rows.map((r) => r.revision)).toEqual(rows.map(() => String(appendsPerWriter * 2 - 1)));
      expect(rows).toHaveLength(writers);
    } finally {
      await subscription.stop();
    }
  }, 240_000);
});

describe('the LISTEN connection', () => {
  const event = (type: string) => ({ type, schemaVersion: 1, data: {}, metadata: {} });
  /** A store that appends as usual but listens through `url`. */
  const listeningThrough = (url: string) =>
    PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: url });

  it('keeps trying to reconnect, not just once, while listeners remain', async () => {
    const proxy = await startProxy(db.url);
    const listening = await listeningThrough(proxy.url);
    try {
      let woken = 0;
      await listening.onAppended(() => woken++);
      proxy.refuse(); // the connection drops, and the next attempt (after 1 s) fails
      await until(() => proxy.refused >= 1, 3_000);
      proxy.accept(); // the attempt after that (2 s later) must come, and succeed
      await until(
        () => woken > 0,
        6_000,
        50,
        () =>
          store.appendToStream(`wake-${randomUUID()}`, [event('Wake')], { expectedRevision: 'no_stream' }),
      );
    } finally {
      await listening.close();
      await proxy.close();
    }
  }, 240_000);

  it('forgets a listener whose subscription failed', async () => {
    const proxy = await startProxy(db.url);
    proxy.refuse();
    const unreachable = await listeningThrough(proxy.url);
    try {
      let woken = 0;
      await expect(unreachable.onAppended(() => woken++)).rejects.toThrow();
      await unreachable.appendToStream(`alone-${randomUUID()}`, [event('A')], {
        expectedRevision: 'no_stream',
      });
      expect(woken).toBe(0);
    } finally {
      await unreachable.close();
      await proxy.close();
    }
  });
});

describe('reading the global log', () => {
  it('orders transactions by number, not by their digits, so none is skipped or read twice', async () => {
    // Transaction 10 commits after 9 but its event has the lower position. As text, "10" sorts
    // before "9": a reader ordering by the text would read 10 first and then never read 9.
    const own = await createTestSchema('es_xid', 2, { migrations: eventStoreMigrations });
    const reader = await PostgresEventStore.open({
      pool: own.pool,
      schema: own.schema,
      connectionString: own.url,
    });
    try {
      for (const [xid, stream] of [
        [10, 'second'],
        [9, 'first'],
      ] as const)
        await own.pool.query(
          `insert into "${own.schema}".events (transaction_id, stream_id, stream_revision, event_id, type, schema_version, data, metadata)
           values ($1::text::xid8, $2, 0, $3, 'Tx', 1, '{}', '{}')`,
          [xid, stream, randomUUID()],
        );
      const seen: string[] = [];
      let after: LogCheckpoint | null = null;
      for (let i = 0; i < 5; i++) {
        const { events } = await reader.readAll({ after, limit: 1 });
        if (events.length === 0) break;
        seen.push(events[0]!.streamId);
        after = events[0]!.checkpoint;
      }
      expect(seen).toEqual(['first', 'second']);
    } finally {
      await reader.close();
      await own.drop();
    }
  });
});

describe('the streams table', () => {
  const event = (type: string) => ({ type, schemaVersion: 1, data: {}, metadata: {} });
  const streamRow = async (schema: string, streamId: string) =>
    (
      await db.pool.query<{ category: string; revision: string; created_at: Date; updated_at: Date }>(
        `select category, revision, created_at, updated_at from "${schema}".streams where stream_id = $1`,
        [streamId],
      )
    ).rows[0];

  it('holds each stream once, with its category and last revision, written with its events', async () => {
    const order = `order-${randomUUID()}`;
    await store.appendToStream(order, [event('A'), event('B')], { expectedRevision: 'no_stream' });
    expect(await streamRow(db.schema, order)).toMatchObject({ category: 'order', revision: '1' });
    await store.appendToStream(order, [event('C')], { expectedRevision: 1n });
    await store.appendToStream(order, [event('D'), event('E')], { expectedRevision: 'any' });
    const row = await streamRow(db.schema, order);
    expect(row).toMatchObject({ category: 'order', revision: '4' });
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(row!.created_at.getTime());

    // Appends written together in one batch, and one refused: its row does not move.
    const clients = Array.from({ length: 8 }, () => `client-${randomUUID()}`);
    const results = await Promise.allSettled([
      ...clients.map((c) => store.appendToStream(c, [event('X')], { expectedRevision: 'no_stream' })),
      store.appendToStream(order, [event('Late')], { expectedRevision: 2n }),
    ]);
    expect(results.at(-1)).toMatchObject({ status: 'rejected', reason: { actual: 4n } });
    for (const c of clients)
      expect(await streamRow(db.schema, c)).toMatchObject({ category: 'client', revision: '0' });
    expect(await streamRow(db.schema, order)).toMatchObject({ revision: '4' });
  });

  it('is filled from the events of a store created before the table existed', async () => {
    const old = await createTestSchema('es_old', 4, { migrations: eventStoreMigrations });
    try {
      const first = await PostgresEventStore.open({
        pool: old.pool,
        schema: old.schema,
        connectionString: old.url,
      });
      const stream = `order-${randomUUID()}`;
      await first.appendToStream(stream, [event('A'), event('B'), event('C')], {
        expectedRevision: 'no_stream',
      });
      await first.close();
      // A database from before the table, and before the migrations that now make it.
      await old.pool.query(`drop table "${old.schema}".streams`);
      await old.pool.query(`drop table "${old.schema}".${MIGRATIONS_TABLE}`);
      await migrateDatabase({ url: old.url, schema: old.schema, migrations: eventStoreMigrations });

      const reopened = await PostgresEventStore.open({
        pool: old.pool,
        schema: old.schema,
        connectionString: old.url,
      });
      try {
        expect(await streamRow(old.schema, stream)).toMatchObject({ category: 'order', revision: '2' });
        await expect(
          reopened.appendToStream(stream, [event('D')], { expectedRevision: 1n }),
        ).rejects.toMatchObject({ actual: 2n });
        await reopened.appendToStream(stream, [event('D')], { expectedRevision: 'any' });
        expect((await reopened.readStream(stream)).map((e) => e.streamRevision)).toEqual([0n, 1n, 2n, 3n]);
      } finally {
        await reopened.close();
      }
    } finally {
      await old.drop();
    }
  });
});

async function isStrictlyIncreasing(checkpoints: LogCheckpoint[]) {
  const key = (c: LogCheckpoint) => c.split(':').map(BigInt) as [bigint, bigint];
  for (let i = 1; i < checkpoints.length; i++) {
    const [x1, p1] = key(checkpoints[i - 1]!);
    const [x2, p2] = key(checkpoints[i]!);
    if (!(x2 > x1 || (x2 === x1 && p2 > p1))) return false;
  }
  return true;
}

/** Records the streams of every batched append, to check that a test really went through one. */
function spyOnBatches() {
  const streams: string[][] = [];
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
  const spy = (config: unknown, ...rest: unknown[]) => {
    const { name, values } = (config ?? {}) as { name?: string; values?: unknown[] };
    if (name?.endsWith(':append:batch')) streams.push(values![0] as string[]);
    return query(config, ...rest);
  };
  db.pool.query = spy as typeof db.pool.query;
  return {
    streams,
    restore: () => void delete (db.pool as { query?: unknown }).query, // back to the prototype's
  };
}

/**
 * A TCP proxy to the database that can drop its connections and refuse new ones, as a database
 * restarting or a network failing would.
 */
async function startProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      refused++;
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    get refused() {
      return refused;
    },
    refuse() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    accept() {
      refusing = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
