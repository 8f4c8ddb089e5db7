import { type EventStore, type LogCheckpoint, type ReadAllResult, type StoredEvent } from './event-store.js';

/** What a subscription reads the log through: the store, or a process's shared reads of it (shared-log-reads.ts). */
export type LogReads = Pick<EventStore, 'readAll' | 'onAppended'>;

export interface CatchUpOptions {
  readonly after: LogCheckpoint | null;
  readonly batchSize?: number;
  /**
   * Handles one batch, read after `after` (the end of the batch handled before it, or where the
   * subscription started); the next batch is read only once it resolves. A rejection stops the
   * subscription.
   */
  readonly handle: (events: StoredEvent[], after: LogCheckpoint | null) => Promise<void>;
  /** Called when reading the log fails; the subscription retries with backoff. */
  readonly onReadError?: (error: unknown) => void;
  /** Re-reads after this long without a notification, in case one was lost with a dropped connection. */
  readonly idleRecheckMs?: number;
}

export interface CatchUpSubscription {
  /** Settles when the subscription stops: resolves after stop(), rejects with the handler's error. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** Resolves after `ms`, on abort, or when `bell` is rung, whichever comes first, leaving no timer or listener behind. */
function pause(ms: number, signal: AbortSignal, onBell?: (ring: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve(); // stopped while reading: an abort event will not come again
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish);
    onBell?.(finish);
  });
}

/**
 * Reads the global log from a checkpoint to its end, then follows it as it grows: it sleeps until
 * the store signals an append (no busy polling), and re-reads quickly only while the store says
 * events are committing.
 */
export function startCatchUpSubscription(store: LogReads, options: CatchUpOptions): CatchUpSubscription {
  const { batchSize = 500, idleRecheckMs = 5_000 } = options;
  const stopping = new AbortController();
  let wake: () => void = () => {};
  let rang = false;
  const ring = () => {
    rang = true;
    wake();
  };

  const read = (after: LogCheckpoint | null) => {
    rang = false; // a notification from now on means "read again"
    return store.readAll({ after, limit: batchSize });
  };

  const run = async () => {
    const unsubscribe = await store.onAppended(ring);
    let checkpoint = options.after;
    let backoff = 0;
    /** The read of what follows the batch being handled, started before handling it. */
    let prefetched: Promise<ReadAllResult> | null = null;
    try {
      while (!stopping.signal.aborted) {
        let result;
        try {
          result = await (prefetched ?? read(checkpoint));
        } catch (error) {
          prefetched = null;
          options.onReadError?.(error);
          backoff = Math.min(Math.max(backoff * 2, 50), 5_000);
          await pause(backoff, stopping.signal);
          continue;
        }
        prefetched = null;
        if (result.events.length > 0) {
          const last = result.events[result.events.length - 1]!.checkpoint;
          // The next batch is read while this one is handled: the log and the handler's writes go
          // through different connections, and a busy process then waits for one round trip, not two.
          prefetched = read(last);
          prefetched.catch(() => {}); // its error, if any, is met when it is awaited
          await options.handle(result.events, checkpoint);
          checkpoint = last;
        }
        if (result.events.length === batchSize) {
          backoff = 0;
          continue; // a full batch: more is readable right now
        }
        // What followed the batch was being read meanwhile: look at it before any pause. (The
        // notifications heard before that read began were reset by it, as it reads what they announced.)
        if (prefetched) continue;
        if (!result.caughtUp) {
          // Events exist that a transaction is still committing. Its appender's notification
          // usually wakes us; a transaction that will not notify holds us at most `backoff`.
          backoff = Math.min(Math.max(backoff * 2, 2), 100);
          if (!rang) await pause(backoff, stopping.signal, (ring) => (wake = ring));
          wake = () => {};
          continue;
        }
        backoff = 0;
        if (rang) continue;
        await pause(idleRecheckMs, stopping.signal, (ring) => (wake = ring));
        wake = () => {};
      }
    } finally {
      await unsubscribe();
    }
  };

  const done = run();
  return {
    done,
    async stop() {
      stopping.abort();
      await done.catch(() => {});
    },
  };
}
