/**
 * The event store port. Two adapters implement it (Postgres, the default; EventStoreDB) and one
 * contract suite (event-store.contract.ts) holds them to the same behaviour.
 */

/** `no_stream`: the stream must not exist; `any`: no check; a bigint: the revision of the stream's last event. */
export type ExpectedRevision = bigint | 'no_stream' | 'any';

export interface NewEvent {
  /** Unique id; the store generates one when absent. */
  readonly eventId?: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface StoredEvent {
  readonly streamId: string;
  /** 0 for the stream's first event. */
  readonly streamRevision: bigint;
  /** The event's place in the global log: unique and increasing in append order, shown to clients. */
  readonly position: bigint;
  /**
   * Where a reader of the global log stands after this event, in the store's own terms. Opaque:
   * only the store compares checkpoints (Postgres orders by transaction, not by position).
   */
  readonly checkpoint: LogCheckpoint;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly recordedAt: Date;
  /**
   * The event's link in its stream's hash chain (hash-chain.ts), written by the append. Absent
   * only for an event put in the store by other means.
   */
  readonly hash?: string;
}

/** Where a stream ends, as the store's own index of streams records it. */
export interface StreamHead {
  readonly revision: bigint;
  readonly hash: string | null;
}

export type LogCheckpoint = string & { readonly __brand: 'LogCheckpoint' };

export interface AppendOptions {
  readonly expectedRevision: ExpectedRevision;
  /** When this command id was already appended to the stream, nothing is appended and the earlier result returned. */
  readonly commandId?: string;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  readonly nextRevision: bigint;
  /** Global position of the last event appended (or, for a duplicate command, appended earlier). */
  readonly position: bigint;
  /** true when the command id had already been applied and nothing was written. */
  readonly duplicate: boolean;
}

export interface ReadAllOptions {
  /** Read events after this checkpoint; null for the beginning of the log. */
  readonly after: LogCheckpoint | null;
  readonly limit: number;
}

export interface ReadAllResult {
  readonly events: StoredEvent[];
  /**
   * false when more events are known to exist after the last one returned but could not be read
   * yet (a batch limit, or, in Postgres, a transaction still committing): read again soon rather
   * than waiting for a notification.
   */
  readonly caughtUp: boolean;
}

/**
 * Which events a read of the log keeps (the auditors' explorer and exports): every field narrows
 * it; none, the whole log.
 */
export interface LogFilter {
  readonly streamId?: string;
  readonly type?: string;
  /** `metadata.actor.kind` and `metadata.actor.id`. */
  readonly actorKind?: string;
  readonly actorId?: string;
  /** On when the log recorded the event (the store's clock): at or after `since`, strictly before `until`. */
  readonly since?: Date;
  readonly until?: Date;
}

/**
 * Where a page of a filtered read of the log stopped: opaque, meaningful only to the store that
 * made it and with the same filter. The next page resumes from it; nothing is read again.
 */
export type LogCursor = string & { readonly __brand: 'LogCursor' };

export interface ReadLogOptions {
  readonly filter: LogFilter;
  /** null for the beginning of the log. */
  readonly after: LogCursor | null;
  readonly limit: number;
}

export interface LogPage {
  /** In the store's reading order (that of `readAll`): no gap and no repeat from page to page. */
  readonly events: StoredEvent[];
  /**
   * The `after` of the next page: past this page's last event (the `after` given, for an empty
   * page). Reading on from it later finds what was appended since.
   */
  readonly next: LogCursor | null;
  /** true when this page reached the end of the log as it stands (no event left to read now). */
  readonly end: boolean;
}

export interface EventStore {
  readonly name: string;
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult>;
  /** Every event of the stream in order; [] when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: bigint }): Promise<StoredEvent[]>;
  /** A batch of the global log in a commit-safe order: a reader never skips an event that commits late. */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /**
   * A page of the log filtered by the store itself (an index per filter in Postgres, server-side
   * filters in EventStoreDB): each page resumes where the previous one stopped. Throws
   * InvalidLogCursorError for a cursor this store did not make.
   */
  readLog(options: ReadLogOptions): Promise<LogPage>;
  /**
   * The filtered log in reading order, a batch at a time (memory for one batch, whatever the log's
   * size), at least up to its end as it stood when the export began: what exports write, and a
   * rebuild's first pass reads (the whole log, `{}`, which the Postgres store streams by one COPY).
   */
  exportLog(filter: LogFilter, options?: { batchSize?: number }): AsyncIterable<StoredEvent[]>;
  /** Calls `listener` soon after anything is appended, from this process or another. Returns an unsubscribe function. */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  /** Orders two checkpoints of this store (negative, zero, positive), without I/O. */
  compareCheckpoints(a: LogCheckpoint, b: LogCheckpoint): number;
  /** true when the event at `position` is at or before `checkpoint` in the reading order. */
  isAtOrBefore(position: bigint, checkpoint: LogCheckpoint | null): Promise<boolean>;
  /** Number of events after `checkpoint` (the lag of a reader standing there), and the time of the newest one. */
  lagAfter(checkpoint: LogCheckpoint | null): Promise<{ events: number; newestRecordedAt: Date | null }>;
  /**
   * Every stream's last revision and hash from the store's index of streams, where it keeps one:
   * what tells a stream whose last events were deleted (its chain still holds) from one that ends
   * there.
   */
  streamHeads?(): Promise<Map<string, StreamHead>>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** A page cursor that is not one of this store's (made up, or from another store or filter). */
export class InvalidLogCursorError extends Error {
  constructor(readonly cursor: string) {
    super(`not a cursor of this event store's log: ${cursor}`);
    this.name = 'InvalidLogCursorError';
  }
}

export const isWrongExpectedRevision = (e: unknown): e is WrongExpectedRevisionError =>
  e instanceof WrongExpectedRevisionError;
