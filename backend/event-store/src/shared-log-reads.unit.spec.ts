import { startCatchUpSubscription } from './catch-up-subscription.js';
import { type LogCheckpoint, type StoredEvent } from './event-store.js';
import { SharedLogReads } from './shared-log-reads.js';
import { logInMemory } from './testing/log-in-memory.js';

const at = (position: number) => `0:${position}` as LogCheckpoint;

/** A subscription through `reads` that records what it handles and says when it has handled `upTo`. */
function follow(reads: SharedLogReads, options: { batchSize?: number; handle?: () => Promise<void> } = {}) {
  const handled: StoredEvent[] = [];
  const readErrors: unknown[] = [];
  const waiting = new Map<bigint, () => void>();
  const subscription = startCatchUpSubscription(reads, {
    after: null,
    batchSize: options.batchSize ?? 500,
    idleRecheckMs: 60_000,
    onReadError: (error) => readErrors.push(error),
    handle: async (events) => {
      await options.handle?.();
      handled.push(...events);
      for (const [position, done] of waiting) if (position <= events[events.length - 1]!.position) done();
    },
  });
  const reached = (position: number) =>
    handled.some((e) => e.position >= BigInt(position))
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.set(BigInt(position), resolve));
  return { handled, readErrors, subscription, reached };
}

describe('the log read once for every subscription of a process', () => {
  it('hands a batch one subscription read to the other, the same events, read from the store once', async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    log.append(120);
    const projectors = follow(reads);
    const reactors = follow(reads, { batchSize: 50 });
    await Promise.all([projectors.reached(120), reactors.reached(120)]);
    for (let round = 1; round <= 20; round++) {
      log.append(round % 3 === 0 ? 7 : 1);
      const end = 120 + [...Array(round).keys()].reduce((n, r) => n + ((r + 1) % 3 === 0 ? 7 : 1), 0);
      await Promise.all([projectors.reached(end), reactors.reached(end)]);
    }
    await Promise.all([projectors.subscription.stop(), reactors.subscription.stop()]);
    await reads.close();
    const total = 120 + 20 + 6 * 6;
    // Each handles the whole log, in order, once…
    for (const { handled } of [projectors, reactors])
      expect(handled.map((e) => Number(e.position))).toEqual([...Array(total).keys()].map((i) => i + 1));
    // …and the two were handed the very same events: each read from the store once.
    expect(reactors.handled.every((e, i) => e === projectors.handled[i])).toBe(true);
    expect(log.eventsRead()).toBe(total);
    expect([...projectors.readErrors, ...reactors.readErrors]).toEqual([]);
  });

  it('never holds one subscription back while the other is stuck on a batch', async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const reactors = follow(reads, { handle: () => stuck });
    const projectors = follow(reads);
    log.append(3);
    await projectors.reached(3);
    log.append(2);
    await projectors.reached(5);
    expect(reactors.handled).toEqual([]);
    release();
    await reactors.reached(5);
    await Promise.all([projectors.subscription.stop(), reactors.subscription.stop()]);
    await reads.close();
    expect(reactors.handled.map((e) => Number(e.position))).toEqual([1, 2, 3, 4, 5]);
  });

  it('says a kept read is caught up only while no append was announced since it was read', async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    log.append(2);
    await reads.readAll({ after: null, limit: 10 }); // starts hearing appends
    await new Promise((resolve) => setImmediate(resolve));
    const first = await reads.readAll({ after: at(1), limit: 10 });
    expect(first).toMatchObject({ caughtUp: true });
    const handedOn = await reads.readAll({ after: at(1), limit: 10 });
    expect(handedOn).toEqual(first);
    log.append(); // announced: the kept read no longer says where the log ends
    const afterAppend = await reads.readAll({ after: at(1), limit: 10 });
    expect(afterAppend.events).toEqual(first.events);
    expect(afterAppend.events[0]).toBe(first.events[0]);
    expect(afterAppend.caughtUp).toBe(false);
    expect(log.eventsRead()).toBe(2); // each handed on from the first read
    await reads.close();
  });

  it("answers an empty read at the log's end as caught up, the same read under way or not", async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    log.append(2);
    await reads.readAll({ after: null, limit: 10 }); // starts hearing appends
    await new Promise((resolve) => setImmediate(resolve));
    const both = await Promise.all([
      reads.readAll({ after: at(2), limit: 10 }),
      reads.readAll({ after: at(2), limit: 3 }),
    ]);
    expect(both).toEqual([
      { events: [], caughtUp: true },
      { events: [], caughtUp: true },
    ]);
    await reads.close();
  });

  it('hands on the rest of a longer read, a limit at a time, and reads the store past its end', async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    log.append(10);
    await reads.readAll({ after: null, limit: 8 });
    const next = await reads.readAll({ after: at(3), limit: 2 });
    expect(next.events.map((e) => Number(e.position))).toEqual([4, 5]);
    expect(next.caughtUp).toBe(false); // more are known to follow
    expect((await reads.readAll({ after: at(5), limit: 10 })).events.map((e) => Number(e.position))).toEqual([
      6, 7, 8,
    ]);
    expect(log.eventsRead()).toBe(8);
    expect((await reads.readAll({ after: at(8), limit: 10 })).events.map((e) => Number(e.position))).toEqual([
      9, 10,
    ]);
    expect(log.eventsRead()).toBe(10);
    await reads.close();
  });

  it('hands a reader whose batches are cut elsewhere whole batches, across the reads kept', async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    log.append(700);
    for (const after of [null, at(200), at(400)]) await reads.readAll({ after, limit: 200 });
    expect(log.eventsRead()).toBe(600);
    const positions = async (after: LogCheckpoint | null, limit: number) =>
      (await reads.readAll({ after, limit })).events.map((e) => Number(e.position));
    expect(await positions(null, 500)).toEqual([...Array(500).keys()].map((i) => i + 1));
    const rest = await reads.readAll({ after: at(150), limit: 500 });
    expect(rest.events.map((e) => Number(e.position))).toEqual([...Array(450).keys()].map((i) => i + 151));
    expect(rest.caughtUp).toBe(false); // the kept reads end there, the log does not
    expect(log.eventsRead()).toBe(600);
    await reads.close();
  });

  it('keeps a few batches only, and nothing once told to forget (an erasure)', async () => {
    const log = logInMemory();
    const reads = new SharedLogReads(log.store);
    log.append(6_000);
    for (let after = 0; after < 6_000; after += 1_000)
      await reads.readAll({ after: after === 0 ? null : at(after), limit: 1_000 });
    expect(log.eventsRead()).toBe(6_000);
    await reads.readAll({ after: at(5_000), limit: 1_000 }); // kept
    expect(log.eventsRead()).toBe(6_000);
    await reads.readAll({ after: null, limit: 1_000 }); // the oldest, let go
    expect(log.eventsRead()).toBe(7_000);
    reads.forget();
    await reads.readAll({ after: at(5_000), limit: 1_000 });
    expect(log.eventsRead()).toBe(8_000);
    // A read under way when told to forget is handed to its reader, not kept.
    const underWay = reads.readAll({ after: at(4_000), limit: 1_000 });
    reads.forget();
    expect((await underWay).events).toHaveLength(1_000);
    await reads.readAll({ after: at(4_000), limit: 1_000 });
    expect(log.eventsRead()).toBe(10_000);
    await reads.close();
  });
});
