import {
  type Erasure,
  clientIdOf,
  clientStreamId,
  erasureOf,
  TEAM_STREAM,
  isClientStream,
  isOrderStream,
  isTeamStream,
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
  erasePersonalFields,
  mapPaths,
  personalDataPaths,
  personalMetadataFields,
} from '@coseso/event-schemas/personal-fields';
import { type SubjectKey, type SubjectKeys, open, seal } from './subject-keys.js';

/*
 * How personal data is stored. Since 2026-11-27, one envelope per event (decision 108): each
 * personal field's value is replaced by the marker `{"$sealed": true}`, and the event's metadata
 * gains `$sealed: {"$enc", "subject"}`, the AES-256-GCM ciphertext, under the subject's key, of the
 * JSON `{"data": {path: value}, "metadata": {field: value}}` of all its personal fields. What
 * stays readable in the log, for an auditor or `verify-log`: the event's type, version, stream,
 * every field that is not personal (amounts, dates, hashes, ids, steps, options), who did it
 * (`actor`) and when, which personal fields the event held (the markers), and whose data they are
 * (`subject`). Before that, each field was sealed alone, in its place: `{"$enc", "subject"}`. The
 * log is never rewritten, so reading opens both.
 */

/** A personal field as stored before 2026-11-27: its value alone, encrypted with its subject's key. */
export interface SealedField {
  readonly $enc: string;
  readonly subject: string;
}

export const isSealed = (value: unknown): value is SealedField =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SealedField).$enc === 'string' &&
  typeof (value as SealedField).subject === 'string';

/** What stands in a personal field's place in the log: its value is in the event's envelope. */
export const SEALED_MARKER = Object.freeze({ $sealed: true as const });
export const isSealedMarker = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { $sealed?: unknown }).$sealed === true;

/** The metadata key of an event's envelope: `{ $enc, subject }` over all its personal fields. */
export const ENVELOPE = '$sealed';

/** The envelope's plaintext: each personal field's value, by its path. */
interface SealedFields {
  readonly data?: Readonly<Record<string, string>>;
  readonly metadata?: Readonly<Record<string, string>>;
}

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
/** A member of the back-office's team: the one `team` stream holds every member's, each under their own key. */
export const teamMemberSubject = (memberId: string) => `member:${memberId}`;

/**
 * Whose personal data an event holds: its stream's subject, or, in the team's stream (one stream,
 * many people), the member the event is about.
 */
function subjectOfEvent(streamId: string, e: { data: unknown }): string | null {
  if (isTeamStream(streamId)) {
    const memberId = (e.data as { memberId?: unknown } | null)?.memberId;
    return typeof memberId === 'string' ? teamMemberSubject(memberId) : null;
  }
  return subjectOfStream(streamId);
}

/** The stream whose events a subject's key encrypts (the additional data each field is bound to). */
const streamOfSubject = (subject: string) =>
  subject.startsWith('order:')
    ? orderStreamId(subject.slice(6))
    : subject.startsWith('member:')
      ? TEAM_STREAM
      : clientStreamId(subject.slice(7));

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

/** What the rest of the app asks of crypto-shredding, apart from reading and appending (PERSONAL_DATA). */
export interface PersonalData {
  /** See PersonalDataEventStore.onErasure. */
  onErasure(listener: (erasure: Erasure) => void): () => void;
  /** The subjects' keys: destroying one makes its fields read as erased, everywhere, for good. */
  readonly keys: Pick<SubjectKeys, 'erase'>;
}

/**
 * The event store with crypto-shredding (docs/architecture.md §10): wraps either adapter and
 * encrypts the personal fields of each event (event-schemas' personal-fields.ts) together, with its
 * subject's key, on the way in; on the way out, decrypts them as they are read, or shows ERASED
 * once the key is destroyed. The adapter hashes and stores
 * what it is given, so the hash chain covers the ciphertext and still verifies after an erasure;
 * `verify-log` reads the adapter itself (`rawEventStore`).
 */
