import { startCatchUpSubscription } from './catch-up-subscription.js';
import { type LogCheckpoint } from './event-store.js';
import { logInMemory } from './testing/log-in-memory.js';

describe('a catch-up subscription', () => {
  it('handles an event appended between a read and the next, without waiting for its idle recheck', async () => {
    const log = logInMemory();
    log.append();
    const handled: bigint[] = [];
    const readAfter: (LogCheckpoint | null)[] = [];
    let all: () => void = () => {};
    const both = new Promise<void>((resolve) => (all = resolve));
    // The second event lands (and its notification rings) after the first read, before the
    // subscription reads what follows: the read it then starts must be the one that finds it.
    log.afterNextRead(() => log.append());
    const subscription = startCatchUpSubscription(log.store, {
      after: null,
      idleRecheckMs: 60_000,
      handle: async (events, after) => {
        handled.push(...events.map((e) => e.position));
        readAfter.push(after);
        if (handled.length === 2) all();
      },
    });
    // Waiting for the idle recheck (a minute) would outlast this test's timeout (30 s): it fails.
    await both;
    await subscription.stop();
    expect(handled).toEqual([1n, 2n]);
    // Each batch comes with where it was read from: the start, then the end of the batch before it.
    expect(readAfter).toEqual([null, '0:1']);
  }, 30_000);

  it('reads again as soon as an append is notified while it was idle', async () => {
    const log = logInMemory();
    const handled: bigint[] = [];
    let got: () => void = () => {};
    const first = new Promise<void>((resolve) => (got = resolve));
    const subscription = startCatchUpSubscription(log.store, {
      after: null,
      idleRecheckMs: 60_000,
      handle: async (events) => {
        handled.push(...events.map((e) => e.position));
        got();
      },
    });
    // Idle: its first read found the log empty, and the answer has reached it (a turn of the loop).
    await new Promise<void>((resolve) => log.afterNextRead(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    log.append();
    await first; // not the idle recheck's minute: that would outlast this test's timeout (30 s)
    await subscription.stop();
    expect(handled).toEqual([1n]);
  }, 30_000);
});
