import {
  type Erasure,
  clientIdOf,
  clientStreamId,
  erasureOf,
  isClientStream,
  isOrderStream,
  orderIdOf,
  orderStreamId,
} from '@coseso/domain/events/event-reader';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type LogCheckpoint,
  type LogFilter,
  type LogPage,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadLogOptions,
  type StoredEvent,
  type StreamHead,
} from '@coseso/event-store/event-store';
import {
  ERASED,
  mapPaths,
  personalDataPaths,
  personalMetadataFields,
} from '@coseso/event-schemas/personal-fields';
import { type SubjectKeys, open, seal } from './subject-keys.js';

/** A personal field as stored: its value encrypted with its subject's key. */
export interface SealedField {
  readonly $enc: string;
  readonly subject: string;
}

export const isSealed = (value: unknown): value is SealedField =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SealedField).$enc === 'string' &&
  typeof (value as SealedField).subject === 'string';

/**
 * Whose personal data a stream's events hold: an order's contact (`order:<id>`) or a client
 * account (`client:<id>`). An order keeps its contact's key after it is linked to a client: the
 * append needs no lookup, and erasing the client destroys its orders' keys with its own.
 */
export function subjectOfStream(streamId: string): string | null {
  if (isOrderStream(streamId)) return orderSubject(orderIdOf({ streamId }));
  if (isClientStream(streamId)) return clientSubject(clientIdOf({ streamId }));
  return null;
}
export const orderSubject = (orderId: string) => `order:${orderId}`;
export const clientSubject = (clientId: string) => `client:${clientId}`;

/** The stream whose events a subject's key encrypts (the additional data each field is bound to). */
const streamOfSubject = (subject: string) =>
  subject.startsWith('order:') ? orderStreamId(subject.slice(6)) : clientStreamId(subject.slice(7));

const dataPaths = (type: string) => personalDataPaths(type) ?? [];
/** Whether the event holds a personal value at all: an empty draft's form, say, needs no key. */
function carriesPersonalData(e: {
  type: string;
  data: unknown;
  metadata: Readonly<Record<string, unknown>>;
}) {
  if (personalMetadataFields.some((f) => e.metadata[f] != null)) return true;
  const paths = dataPaths(e.type);
  if (paths.length === 0) return false;
  let found = false;
  mapPaths(e.data, paths, (value) => ((found = true), value));
  return found;
}

/**
 * The event store with crypto-shredding (docs/architecture.md §10): wraps either adapter and encrypts each
 * personal field (event-schemas' personal-fields.ts) with its subject's key on the way in; on the
 * way out, decrypts it, or shows ERASED once the key is destroyed. The adapter hashes and stores
 * what it is given, so the hash chain covers the ciphertext and still verifies after an erasure;
 * `verify-log` reads the adapter itself (`rawEventStore`).
 */
export class PersonalDataEventStore implements EventStore {
  private readonly erasureListeners = new Set<(erasure: Erasure) => void>();

  constructor(
    readonly inner: EventStore,
    readonly keys: SubjectKeys,
  ) {}

  /**
   * Calls `listener` with each erasure this process reads, a ClientDataErased or an
   * OrderContactErased (its projectors and reactors read the whole log): what keeps decrypted state
   * in memory forgets it. Returns an unsubscribe.
   */
  onErasure(listener: (erasure: Erasure) => void): () => void {
    this.erasureListeners.add(listener);
    return () => this.erasureListeners.delete(listener);
  }

  get name(): string {
    return this.inner.name;
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const subject = subjectOfStream(streamId);
    if (subject === null || !events.some(carriesPersonalData))
      return this.inner.appendToStream(streamId, events, options);
    const key = await this.keys.keyFor(subject);
    const context = streamOfSubject(subject);
    const sealField = (value: unknown) => {
      if (typeof value !== 'string') return value;
      // A subject already erased gets no personal data written at all.
      if (key === null) return ERASED;
      return {
        $enc: seal(key, Buffer.from(value), context).toString('base64'),
        subject,
      } satisfies SealedField;
    };
    const sealed = events.map((e): NewEvent => {
      if (!carriesPersonalData(e)) return e;
      return {
        ...e,
        data: mapPaths(e.data, dataPaths(e.type), sealField),
        metadata: mapPaths(e.metadata, personalMetadataFields, sealField) as NewEvent['metadata'],
      };
    });
    return this.inner.appendToStream(streamId, sealed, options);
  }

  async readStream(streamId: string, options?: { fromRevision?: bigint }): Promise<StoredEvent[]> {
    return this.reveal(await this.inner.readStream(streamId, options));
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const result = await this.inner.readAll(options);
    return { ...result, events: await this.reveal(result.events) };
  }

