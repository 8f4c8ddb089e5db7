import { type EventStore, type LogCursor, type LogFilter, type StoredEvent } from './event-store.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The event's actor as its metadata names it ('' for a field it lacks). */
export function actorOf(e: Pick<StoredEvent, 'metadata'>): { kind: string; id: string } {
  const actor = e.metadata['actor'] as { kind?: unknown; id?: unknown } | undefined;
  return { kind: text(actor?.kind), id: text(actor?.id) };
}

/** Whether `filter` keeps `e`: what an adapter checks itself of the filters its engine cannot. */
export function matchesLogFilter(e: StoredEvent, filter: LogFilter): boolean {
  const actor = actorOf(e);
  return (
    (filter.streamId === undefined || e.streamId === filter.streamId) &&
    (filter.type === undefined || e.type === filter.type) &&
    (filter.actorKind === undefined || actor.kind === filter.actorKind) &&
    (filter.actorId === undefined || actor.id === filter.actorId) &&
    (filter.since === undefined || e.recordedAt >= filter.since) &&
    (filter.until === undefined || e.recordedAt < filter.until)
  );
}

export const EXPORT_BATCH = 2_000;

/**
 * `exportLog` for an adapter whose pages resume from their cursor: page after page until one
 * reaches the end. Each page starts where the last one stopped, so the whole export reads the log
 * once.
 */
export async function* exportByPages(
  store: Pick<EventStore, 'readLog'>,
  filter: LogFilter,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<StoredEvent[]> {
  let after: LogCursor | null = null;
  for (;;) {
    const { events, next, end } = await store.readLog({ filter, after, limit: batchSize });
    if (events.length > 0) yield events;
    if (end) return;
    after = next;
  }
}