export class PersonalDataEventStore implements EventStore, PersonalData {
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
    const subjects = events.map((e) => (carriesPersonalData(e) ? subjectOfEvent(streamId, e) : null));
    if (subjects.every((subject) => subject === null))
      return this.inner.appendToStream(streamId, events, options);
    const keys = new Map<string, SubjectKey>();
    for (const subject of subjects)
      if (subject !== null && !keys.has(subject)) keys.set(subject, await this.keys.keyFor(subject));
    // A subject already erased gets no personal data written at all.
    const sealed = events.map((e, i) => {
      const subject = subjects[i];
      if (subject === null || subject === undefined) return e;
      const key = keys.get(subject);
      return key ? sealEvent(e, subject, key) : erasePersonalFields(e);
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
   * Events as an adapter stored them, made readable: personal fields shown in clear, or ERASED once
   * the subject is erased, whether sealed or, written before encryption, in clear (the log keeps
   * those as written; every reader shows them erased all the same). A sealed field is decrypted
   * when it is first read, not before (decision 108): a reader that never reads one (the reactors
   * but order-emails, the invoices' read model) costs no decryption. The keys are looked up here, all at
   * once, so that a wrong master key fails the read itself.
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
      const envelope = e.metadata[ENVELOPE];
      if (isSealed(envelope)) subjects.add(envelope.subject);
      if (!carriesPersonalData(e)) continue;
      const subject = subjectOfStream(e.streamId);
      if (subject) subjects.add(subject);
      const collect = (value: unknown) => (isSealed(value) && subjects.add(value.subject), value);
      mapPaths(e.data, dataPaths(e.type), collect);
      mapPaths(e.metadata, personalMetadataFields, collect);
    }
    if (subjects.size === 0) return events;
    const keys = await this.keys.lookup([...subjects]);
    return events.map((e) => (carriesPersonalData(e) ? revealEvent(e, keys) : e));
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

/** The event as stored: its personal fields replaced by markers, sealed together in one envelope. */
function sealEvent(e: NewEvent, subject: string, key: Buffer): NewEvent {
  const fields = { data: {} as Record<string, string>, metadata: {} as Record<string, string> };
  const takeInto = (into: Record<string, string>) => (value: unknown, path: string) => {
    if (typeof value !== 'string') return value;
    into[path] = value;
    return SEALED_MARKER;
  };
  const data = mapPaths(e.data, dataPaths(e.type), takeInto(fields.data));
  const metadata = mapPaths(
    e.metadata,
    personalMetadataFields,
    takeInto(fields.metadata),
  ) as NewEvent['metadata'];
  if (data === e.data && metadata === e.metadata) return e;
  const plain: SealedFields = {
    ...(data === e.data ? {} : { data: fields.data }),
    ...(metadata === e.metadata ? {} : { metadata: fields.metadata }),
  };
  const envelope: SealedField = {
    $enc: seal(key, Buffer.from(JSON.stringify(plain)), streamOfSubject(subject)).toString('base64'),
    subject,
  };
  return { ...e, data, metadata: { ...metadata, [ENVELOPE]: envelope } };
}

/** A field's value to be decrypted when it is first read. */
class Deferred {
  constructor(readonly read: () => unknown) {}
}

/**
 * The event made readable: ERASED where the subject's key is gone, and where it is not, each sealed
 * field a getter that decrypts on first read (the event's envelope once for all its fields, or, as
 * stored before 2026-11-27, the field alone). Read, set, spread or serialised, the event is the
 * plain object it was appended as; only a field no one reads is never decrypted.
 */
function revealEvent(e: StoredEvent, keys: ReadonlyMap<string, SubjectKey>): StoredEvent {
  const streamSubject = subjectOfStream(e.streamId);
  const envelope = e.metadata[ENVELOPE];
  let fields: SealedFields | undefined;
  const sealedValue = (part: keyof SealedFields, path: string, key: Buffer, sealed: SealedField) => () => {
    try {
      fields ??= JSON.parse(
        open(key, Buffer.from(sealed.$enc, 'base64'), streamOfSubject(sealed.subject)).toString(),
      ) as SealedFields;
    } catch (error) {
      throw new Error(`${e.streamId}#${e.streamRevision}: its personal data envelope does not open`, {
        cause: error,
      });
    }
    const value = fields[part]?.[path];
    if (value === undefined)
      throw new Error(`${e.streamId}#${e.streamRevision}: its envelope holds no ${part}.${path}`);
    return value;
  };
  let deferred = false;
  const revealIn = (part: keyof SealedFields) => (value: unknown, path: string) => {
    if (isSealedMarker(value)) {
      if (!isSealed(envelope))
        throw new Error(`${e.streamId}#${e.streamRevision}: a sealed field, but no envelope`);
      const key = keys.get(envelope.subject);
      if (!key) return ERASED;
      deferred = true;
      return new Deferred(sealedValue(part, path, key, envelope));
    }
    if (isSealed(value)) {
      const key = keys.get(value.subject);
      if (!key) return ERASED;
      deferred = true;
      return new Deferred(() =>
        open(key, Buffer.from(value.$enc, 'base64'), streamOfSubject(value.subject)).toString(),
      );
    }
    return typeof value === 'string' && streamSubject && keys.get(streamSubject) === null ? ERASED : value;
  };
  const data = mapPaths(e.data, dataPaths(e.type), revealIn('data'));
  let metadata = mapPaths(
    e.metadata,
    personalMetadataFields,
    revealIn('metadata'),
  ) as StoredEvent['metadata'];
  if (envelope !== undefined) {
    const { [ENVELOPE]: _envelope, ...rest } = metadata;
    metadata = rest;
  }
  if (deferred) {
    // mapPaths copied every object on the way to a changed field: these copies are ours to define on.
    defineGetters(data, dataPaths(e.type));
    defineGetters(metadata, personalMetadataFields);
  }
  return data === e.data && metadata === e.metadata ? e : { ...e, data, metadata };
}

const splitPaths = new Map<string, readonly string[]>();

/** Each Deferred at `paths` in `record` made a property that decrypts on first read, then holds the value. */
function defineGetters(record: unknown, paths: readonly string[]): void {
  for (const path of paths) {
    let segments = splitPaths.get(path);
    if (!segments) splitPaths.set(path, (segments = path.split('.')));
    let parent = record as Record<string, unknown> | null | undefined;
    for (const segment of segments.slice(0, -1))
      parent = typeof parent === 'object' && parent !== null ? (parent[segment] as typeof parent) : undefined;
    if (typeof parent !== 'object' || parent === null) continue;
    const field = segments[segments.length - 1]!;
    const value = parent[field];
    if (!(value instanceof Deferred)) continue;
    const owner = parent;
    const settle = (settled: unknown) =>
      Object.defineProperty(owner, field, {
        value: settled,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    Object.defineProperty(owner, field, {
      get: () => {
        const plain = value.read();
        settle(plain);
        return plain;
      },
      set: settle,
      enumerable: true,
      configurable: true,
    });
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