  async readLog(options: ReadLogOptions): Promise<LogPage> {
    const page = await this.inner.readLog(options);
    return { ...page, events: await this.reveal(page.events) };
  }

  async *exportLog(filter: LogFilter, options?: { batchSize?: number }): AsyncGenerator<StoredEvent[]> {
    for await (const batch of this.inner.exportLog(filter, options)) yield await this.reveal(batch);
  }

  /**
   * Events as an adapter stored them, made readable: personal fields decrypted, or ERASED once the
   * subject is erased, whether sealed or, written before encryption, in clear (the log keeps those
   * as written; every reader shows them erased all the same).
   */
  async reveal(events: StoredEvent[]): Promise<StoredEvent[]> {
    // An erasure seen in the log (written by any process) stops this one decrypting at once.
    for (const e of events) {
      const erasure = erasureOf(e);
      if (!erasure) continue;
      this.keys.forgetErased(erasedSubjects(erasure));
      for (const listener of this.erasureListeners) listener(erasure);
    }
    const subjects = new Set<string>();
    for (const e of events) {
      if (!carriesPersonalData(e)) continue;
      const subject = subjectOfStream(e.streamId);
      if (subject) subjects.add(subject);
      const collect = (value: unknown) => (isSealed(value) && subjects.add(value.subject), value);
      mapPaths(e.data, dataPaths(e.type), collect);
      mapPaths(e.metadata, personalMetadataFields, collect);
    }
    if (subjects.size === 0) return events;
    const keys = await this.keys.lookup([...subjects]);
    return events.map((e) => {
      if (!carriesPersonalData(e)) return e;
      const streamSubject = subjectOfStream(e.streamId);
      const openField = (value: unknown) => {
        if (isSealed(value)) {
          const key = keys.get(value.subject);
          if (!key) return ERASED;
          return open(key, Buffer.from(value.$enc, 'base64'), streamOfSubject(value.subject)).toString();
        }
        return typeof value === 'string' && streamSubject && keys.get(streamSubject) === null
          ? ERASED
          : value;
      };
      const data = mapPaths(e.data, dataPaths(e.type), openField);
      const metadata = mapPaths(e.metadata, personalMetadataFields, openField) as StoredEvent['metadata'];
      return data === e.data && metadata === e.metadata ? e : { ...e, data, metadata };
    });
  }

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return this.inner.onAppended(listener);
  }

  compareCheckpoints(a: LogCheckpoint, b: LogCheckpoint): number {
    return this.inner.compareCheckpoints(a, b);
  }

  isAtOrBefore(position: bigint, checkpoint: LogCheckpoint | null): Promise<boolean> {
    return this.inner.isAtOrBefore(position, checkpoint);
  }

  lagAfter(checkpoint: LogCheckpoint | null): Promise<{ events: number; newestRecordedAt: Date | null }> {
    return this.inner.lagAfter(checkpoint);
  }

  get streamHeads(): (() => Promise<Map<string, StreamHead>>) | undefined {
    const inner = this.inner;
    return inner.streamHeads ? () => inner.streamHeads!() : undefined;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The subjects an erasure names: the client's and its orders' contacts. */
export function erasedSubjects({ clientId, orderIds }: Erasure): string[] {
  return [...(clientId ? [clientSubject(clientId)] : []), ...orderIds.map(orderSubject)];
}

/** The store as the adapter keeps it (ciphertext): what the hash chain is computed over. */
export const rawEventStore = (store: EventStore): EventStore =>
  store instanceof PersonalDataEventStore ? store.inner : store;

/** Stored events made readable, whichever store read them (rows read straight from Postgres). */
export const revealPersonalData = (store: EventStore, events: StoredEvent[]): Promise<StoredEvent[]> =>
  store instanceof PersonalDataEventStore ? store.reveal(events) : Promise.resolve(events);

/**
 * How many stored events hold a personal field in clear: written before encryption existed. The
 * log is never rewritten (their hashes would change), so an erasure cannot reach them.
 */
export function countPlaintextPersonalEvents(events: readonly StoredEvent[]): number {
  const inClear = (value: unknown) => typeof value === 'string' && value !== ERASED;
  let count = 0;
  for (const e of events) {
    let found = false;
    const look = (value: unknown) => ((found ||= inClear(value)), value);
    mapPaths(e.data, dataPaths(e.type), look);
    mapPaths(e.metadata, personalMetadataFields, look);
    if (found) count++;
  }
  return count;
}
