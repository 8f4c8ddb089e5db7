import { startCatchUpSubscription } from './catch-up-subscription.js';
import { type EventStore, type LogCheckpoint, type ReadAllResult, type StoredEvent } from './event-store.js';

/** A log in memory, enough for a subscription: reads after a checkpoint, notifies appends. */
function logInMemory() {
  const events: StoredEvent[] = [];
  const listeners = new Set<() => void>();
  let beforeAnswer: (() => void) | null = null;
  const append = () => {
    const position = BigInt(events.length + 1);
    events.push({
      streamId: 'order-1',
      streamRevision: position - 1n,
      position,
      checkpoint: `0:${position}` as LogCheckpoint,
      eventId: `event-${position}`,
      type: 'WizardStepSaved',
      schemaVersion: 1,
      data: {},
      metadata: {},
      recordedAt: new Date(),
    });
    for (const listener of listeners) listener();
  };
  const store = {
    async onAppended(listener: () => void) {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
    async readAll({ after, limit }: { after: LogCheckpoint | null; limit: number }): Promise<ReadAllResult> {
      const from = after === null ? 0 : Number(after.split(':')[1]);
      const read = events.slice(from, from + limit);
      const hook = beforeAnswer;
      beforeAnswer = null;
      hook?.(); // something happens after the read, before its answer reaches the reader
      return { events: read, caughtUp: true };
    },
  } as unknown as EventStore;
  return { store, append, afterNextRead: (hook: () => void) => (beforeAnswer = hook) };
}

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
    const timeout = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([both, timeout]);
    await subscription.stop();
    expect(handled).toEqual([1n, 2n]);
    // Each batch comes with where it was read from: the start, then the end of the batch before it.
    expect(readAfter).toEqual([null, '0:1']);
  });

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
    await new Promise((resolve) => setTimeout(resolve, 50)); // idle, the log empty
    log.append();
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await subscription.stop();
    expect(handled).toEqual([1n]);
  });
});
