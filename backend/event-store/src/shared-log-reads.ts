import { type LogReads } from './catch-up-subscription.js';
import { type ReadAllOptions, type ReadAllResult } from './event-store.js';

/** A read of the log kept for the other readers: the events after `after`, as they came. */
interface Segment {
  readonly events: ReadAllResult['events'];
  /** The read's own `caughtUp`, true only as of `generation`. */
  readonly caughtUp: boolean;
  /** How many appends had been announced when the read began. */
  readonly generation: number;
}

/** The events one process keeps for its other readers: a few batches, enough for readers at the log's end. */
const KEPT_EVENTS = 5_000;

/**
 * One reading of the log for every subscription of a process (decision 109): the projectors' and
 * the reactors' subscriptions each keep their own position, pace and failures, but read through
 * this, so that a batch one of them has read (queried, parsed, its personal fields decrypted when
 * first read) is handed to the other as it is, not read again. A reader that falls behind the few
 * batches kept, or starts from elsewhere, reads the store itself, as before: a stalled reader
 * (Redis away for the reactors) never holds the other back.
 *
 * A batch ending at the log's end said `caughtUp` when it was read; handed on later, it says so
 * only if no append was announced since its read began, so that a reader never sleeps past an
 * event it was not shown.
 */
export class SharedLogReads implements LogReads {
  /** Kept reads by where they start (the checkpoint read after; '' for the log's start), oldest first. */
  private readonly segments = new Map<string, Segment>();
  /** Each kept event's checkpoint: where in its read it stands, for a reader whose batch ended inside that read. */
  private readonly within = new Map<string, { segment: Segment; index: number }>();
  /** Reads under way, by where they start: a second reader of the same place waits for the same answer. */
  private readonly pending = new Map<string, Promise<Segment>>();
  private kept = 0;
  /** Moved by `forget`: a read under way when it came is not kept once it lands. */
  private forgotten = 0;
  private generation = 0;
  private listening: Promise<() => Promise<void>> | null = null;
  private heard = false;

  /**
   * `lagMs`: each read is handed on that long after it came back, as on a machine too loaded to
   * keep up. Only the race hunt sets it (`npm run test:races`, LOG_READ_LAG_MS): a test that reads
   * a read model before its write is projected then fails every time, not once in a loaded run.
   */
  constructor(
    private readonly store: LogReads,
    private readonly lagMs = 0,
  ) {}

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return this.store.onAppended(listener);
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const read = await this.readShared(options);
    if (this.lagMs > 0) await new Promise((resolve) => setTimeout(resolve, this.lagMs));
    return read;
  }

  private async readShared({ after, limit }: ReadAllOptions): Promise<ReadAllResult> {
    this.listen();
    const key = after ?? '';
    const kept = this.segments.get(key);
    if (kept) return this.handOn(kept, 0, limit);
    const inside = after === null ? undefined : this.within.get(after);
    if (inside && inside.index + 1 < inside.segment.events.length)
      return this.handOn(inside.segment, inside.index + 1, limit);
    const underWay = this.pending.get(key);
    if (underWay) return this.handOn(await underWay, 0, limit);
    const generation = this.generation;
    const forgotten = this.forgotten;
    const read = this.store.readAll({ after, limit }).then(({ events, caughtUp }) => {
      const segment = { events, caughtUp, generation };
      if (events.length > 0 && forgotten === this.forgotten) this.keep(key, segment);
      return segment;
    });
    this.pending.set(key, read);
    try {
      return this.handOn(await read, 0, limit);
    } finally {
      this.pending.delete(key);
    }
  }

  /** Forgets every kept read: what was decrypted in them must be read again (an erasure). */
  forget(): void {
    this.forgotten += 1;
    this.segments.clear();
    this.within.clear();
    this.kept = 0;
  }

  /** Stops hearing appends; the store itself stays open (it is shared). */
  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.heard = false;
    if (listening) await (await listening.catch(() => null))?.();
  }

  /**
   * Up to `limit` events from `from` in `segment`, then from the kept reads that follow it: readers
   * whose batches are cut at other places (their sizes, where they started) still get whole batches.
   */
  private handOn(segment: Segment, from: number, limit: number): ReadAllResult {
    let last = segment;
    let events =
      from === 0 && segment.events.length <= limit
        ? segment.events
        : segment.events.slice(from, from + limit);
    let toTheEnd = from + events.length === segment.events.length;
    for (;;) {
      const end = events.at(-1); // none: an empty read, nothing after it is kept
      const next = end && toTheEnd && events.length < limit ? this.segments.get(end.checkpoint) : undefined;
      if (!next) break;
      const more = next.events.slice(0, limit - events.length);
      events = events.concat(more);
      last = next;
      toTheEnd = more.length === next.events.length;
    }
    const stillTrue = this.heard && this.generation === last.generation;
    return { events, caughtUp: toTheEnd && last.caughtUp && stillTrue };
  }

  private keep(key: string, segment: Segment) {
    if (this.segments.has(key)) return;
    this.segments.set(key, segment);
    segment.events.forEach((event, index) => this.within.set(event.checkpoint, { segment, index }));
    this.kept += segment.events.length;
    for (const [oldest, dropped] of this.segments) {
      if (this.kept <= KEPT_EVENTS || dropped === segment) break;
      this.segments.delete(oldest);
      for (const event of dropped.events)
        if (this.within.get(event.checkpoint)?.segment === dropped) this.within.delete(event.checkpoint);
      this.kept -= dropped.events.length;
    }
  }

  /** Counts the appends announced, from the first read on: until it hears them, no kept read says caught up. */
  private listen() {
    if (this.listening) return;
    const listening = this.store.onAppended(() => (this.generation += 1));
    this.listening = listening;
    listening.then(
      () => (this.heard = this.listening === listening),
      () => (this.listening = null),
    );
  }
}
