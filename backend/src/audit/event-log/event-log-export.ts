import { type EventStore, type LogFilter, type StoredEvent } from '@coseso/event-store/event-store';
import { actorOf } from '@coseso/event-store/log-filter';
import { CSV_BOM, CSV_NEWLINE, csvLine as csvCells, csvText } from '@coseso/domain/shared/csv';
import { eventTypeLabel } from '@coseso/domain/events/event-type-labels';

/** Which events the explorer and the exports keep: the event store port's filter of its log. */
export type EventLogFilter = LogFilter;

/**
 * The filtered log in log order, a batch at a time, from the event store port (so on either
 * adapter, each filtering with its own engine and reading the log once): what `npm run
 * export-events` writes and the API's exports stream, with memory for one batch whatever the
 * log's size.
 */
export const eventLogBatches = (
  store: EventStore,
  filter: EventLogFilter,
  batchSize?: number,
): AsyncIterable<StoredEvent[]> => store.exportLog(filter, batchSize === undefined ? {} : { batchSize });

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

/**
 * The CSV's columns, named in French for the spreadsheet that opens it: the type as stored (its
 * schema's name) then in French, the actor's kind and id as the log holds them.
 */
export const CSV_COLUMNS = [
  'Position',
  'Flux',
  'Révision du flux',
  "Identifiant de l'événement",
  'Enregistré le',
  'Survenu le',
  'Type',
  'Libellé',
  'Version du schéma',
  "Type d'acteur",
  'Acteur',
  'Données',
  'Métadonnées',
  'Empreinte',
] as const;

/** The CSV export's first line: the BOM, then the column names (the product's one convention). */
export const csvHead = `${CSV_BOM}${csvCells(CSV_COLUMNS.map(csvText))}${CSV_NEWLINE}`;

/**
 * One event as a CSV row (without its line break), as every export of the product writes it: `;`,
 * every text cell through `csvText` (a name typed into a form may start with `=`), data and metadata
 * as JSON; numbers are ours and left as they are.
 */
export function csvLine(e: StoredEvent): string {
  const actor = actorOf(e);
  return csvCells([
    String(e.position),
    csvText(e.streamId),
    String(e.streamRevision),
    csvText(e.eventId),
    csvText(e.recordedAt.toISOString()),
    csvText(typeof e.metadata['occurredAt'] === 'string' ? e.metadata['occurredAt'] : ''),
    csvText(e.type),
    csvText(eventTypeLabel(e.type)),
    String(e.schemaVersion),
    csvText(actor.kind),
    csvText(actor.id),
    csvText(JSON.stringify(e.data)),
    csvText(JSON.stringify(e.metadata)),
    csvText(e.hash ?? ''),
  ]);
}
