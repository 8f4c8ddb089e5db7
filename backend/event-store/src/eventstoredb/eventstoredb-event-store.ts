import { randomUUID } from 'node:crypto';
import {
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  BACKWARDS,
  END,
  EventStoreDBClient,
  type JSONType,
  type RecordedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  InvalidLogCursorError,
  type LogCheckpoint,
  type LogCursor,
  type LogFilter,
  type LogPage,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadLogOptions,
  type StoredEvent,
  WrongExpectedRevisionError,
  isWrongExpectedRevision,
} from '../event-store.js';
import { commandEventId } from '../command-event-id.js';
import { hashEvent } from '../hash-chain.js';
import { exportByPages, matchesLogFilter } from '../log-filter.js';
import {
  type LogPosition,
  compareLogPositions,
  decodeCheckpoint,
  encodeCheckpoint,
  isAfter,
  isPositionAtOrBefore,
  isSystemEventType,
  toActualRevision,
  toEsdbExpectedRevision,
  unwrapMetadata,
  wrapMetadata,
} from './eventstoredb-mapping.js';

export interface EventStoreDbEventStoreOptions {
  /** e.g. esdb://127.0.0.1:2113?tls=false */
  readonly connectionString: string;
}

/**
 * How far back a stream is searched for a command id: a bounded read keeps every command append
 * at one small read, whatever the stream's length. Commands are retried within seconds, by which
 * time the stream has moved on by a few events, and an order stream is expected to hold far fewer
 * than 500 in its whole life. Beyond the bound, a repeat with the expected revision the command
 * was first appended at is still deduplicated by EventStoreDB (same deterministic event ids);
 * other repeats are refused as conflicts, except with 'any', which would append them again.
 */
const COMMAND_LOOKBACK = 500;
/** lagAfter counts by reading the log: past this many events "very far behind" is all it says. */
const LAG_CAP = 100_000;
const LAG_PAGE = 1_000;
/** Smallest page read from $all, so a stretch of system events is skipped in few round trips. */
const MIN_PAGE = 100;
/** Attempts of an append with expectedRevision 'any' and a command id that keeps losing races. */
const ANY_ATTEMPTS = 10;
/** Raw events read per round trip by a filtered read of the log that filters on the client. */
const LOG_SCAN_PAGE = 1_000;
/**
 * A filtered subscription that has sent nothing for this long is taken as having reached the live
 * end without saying so (servers before 23.10 send no "caught up"); the rest, up to the head the
 * page set out to reach, is then read and filtered here.
 */
const FILTERED_SILENCE_MS = 1_000;
const DOORBELL_CONFIRMATION_TIMEOUT_MS = 5_000;
const DOORBELL_RECONNECT_DELAY_MS = 1_000;
/** Streams whose last known link (revision and hash) is kept, so an append rarely reads one. */
const LINK_CACHE_SIZE = 10_000;

interface Doorbell {
  readonly subscription: AllStreamSubscription;
  /** Settles once the server confirmed the subscription, or it failed, or took too long. */
  readonly ready: Promise<void>;
}

interface CommandLookup {
  readonly earlier: AppendResult | null;
  readonly revision: bigint | 'no_stream';
}

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

