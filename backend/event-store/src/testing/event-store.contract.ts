import { randomUUID } from 'node:crypto';
import { startCatchUpSubscription } from '../catch-up-subscription.js';
import {
  type EventStore,
  InvalidLogCursorError,
  type LogCheckpoint,
  type LogCursor,
  type LogFilter,
  type NewEvent,
  type StoredEvent,
  WrongExpectedRevisionError,
} from '../event-store.js';
import { hashEvent } from '../hash-chain.js';
import { until } from './until.js';

export interface ContractContext {
  /** A store on a log that only this suite writes to. */
  store(): EventStore;
  /** A second, independent instance on the same log (another process, in production). */
  openAnother(): Promise<EventStore>;
}

const event = (
  type: string,
  data: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
): NewEvent => ({
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: { kind: 'system', id: 'test' }, ...metadata },
});
const newStream = () => `test-${randomUUID()}`;

/**
 * Every event of the log, up to its end as the store knows it: events a transaction still holds
 * back (any transaction of the cluster, another test file's say) are waited for, not taken for the end.
 */
async function readWholeLog(store: EventStore, limit = 1000, timeoutMs = 30_000): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  let after: LogCheckpoint | null = null;
  for (;;) {
    const { events, caughtUp } = await store.readAll({ after, limit });
    all.push(...events);
    if (events.length > 0) after = events[events.length - 1]!.checkpoint;
    else if (caughtUp) return all;
    else if (Date.now() > deadline) throw new Error('the end of the log stayed held back');
    else await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A filtered read of the log, page after page from `after` until a page says it reached the end;
 * every page but the last is full. Returns the events and the cursor to read on from.
 */
async function readLogPages(
  store: EventStore,
  filter: LogFilter,
  limit: number,
  after: LogCursor | null = null,
): Promise<{ events: StoredEvent[]; next: LogCursor | null }> {
  const events: StoredEvent[] = [];
  for (let pages = 0; ; pages++) {
    const page = await store.readLog({ filter, after, limit });
    events.push(...page.events);
    after = page.next;
    if (page.end) return { events, next: after };
    expect(page.events).toHaveLength(limit);
    if (pages > 10_000) throw new Error('the pages never end');
  }
}

const tagged = () => randomUUID().replaceAll('-', '');

/** The behaviour every event store adapter must have. */
export function eventStoreContract(ctx: ContractContext) {
  describe('the hash chain', () => {
    it('links each event to the one before it in its stream, on every kind of append', async () => {
      const store = ctx.store();
      const stream = newStream();
      await store.appendToStream(stream, [event('A', { n: 1, b: { z: 1, a: 2 } }), event('B')], {
        expectedRevision: 'no_stream',
      });
      await store.appendToStream(stream, [event('C', { n: 3 })], {
        expectedRevision: 1n,
        commandId: randomUUID(),
      });
      await store.appendToStream(stream, [event('D'), event('E')], { expectedRevision: 'any' });
      await store.appendToStream(stream, [event('F')], { expectedRevision: 'any', commandId: randomUUID() });
      const events = await store.readStream(stream);
      expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
      let previous = '';
      for (const stored of events) {
        expect(stored.hash).toBe(hashEvent(previous, stored));
        previous = stored.hash!;
      }
      const inLog = (await readWholeLog(store)).filter((e) => e.streamId === stream);
      expect(inLog.map((e) => e.hash)).toEqual(events.map((e) => e.hash));
    });
  });

  describe('appending and reading a stream', () => {
    it('appends to a new stream and reads it back in order, data and metadata intact', async () => {
      const stream = newStream();
      const result = await ctx
        .store()
        .appendToStream(stream, [event('A', { n: 1, nested: { ok: true } }), event('B', { n: 2 })], {
          expectedRevision: 'no_stream',
        });
      expect(result).toMatchObject({ nextRevision: 1n, duplicate: false });

      const events = await ctx.store().readStream(stream);
      expect(events.map((e) => [e.type, e.streamRevision, e.data])).toEqual([
        ['A', 0n, { n: 1, nested: { ok: true } }],
        ['B', 1n, { n: 2 }],
      ]);
      expect(events[0]!.metadata).toEqual({ actor: { kind: 'system', id: 'test' } });
      expect(events[1]!.position).toBe(result.position);
      expect(events[0]!.position < events[1]!.position).toBe(true);
      expect(events[0]!.recordedAt).toBeInstanceOf(Date);
    });

    it('keeps the event ids it is given', async () => {
      const stream = newStream();
      const eventId = randomUUID();
      await ctx
        .store()
        .appendToStream(stream, [{ ...event('A'), eventId }], { expectedRevision: 'no_stream' });
      expect((await ctx.store().readStream(stream))[0]!.eventId).toBe(eventId);
    });

    it('reads nothing from a stream that does not exist', async () => {
      expect(await ctx.store().readStream(newStream())).toEqual([]);
    });

    it('reads a stream from a revision', async () => {
      const stream = newStream();
      await ctx
        .store()
        .appendToStream(stream, [event('A'), event('B'), event('C')], { expectedRevision: 'no_stream' });
      expect((await ctx.store().readStream(stream, { fromRevision: 1n })).map((e) => e.type)).toEqual([
        'B',
        'C',
      ]);
    });

    it('appends when the expected revision is the current one', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('A')], { expectedRevision: 'no_stream' });
      const result = await ctx.store().appendToStream(stream, [event('B')], { expectedRevision: 0n });
      expect(result.nextRevision).toBe(1n);
    });

    it('appends with any expected revision, to a new or an existing stream', async () => {
      const stream = newStream();
      expect(
        (await ctx.store().appendToStream(stream, [event('A')], { expectedRevision: 'any' })).nextRevision,
      ).toBe(0n);
      expect(
        (await ctx.store().appendToStream(stream, [event('B')], { expectedRevision: 'any' })).nextRevision,
      ).toBe(1n);
    });
  });

  describe('optimistic concurrency', () => {
    it('refuses a stale expected revision with a typed error naming the actual one', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('A'), event('B')], { expectedRevision: 'no_stream' });
      const attempt = ctx.store().appendToStream(stream, [event('C')], { expectedRevision: 0n });
      await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(attempt).rejects.toMatchObject({ streamId: stream, actual: 1n });
      expect(await ctx.store().readStream(stream)).toHaveLength(2);
    });

    it('refuses to create a stream that exists', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('A')], { expectedRevision: 'no_stream' });
      await expect(
        ctx.store().appendToStream(stream, [event('B')], { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({
        actual: 0n,
      });
    });

    it('refuses an expected revision on a stream that does not exist', async () => {
      await expect(
        ctx.store().appendToStream(newStream(), [event('A')], { expectedRevision: 0n }),
      ).rejects.toMatchObject({
        actual: 'no_stream',
      });
    });

    it('lets exactly one of many racing writers win each revision', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('Start')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          ctx.store().appendToStream(stream, [event('Race', { i })], { expectedRevision: 0n }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .every((r) => r.reason instanceof WrongExpectedRevisionError),
      ).toBe(true);
      expect(await ctx.store().readStream(stream)).toHaveLength(2);
    });
  });

  describe('idempotency by command id', () => {
    it('appends nothing for a command already applied and returns the earlier result', async () => {
      const stream = newStream();
      const commandId = randomUUID();
      const first = await ctx
        .store()
        .appendToStream(stream, [event('A'), event('B')], { expectedRevision: 'no_stream', commandId });
      const again = await ctx
        .store()
        .appendToStream(stream, [event('A'), event('B')], { expectedRevision: 'no_stream', commandId });
      expect(again).toEqual({ nextRevision: first.nextRevision, position: first.position, duplicate: true });
      expect(await ctx.store().readStream(stream)).toHaveLength(2);
    });

    it('recognises the command even after the stream moved on', async () => {
      const stream = newStream();
      const commandId = randomUUID();
      const first = await ctx
        .store()
        .appendToStream(stream, [event('A')], { expectedRevision: 'no_stream', commandId });
      await ctx.store().appendToStream(stream, [event('B')], { expectedRevision: 0n });
      const again = await ctx
        .store()
        .appendToStream(stream, [event('A')], { expectedRevision: 0n, commandId });
      expect(again).toMatchObject({ duplicate: true, nextRevision: first.nextRevision });
      expect(await ctx.store().readStream(stream)).toHaveLength(2);
    });

    it('applies the same command once when it races itself', async () => {
      const stream = newStream();
      const commandId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          ctx.store().appendToStream(stream, [event('Once')], { expectedRevision: 'any', commandId }),
        ),
      );
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(await ctx.store().readStream(stream)).toHaveLength(1);
    });

    it('treats different command ids as different commands', async () => {
      const stream = newStream();
      await ctx
        .store()
        .appendToStream(stream, [event('A')], { expectedRevision: 'any', commandId: randomUUID() });
      await ctx
        .store()
        .appendToStream(stream, [event('A')], { expectedRevision: 'any', commandId: randomUUID() });
      expect(await ctx.store().readStream(stream)).toHaveLength(2);
    });
  });

  describe('the global log', () => {
    it('reads everything appended, in order, in batches that resume from a checkpoint', async () => {
      const before = await readWholeLog(ctx.store());
      const stream = newStream();
      for (let i = 0; i < 5; i++)
        await ctx.store().appendToStream(stream, [event('Step', { i })], { expectedRevision: 'any' });

      const all = await readWholeLog(ctx.store(), 2);
      const mine = all.slice(before.length).filter((e) => e.streamId === stream);
      expect(mine.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
      const positions = all.map((e) => e.position);
      expect(new Set(positions).size).toBe(positions.length);
    });

    it('says when it is caught up', async () => {
      await ctx
        .store()
        .appendToStream(newStream(), [event('A'), event('B')], { expectedRevision: 'no_stream' });
      const log = await readWholeLog(ctx.store());
      const last = log[log.length - 1]!.checkpoint;
      expect(await ctx.store().readAll({ after: last, limit: 10 })).toEqual({ events: [], caughtUp: true });
      const partial = await ctx.store().readAll({ after: log[log.length - 3]?.checkpoint ?? null, limit: 1 });
      expect(partial.caughtUp).toBe(false);
    });

    it('compares a position with a checkpoint in reading order', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('A'), event('B')], { expectedRevision: 'no_stream' });
      const [a, b] = await ctx.store().readStream(stream);
      expect(await ctx.store().isAtOrBefore(a!.position, b!.checkpoint)).toBe(true);
      expect(await ctx.store().isAtOrBefore(b!.position, b!.checkpoint)).toBe(true);
      expect(await ctx.store().isAtOrBefore(b!.position, a!.checkpoint)).toBe(false);
      expect(await ctx.store().isAtOrBefore(a!.position, null)).toBe(false);
    });

    it('orders checkpoints as it reads them', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('A'), event('B')], { expectedRevision: 'no_stream' });
      const [a, b] = await ctx.store().readStream(stream);
      expect(ctx.store().compareCheckpoints(a!.checkpoint, b!.checkpoint)).toBeLessThan(0);
      expect(ctx.store().compareCheckpoints(b!.checkpoint, a!.checkpoint)).toBeGreaterThan(0);
      expect(ctx.store().compareCheckpoints(b!.checkpoint, b!.checkpoint)).toBe(0);
    });

    it('measures the lag after a checkpoint', async () => {
      const stream = newStream();
      await ctx
        .store()
        .appendToStream(stream, [event('A'), event('B'), event('C')], { expectedRevision: 'no_stream' });
      const [a] = await ctx.store().readStream(stream);
      const lag = await ctx.store().lagAfter(a!.checkpoint);
      expect(lag.events).toBeGreaterThanOrEqual(2);
      expect(lag.newestRecordedAt).toBeInstanceOf(Date);
    });
  });

  describe('notifications and catch-up subscriptions', () => {
    it('wakes listeners of this instance and of another one when something is appended', async () => {
      const other = await ctx.openAnother();
      try {
        let here = 0;
        let there = 0;
        const offHere = await ctx.store().onAppended(() => here++);
        const offThere = await other.onAppended(() => there++);
        await ctx.store().appendToStream(newStream(), [event('A')], { expectedRevision: 'no_stream' });
        await until(() => here > 0 && there > 0);
        await offHere();
        await offThere();
      } finally {
        await other.close();
      }
    });

    it('delivers past and live events exactly once, in log order', async () => {
      const stream = newStream();
      await ctx.store().appendToStream(stream, [event('Past', { i: 0 })], { expectedRevision: 'no_stream' });
      const seen: StoredEvent[] = [];
      const subscription = startCatchUpSubscription(ctx.store(), {
        after: null,
        batchSize: 7,
        handle: async (events) => void seen.push(...events.filter((e) => e.streamId === stream)),
      });
      try {
        for (let i = 1; i <= 20; i++)
          await ctx
            .store()
            .appendToStream(stream, [event('Live', { i })], { expectedRevision: BigInt(i - 1) });
        await until(() => seen.length >= 21);
        // One more event, once those are seen: a duplicate or a stray would stand before it.
        await ctx.store().appendToStream(stream, [event('Live', { i: 21 })], { expectedRevision: 20n });
        await until(() => seen.some((e) => (e.data as { i: number }).i === 21));
        expect(seen.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 22 }, (_, i) => i));
      } finally {
        await subscription.stop();
      }
    });

    it('stops at once, even when asked to while it is reading', async () => {
      const store = ctx.store();
      let reading: () => void = () => {};
      const readStarted = new Promise<void>((resolve) => (reading = resolve));
      const subscription = startCatchUpSubscription(
        {
          readAll: (options) => {
            reading();
            return store.readAll(options);
          },
          onAppended: (listener) => store.onAppended(listener),
        },
        { after: null, idleRecheckMs: 60_000, handle: async () => {} },
      );
      await readStarted; // asked to stop while its first read is under way
      const started = Date.now();
      await subscription.stop();
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('stops and reports when its handler fails', async () => {
      await ctx.store().appendToStream(newStream(), [event('Poison')], { expectedRevision: 'no_stream' });
      const subscription = startCatchUpSubscription(ctx.store(), {
        after: null,
        handle: async () => {
          throw new Error('poison');
        },
      });
      await expect(subscription.done).rejects.toThrow('poison');
    });
  });

  describe('the log, filtered and paged (auditors)', () => {
    const actor = (kind: string, id: string) => ({ actor: { kind, id } });
    const numbers = (events: StoredEvent[]) => events.map((e) => (e.data as { n: number }).n);

    it('filters by stream, type, actor and time, each alone and together, on pages that resume from a cursor', async () => {
      const store = ctx.store();
      const tag = tagged();
      const [typeA, typeB] = [`Filtered${tag}A`, `Filtered${tag}B`];
      const [admin, visitor] = [`admin-${tag}`, `visitor-${tag}`];
      const [s1, s2] = [newStream(), newStream()];
      await store.appendToStream(
        s1,
        [event(typeA, { n: 0 }, actor('admin', admin)), event(typeB, { n: 1 }, actor('visitor', visitor))],
        { expectedRevision: 'no_stream' },
      );
      await store.appendToStream(s2, [event(typeA, { n: 2 }, actor('visitor', visitor))], {
        expectedRevision: 'no_stream',
      });
      // The time filters below tell event 3 from event 2: it must be recorded in a later millisecond
      // (a time is read to the millisecond), which two appends in a row on a fast machine are not.
      const second = (await store.readStream(s2))[0]!.recordedAt.getTime();
      while (Date.now() <= second + 1) await new Promise((resolve) => setTimeout(resolve, 1));
      await store.appendToStream(s1, [event(typeA, { n: 3 }, actor('admin', admin))], {
        expectedRevision: 1n,
      });
      const read = async (filter: LogFilter) => numbers((await readLogPages(store, filter, 1)).events);

      expect(await read({ streamId: s1 })).toEqual([0, 1, 3]);
      expect(await read({ streamId: s2 })).toEqual([2]);
      expect(await read({ type: typeA })).toEqual([0, 2, 3]);
      expect(await read({ actorKind: 'admin', actorId: admin })).toEqual([0, 3]);
      expect(await read({ actorId: visitor })).toEqual([1, 2]);
      expect(await read({ actorKind: 'visitor', type: typeA, actorId: visitor })).toEqual([2]);
      expect(await read({ streamId: s1, type: typeA })).toEqual([0, 3]);
      expect(await read({ streamId: s1, actorId: visitor })).toEqual([1]);
      expect(await read({ type: typeB, actorKind: 'admin' })).toEqual([]);
      expect(await read({ streamId: newStream() })).toEqual([]);

      const [, , third] = (await readLogPages(store, { type: typeA }, 10)).events;
      const at = third!.recordedAt;
      const first = (await store.readStream(s1))[0]!.recordedAt;
      expect(await read({ type: typeA, since: at })).toEqual([3]);
      expect(await read({ type: typeA, since: first })).toEqual([0, 2, 3]);
      expect(await read({ type: typeA, until: at })).toEqual([0, 2]);
      expect(await read({ actorId: visitor, since: first, until: at })).toEqual([1, 2]);
      expect(await read({ type: typeA, since: new Date(at.getTime() + 60_000) })).toEqual([]);
    });

    it('pages without a gap or a repeat while events are appended, in the order of the global log', async () => {
      const store = ctx.store();
      const writer = await ctx.openAnother();
      const type = `Paged${tagged()}`;
      const streams = Array.from({ length: 8 }, newStream);
      let written = 0;
      const writing = (async () => {
        for (let round = 0; round < 6; round++)
          await Promise.all(
            streams.map(async (stream, i) => {
              await writer.appendToStream(stream, [event(type, { n: round * 10 + i })], {
                expectedRevision: 'any',
              });
              written++;
            }),
          );
      })();
      const seen: StoredEvent[] = [];
      let after: LogCursor | null = null;
      let done = false;
      void writing.finally(() => (done = true));
      // Reading while the writer writes: each page resumes from the last one's cursor.
      while (!done) {
        const page = await store.readLog({ filter: { type }, after, limit: 3 });
        seen.push(...page.events);
        after = page.next;
        if (page.end) await new Promise((resolve) => setImmediate(resolve));
      }
      await writing;
      seen.push(...(await readLogPages(store, { type }, 3, after)).events);

      expect(written).toBe(48);
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(seen.length);
      expect(numbers(seen).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 6 }, (_, round) => streams.map((_, i) => round * 10 + i)).flat(),
      );
      const inLog = (await readWholeLog(store)).filter((e) => e.type === type);
      expect(seen.map((e) => e.eventId)).toEqual(inLog.map((e) => e.eventId));
    });

    it('exports the whole log in batches: every event as the reads give it, in their order', async () => {
      const store = ctx.store();
      const tag = tagged();
      // Characters a text format must carry through: tab, newline, backslash, quotes, accents, emoji.
      const awkward = 'Crêperie\t« L\'Ô »\nà \\ Saint-Malo 🥞 "ouverte"';
      for (let n = 0; n < 7; n++)
        await store.appendToStream(
          newStream(),
          [event(`Whole${tag}`, { n, awkward }, actor('admin', awkward))],
          {
            expectedRevision: 'no_stream',
          },
        );
      const exported: StoredEvent[][] = [];
      for await (const batch of store.exportLog({}, { batchSize: 3 })) exported.push(batch);
      expect(exported.slice(0, -1).every((batch) => batch.length === 3)).toBe(true);
      const all = await readWholeLog(store);
      expect(exported.flat()).toEqual(all);
      expect(all.filter((e) => e.type === `Whole${tag}`).map((e) => e.data)).toEqual(
        [...Array(7).keys()].map((n) => ({ n, awkward })),
      );
    });

    it('exports the filtered log in batches, in the order of its pages and of the global log', async () => {
      const store = ctx.store();
      const tag = tagged();
      const admin = `admin-${tag}`;
      const streams = [newStream(), newStream(), newStream()];
      for (let n = 0; n < 9; n++)
        await store.appendToStream(
          streams[n % 3]!,
          [
            event(
              `Exported${tag}`,
              { n },
              actor(n % 2 === 0 ? 'admin' : 'system', n % 2 === 0 ? admin : 'x'),
            ),
          ],
          { expectedRevision: 'any' },
        );
      const batches: StoredEvent[][] = [];
      for await (const batch of store.exportLog({ actorKind: 'admin', actorId: admin }, { batchSize: 2 }))
        batches.push(batch);
      expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
      expect(numbers(batches.flat())).toEqual([0, 2, 4, 6, 8]);
      const paged = (await readLogPages(store, { actorId: admin }, 4)).events;
      expect(batches.flat().map((e) => e.eventId)).toEqual(paged.map((e) => e.eventId));
      const inLog = (await readWholeLog(store)).filter(
        (e) => e.metadata['actor'] && (e.metadata['actor'] as { id: string }).id === admin,
      );
      expect(batches.flat().map((e) => e.eventId)).toEqual(inLog.map((e) => e.eventId));

      const whole: StoredEvent[] = [];
      for await (const batch of store.exportLog({ streamId: streams[1]! })) whole.push(...batch);
      expect(numbers(whole)).toEqual([1, 4, 7]);
    });

    it('refuses a cursor it did not make', async () => {
      await expect(
        ctx.store().readLog({ filter: {}, after: 'not-a-cursor' as LogCursor, limit: 1 }),
      ).rejects.toBeInstanceOf(InvalidLogCursorError);
      await expect(
        ctx.store().readLog({ filter: { streamId: newStream() }, after: 'nope' as LogCursor, limit: 1 }),
      ).rejects.toBeInstanceOf(InvalidLogCursorError);
    });
  });
}
