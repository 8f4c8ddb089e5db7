import { type EventStore, type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';

/** Which events an export keeps; every field narrows it (all absent: the whole log). */
export interface EventLogFilter {
  readonly streamId?: string;
  readonly type?: string;
  readonly actorKind?: string;
  readonly actorId?: string;
  /**
   * On when the log recorded the event (the store's clock, which no command sets): at or after
   * `since`, strictly before `until`.
   */
  readonly since?: Date;
  readonly until?: Date;
}

const actorOf = (e: StoredEvent) => {
  const actor = e.metadata['actor'] as { kind?: unknown; id?: unknown } | undefined;
  return {
    kind: typeof actor?.kind === 'string' ? actor.kind : '',
    id: typeof actor?.id === 'string' ? actor.id : '',
  };
};

export function matchesFilter(e: StoredEvent, filter: EventLogFilter): boolean {
  const actor = actorOf(e);
  return (
    (!filter.streamId || e.streamId === filter.streamId) &&
    (!filter.type || e.type === filter.type) &&
    (!filter.actorKind || actor.kind === filter.actorKind) &&
    (!filter.actorId || actor.id === filter.actorId) &&
    (!filter.since || e.recordedAt >= filter.since) &&
    (!filter.until || e.recordedAt < filter.until)
  );
}

/**
 * The filtered log in log order, a batch at a time, from the event store port (so on either
 * adapter): what `npm run export-events` writes and the API's exports stream, with memory for one
 * batch whatever the log's size.
 */
export async function* eventLogBatches(
  store: EventStore,
  filter: EventLogFilter,
  batchSize = 2_000,
): AsyncGenerator<StoredEvent[]> {
  if (filter.streamId) {
    yield (await store.readStream(filter.streamId)).filter((e) => matchesFilter(e, filter));
    return;
  }
  let after: LogCheckpoint | null = null;
  for (;;) {
    const { events } = await store.readAll({ after, limit: batchSize });
    if (events.length === 0) return;
    yield events.filter((e) => matchesFilter(e, filter));
    after = events[events.length - 1]!.checkpoint;
  }
}

/**
 * One event as the exports write it, everything the store holds but its opaque checkpoint: its
 * `data` validates against its schema in event-schemas/schemas, and its `hash` can be recomputed.
 */
export const ndjsonRecord = (e: StoredEvent) => ({
  position: Number(e.position),
  streamId: e.streamId,
  streamRevision: Number(e.streamRevision),
  eventId: e.eventId,
  recordedAt: e.recordedAt.toISOString(),
  type: e.type,
  schemaVersion: e.schemaVersion,
  data: e.data,
  metadata: e.metadata,
  hash: e.hash ?? null,
});

/** One event as an NDJSON line (without its newline). */
export const ndjsonLine = (e: StoredEvent): string => JSON.stringify(ndjsonRecord(e));

export const CSV_COLUMNS = [
  'position',
  'streamId',
  'streamRevision',
  'eventId',
  'recordedAt',
  'occurredAt',
  'type',
  'schemaVersion',
  'actorKind',
  'actorId',
  'data',
  'metadata',
  'hash',
] as const;

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** One event as a CSV row (RFC 4180, without its line break); data and metadata as JSON. */
export function csvLine(e: StoredEvent): string {
  const actor = actorOf(e);
  return [
    String(e.position),
    e.streamId,
    String(e.streamRevision),
    e.eventId,
    e.recordedAt.toISOString(),
    typeof e.metadata['occurredAt'] === 'string' ? e.metadata['occurredAt'] : '',
    e.type,
    String(e.schemaVersion),
    actor.kind,
    actor.id,
    JSON.stringify(e.data),
    JSON.stringify(e.metadata),
    e.hash ?? '',
  ]
    .map(csvField)
    .join(',');
}