/**
 * The event store port on EventStoreDB. Positions: the events of one append share one commit
 * position (that of the append), so it is not unique, while each event is its own prepare record
 * with its own prepare position, increasing in $all order. So `position` is the prepare position,
 * and the checkpoint is the full `commit:prepare` pair that $all reads resume from. Needs
 * EventStoreDB 22.10 or later, which reports log positions on stream reads.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly listeners = new Set<() => void>();
  private doorbell: Doorbell | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;
  /**
   * The hash chain needs the hash of the event an append follows. Command handlers read the stream
   * just before appending to it, so the last link they read is kept here and the append finds it
   * without another read; events never change, so a link remembered for a revision stays true.
   */
  private readonly links = new Map<string, { revision: bigint; hash: string }>();

  private constructor(private readonly client: EventStoreDBClient) {}

  static async open({ connectionString }: EventStoreDbEventStoreOptions): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    try {
      // Fail at start, not at the first command, when the server is unreachable or $all unreadable.
      await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    } catch (error) {
      await client.dispose();
      throw error;
    }
    return new EventStoreDbEventStore(client);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const { commandId, expectedRevision } = options;
    if (commandId === undefined && expectedRevision !== 'any')
      return this.write(streamId, events, expectedRevision);
    if (commandId === undefined) {
      // 'any' becomes the revision just read, so that the chain links to the event really before.
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.write(streamId, events, await this.lastRevision(streamId));
        } catch (error) {
          if (!isWrongExpectedRevision(error)) throw error;
          if (attempt >= ANY_ATTEMPTS) throw new WrongExpectedRevisionError(streamId, 'any', error.actual);
        }
      }
    }

    let lookup = await this.lookUpCommand(streamId, commandId);
    for (let attempt = 1; ; attempt++) {
      if (lookup.earlier) return lookup.earlier;
      // 'any' becomes the revision just read: with an exact revision EventStoreDB's idempotency
      // check is guaranteed (with ANY it is best effort), and a twin racing us ends in a conflict
      // or a deduplicated write, both of which the lookup then recognises.
      const expected = expectedRevision === 'any' ? lookup.revision : expectedRevision;
      try {
        return await this.write(streamId, events, expected, commandId);
      } catch (error) {
        if (!isWrongExpectedRevision(error)) throw error;
        lookup = await this.lookUpCommand(streamId, commandId);
        if (lookup.earlier) return lookup.earlier;
        if (expectedRevision !== 'any' || attempt >= ANY_ATTEMPTS)
          throw new WrongExpectedRevisionError(streamId, expectedRevision, error.actual);
      }
    }
  }

  async readStream(streamId: string, options: { fromRevision?: bigint } = {}): Promise<StoredEvent[]> {
    try {
      const resolved = await collect(
        this.client.readStream(streamId, { fromRevision: options.fromRevision ?? START }),
      );
      const events = resolved.flatMap(({ event }) => (event ? [toStoredEvent(event)] : []));
      this.remember(events[events.length - 1]);
      return events;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<ReadAllResult> {
    const events: StoredEvent[] = [];
    let cursor = after === null ? null : decodeCheckpoint(after);
    while (events.length < limit) {
      const page = await this.readAllPage(cursor, Math.max(limit - events.length, MIN_PAGE));
      events.push(...page.events.slice(0, limit - events.length).map(toStoredEvent));
      if (page.atEnd) break;
      cursor = page.last;
    }
    // Fewer than asked happens only at the real end of the log: a page short of system events
    // does not stop the loop, only a page the server could not fill does.
    return { events, caughtUp: events.length < limit };
  }

  /**
   * A page of the log, never read again from its start: an order's stream is read from the
   * revision after the cursor; a type goes to the server as a filter of a subscription to $all
   * (the client's reads of $all take none), from the cursor's log position; the other filters
   * (actor, time) are checked here on $all read from that position. Cursors: `r<revision>` for a
   * stream, `commit:prepare` for $all.
   */
  async readLog({ filter, after, limit }: ReadLogOptions): Promise<LogPage> {
    const found =
      filter.streamId !== undefined
        ? await this.streamLogPage(filter, filter.streamId, after, limit + 1)
        : await this.allLogPage(filter, after, limit + 1);
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    const next = !last ? after : filter.streamId !== undefined ? `r${last.streamRevision}` : last.checkpoint;
    return { events: page, next: next as LogCursor | null, end: found.length <= limit };
  }

  exportLog(filter: LogFilter, options: { batchSize?: number } = {}): AsyncIterable<StoredEvent[]> {
    return exportByPages(this, filter, options.batchSize);
  }

  private async streamLogPage(
    filter: LogFilter,
    streamId: string,
    after: LogCursor | null,
    take: number,
  ): Promise<StoredEvent[]> {
    let from = 0n;
    if (after !== null) {
      const match = /^r(\d+)$/.exec(after);
      if (!match) throw new InvalidLogCursorError(after);
      from = BigInt(match[1]!) + 1n;
    }
    const found: StoredEvent[] = [];
    for (;;) {
      let read;
      try {
        read = await collect(
          this.client.readStream(streamId, { fromRevision: from, maxCount: LOG_SCAN_PAGE }),
        );
      } catch (error) {
        if (error instanceof StreamNotFoundError) return found;
        throw error;
      }
      for (const { event } of read) {
        if (!event) continue;
        const stored = toStoredEvent(event);
        if (matchesLogFilter(stored, filter)) found.push(stored);
        from = event.revision + 1n;
      }
      if (found.length >= take || read.length < LOG_SCAN_PAGE) return found.slice(0, take);
    }
  }

  private async allLogPage(filter: LogFilter, after: LogCursor | null, take: number): Promise<StoredEvent[]> {
    let cursor: LogPosition | null = null;
    if (after !== null) {
      try {
        cursor = decodeCheckpoint(after as string as LogCheckpoint);
      } catch {
        throw new InvalidLogCursorError(after);
      }
    }
    // The end of the log as it stands: the page goes no further (what is appended meanwhile is
    // for the next page).
    const [newest] = await collect(
      this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }),
    );
    const head = newest?.event?.position;
    if (!head || (cursor && compareLogPositions(head, cursor) <= 0)) return [];
    if (filter.type !== undefined) {
      const { found, reached } = await this.filteredByType(filter, filter.type, cursor, head, take);
      if (found.length >= take || compareLogPositions(reached ?? { commit: 0n, prepare: 0n }, head) >= 0)
        return found.slice(0, take);
      // The subscription went quiet short of the head: the rest is read here.
      return [...found, ...(await this.scanAll(filter, reached ?? cursor, head, take - found.length))];
    }
    return this.scanAll(filter, cursor, head, take);
  }

  /** $all from after `cursor` up to `head`, filtered here, until `take` events are found. */
  private async scanAll(
    filter: LogFilter,
    cursor: LogPosition | null,
    head: LogPosition,
    take: number,
  ): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    for (;;) {
      const page = await this.readAllPage(cursor, LOG_SCAN_PAGE);
      for (const event of page.events) {
        if (compareLogPositions(event.position, head) > 0) return found;
        const stored = toStoredEvent(event);
        if (matchesLogFilter(stored, filter)) found.push(stored);
        if (found.length >= take) return found;
      }
      if (page.atEnd || !page.last || compareLogPositions(page.last, head) >= 0) return found;
      cursor = page.last;
    }
  }

  /**
   * The events of one type after `cursor`, up to `head`, filtered by the server (a catch-up
   * subscription to $all with an event type filter, which also reports how far it has searched).
   * Returns what it found and the furthest position the server said it had reached.
   */
  private filteredByType(
    filter: LogFilter,
    type: string,
    cursor: LogPosition | null,
    head: LogPosition,
    take: number,
  ): Promise<{ found: StoredEvent[]; reached: LogPosition | null }> {
    const found: StoredEvent[] = [];
    let reached: LogPosition | null = cursor;
    const advance = (position: LogPosition) => {
      if (!reached || compareLogPositions(position, reached) > 0) reached = position;
    };
    return new Promise((resolve, reject) => {
      let settled = false;
      let silence: NodeJS.Timeout | null = null;
      const subscription = this.client.subscribeToAll({
        fromPosition: cursor ?? START,
        filter: eventTypeFilter({
          regex: `^${type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
          checkpointInterval: 1,
          checkpointReached: (_subscription, position) => {
            advance(position);
            touch();
          },
        }),
      });
      const finish = (error?: unknown) => {
        if (settled) return;
        settled = true;
        if (silence) clearTimeout(silence);
        void subscription.unsubscribe().catch(() => {});
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ found: found.slice(0, take), reached });
      };
      const touch = () => {
        if (settled) return;
        if (reached && compareLogPositions(reached, head) >= 0) return finish();
        if (silence) clearTimeout(silence);
        silence = setTimeout(() => finish(), FILTERED_SILENCE_MS);
      };
      subscription
        .on('confirmation', touch)
        .on('data', ({ event }) => {
          if (settled || !event?.position) return;
          if (compareLogPositions(event.position, head) > 0) {
            // Past the head: everything up to it has been searched.
            reached = head;
            return finish();
          }
          advance(event.position);
          if (isAfter(event.position, cursor)) {
            const stored = toStoredEvent(event);
            if (matchesLogFilter(stored, filter)) found.push(stored);
          }
          if (found.length >= take) return finish();
          touch();
        })
        .on('caughtUp', () => {
          // Everything up to the live end has been searched, so up to the head as well.
          reached = head;
          finish();
        })
        .on('error', (error: unknown) => finish(error))
        .on('end', () => finish());
      touch();
    });
  }

  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    if (!this.closed) {
      this.doorbell ??= this.ringDoorbell();
      await this.doorbell.ready;
    }
    return async () => {
      this.listeners.delete(listener);
    };
  }

  compareCheckpoints(a: LogCheckpoint, b: LogCheckpoint): number {
    return compareLogPositions(decodeCheckpoint(a), decodeCheckpoint(b));
  }

  async isAtOrBefore(position: bigint, checkpoint: LogCheckpoint | null): Promise<boolean> {
    return isPositionAtOrBefore(position, checkpoint);
  }

  async lagAfter(
    checkpoint: LogCheckpoint | null,
  ): Promise<{ events: number; newestRecordedAt: Date | null }> {
    let events = 0;
    let newestRecordedAt: Date | null = null;
    let cursor = checkpoint === null ? null : decodeCheckpoint(checkpoint);
    for (;;) {
      const page = await this.readAllPage(cursor, LAG_PAGE);
      events += page.events.length;
      newestRecordedAt = page.events[page.events.length - 1]?.created ?? newestRecordedAt;
      if (page.atEnd) return { events, newestRecordedAt };
      if (events >= LAG_CAP) break;
      cursor = page.last;
    }
    const [newest] = (
      await collect(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: LAG_PAGE }))
    ).filter(({ event }) => event && !isSystemEventType(event.type));
    return { events: LAG_CAP, newestRecordedAt: newest?.event?.created ?? newestRecordedAt };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    if (this.reconnect) clearTimeout(this.reconnect);
    const doorbell = this.doorbell;
    this.doorbell = null;
    await doorbell?.subscription.unsubscribe().catch(() => {});
    await this.client.dispose();
  }

  /**
   * Appends, then reads back the event at the revision the server reports. For its position: the
   * append response describes the append as a whole (and some server versions leave it out for a
   * deduplicated write), not the last event's prepare position. And, with a command id, to learn
   * whether EventStoreDB wrote our events or deduplicated them against an earlier append of the
   * same command: it answers both with success, and only the append id tells them apart.
   */
  private async write(
    streamId: string,
    events: readonly NewEvent[],
    expected: bigint | 'no_stream',
    commandId?: string,
  ): Promise<AppendResult> {
    const appendId = commandId === undefined ? undefined : randomUUID();
    // The chain goes on from the event at the expected revision: if that is not the stream's last,
    // the append is refused and nothing of this chain is written.
    let hash = await this.hashAt(streamId, expected);
    const proposed = events.map((event, index) => {
      hash = hashEvent(hash, event);
      return jsonEvent({
        id:
          event.eventId ??
          (commandId === undefined ? randomUUID() : commandEventId(streamId, commandId, index)),
        type: event.type,
        data: event.data as JSONType,
        metadata: wrapMetadata(event.metadata, {
          schemaVersion: event.schemaVersion,
          commandId,
          appendId,
          hash,
        }),
      });
    });
    let nextExpectedRevision: bigint;
    try {
      ({ nextExpectedRevision } = await this.client.appendToStream(streamId, proposed, {
        expectedRevision: toEsdbExpectedRevision(expected),
      }));
    } catch (error) {
      if (error instanceof WrongExpectedVersionError)
        throw new WrongExpectedRevisionError(streamId, expected, toActualRevision(error.actualVersion));
      throw error;
    }
    const [last] = await collect(
      this.client.readStream(streamId, { fromRevision: nextExpectedRevision, maxCount: 1 }),
    );
    if (!last?.event)
      throw new Error(`stream ${streamId}: event ${nextExpectedRevision} vanished after append`);
    const stored = toStoredEvent(last.event);
    this.remember(stored);
    return {
      nextRevision: stored.streamRevision,
      position: stored.position,
      duplicate: appendId !== undefined && unwrapMetadata(last.event.metadata).appendId !== appendId,
    };
  }

  private remember(event: StoredEvent | undefined) {
    if (!event?.hash) return;
    const known = this.links.get(event.streamId);
    if (known && known.revision >= event.streamRevision) return;
    this.links.delete(event.streamId); // re-inserted last: the oldest entries go first
    this.links.set(event.streamId, { revision: event.streamRevision, hash: event.hash });
    if (this.links.size > LINK_CACHE_SIZE) this.links.delete(this.links.keys().next().value!);
  }

  /** The hash of the stream's event at `revision` ('' before a new stream's first). */
  private async hashAt(streamId: string, revision: bigint | 'no_stream'): Promise<string> {
    if (revision === 'no_stream') return '';
    const known = this.links.get(streamId);
    if (known?.revision === revision) return known.hash;
    try {
      const [found] = await collect(
        this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 }),
      );
      // No event there: the append is refused as a conflict, so its hashes are never stored.
      return found?.event ? (toStoredEvent(found.event).hash ?? '') : '';
    } catch (error) {
      if (error instanceof StreamNotFoundError) return '';
      throw error;
    }
  }

  /** The revision of the stream's last event, remembering its link. */
  private async lastRevision(streamId: string): Promise<bigint | 'no_stream'> {
    try {
      const [last] = await collect(
        this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
      );
      if (!last?.event) return 'no_stream';
      this.remember(toStoredEvent(last.event));
      return last.event.revision;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 'no_stream';
      throw error;
    }
  }

  /** Finds the command's last event among the stream's newest events, and the stream's revision. */
  private async lookUpCommand(streamId: string, commandId: string): Promise<CommandLookup> {
    let newestFirst;
    try {
      newestFirst = await collect(
        this.client.readStream(streamId, {
          direction: BACKWARDS,
          fromRevision: END,
          maxCount: COMMAND_LOOKBACK,
        }),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { earlier: null, revision: 'no_stream' };
      throw error;
    }
    const revision = newestFirst[0]?.event?.revision ?? 'no_stream';
    if (newestFirst[0]?.event) this.remember(toStoredEvent(newestFirst[0].event));
    const match = newestFirst.find(
      ({ event }) => event && unwrapMetadata(event.metadata).commandId === commandId,
    );
    if (!match?.event) return { earlier: null, revision };
    const stored = toStoredEvent(match.event);
    return {
      earlier: { nextRevision: stored.streamRevision, position: stored.position, duplicate: true },
      revision,
    };
  }

  /** One forward page of $all after `cursor`, without system events. */
  private async readAllPage(
    cursor: LogPosition | null,
    size: number,
  ): Promise<{ events: AllStreamRecordedEvent[]; last: LogPosition | null; atEnd: boolean }> {
    // fromPosition is inclusive: ask for one more to make up for the event at the cursor. The
    // filtering is done here, not by the server, because a server-side filter may return a short
    // page before the end, which would be mistaken for having caught up.
    const maxCount = cursor === null ? size : size + 1;
    const resolved = await collect(this.client.readAll({ fromPosition: cursor ?? START, maxCount }));
    const recorded = resolved.flatMap(({ event }) => (event ? [event] : []));
    return {
      events: recorded.filter((event) => isAfter(event.position, cursor) && !isSystemEventType(event.type)),
      last: recorded[recorded.length - 1]?.position ?? cursor,
      atEnd: resolved.length < maxCount,
    };
  }

  /**
   * One live subscription to $all, used only to wake the listeners: they read the log themselves.
   * It starts from the end, skips system events on the server, and is reopened after a failure.
   */
  private ringDoorbell(): Doorbell {
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    let confirm: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, DOORBELL_CONFIRMATION_TIMEOUT_MS);
      confirm = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    const dropped = () => {
      confirm();
      if (this.doorbell?.subscription !== subscription) return;
      this.doorbell = null;
      void subscription.unsubscribe().catch(() => {});
      // Meanwhile readers fall back to their periodic re-read.
      if (!this.closed && this.listeners.size > 0)
        this.reconnect = setTimeout(() => {
          this.reconnect = null;
          if (!this.closed && !this.doorbell) this.doorbell = this.ringDoorbell();
        }, DOORBELL_RECONNECT_DELAY_MS);
    };
    subscription
      .on('confirmation', confirm)
      .on('data', () => {
        for (const listener of this.listeners) listener();
      })
      .on('error', dropped)
      .on('end', dropped);
    return { subscription, ready };
  }
}

function toStoredEvent(event: RecordedEvent): StoredEvent {
  if (!event.position)
    throw new Error('EventStoreDB returned an event without a log position (needs 22.10+)');
  const { metadata, schemaVersion, hash } = unwrapMetadata(event.metadata);
  return {
    streamId: event.streamId,
    streamRevision: event.revision,
    position: event.position.prepare,
    checkpoint: encodeCheckpoint(event.position),
    eventId: event.id,
    type: event.type,
    schemaVersion,
    data: event.data,
    metadata,
    recordedAt: event.created,
    ...(hash === undefined ? {} : { hash }),
  };
}
