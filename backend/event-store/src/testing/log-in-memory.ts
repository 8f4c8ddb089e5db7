import { type LogReads } from '../catch-up-subscription.js';
import { type LogCheckpoint, type ReadAllResult, type StoredEvent } from '../event-store.js';

/**
 * A log in memory, enough for a subscription: reads after a checkpoint, notifies appends, and
 * counts the events its reads returned (each read from it, not handed on by a SharedLogReads).
 */
export function logInMemory() {
  const events: StoredEvent[] = [];
  const listeners = new Set<() => void>();
  let beforeAnswer: (() => void) | null = null;
  let eventsRead = 0;
  const append = (count = 1) => {
    for (let i = 0; i < count; i++) {
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
    }
    for (const listener of listeners) listener();
  };
  const store: LogReads = {
    async onAppended(listener: () => void) {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
    async readAll({ after, limit }): Promise<ReadAllResult> {
      const from = after === null ? 0 : Number(after.split(':')[1]);
      const read = events.slice(from, from + limit);
      eventsRead += read.length;
      const caughtUp = from + read.length === events.length;
      const hook = beforeAnswer;
      beforeAnswer = null;
      hook?.(); // something happens after the read, before its answer reaches the reader
      return { events: read, caughtUp };
    },
  };
  return {
    store,
    append,
    afterNextRead: (hook: () => void) => (beforeAnswer = hook),
    /** How many events the store's reads have returned so far. */
    eventsRead: () => eventsRead,
  };
}
