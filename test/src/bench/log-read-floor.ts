// The rebuild's floor: the same log read and parsed from start to end in the rebuild's batches, one
// batch read ahead as the rebuild does, with nothing applied. A rebuild cannot beat it.
import { type EventStore, type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import {
  mapPaths,
  personalDataPaths,
  personalMetadataFields,
} from '@coseso/event-schemas/personal-fields';
import { REBUILD_BATCH_SIZE } from '@coseso/projections/rebuild-projection';

export interface LogRead {
  readonly events: number;
  readonly seconds: number;
}

/** Reads each personal field of the event, as a consumer showing them all would (and decrypts them). */
function readPersonalFieldsOf(e: StoredEvent): void {
  const read = (value: unknown) => value;
  mapPaths(e.data, personalDataPaths(e.type) ?? [], read);
  mapPaths(e.metadata, personalMetadataFields, read);
}

export async function readWholeLog(
  store: EventStore,
  { batchSize = REBUILD_BATCH_SIZE, readPersonalFields = false } = {},
): Promise<LogRead> {
  const started = performance.now();
  const read = (after: LogCheckpoint | null) => {
    const page = store.readAll({ after, limit: batchSize });
    page.catch(() => {}); // heard when awaited below
    return page;
  };
  let events = 0;
  let next = read(null);
  for (;;) {
    const page = await next;
    const last = page.events[page.events.length - 1];
    if (!last) break;
    events += page.events.length;
    const done = page.events.length < batchSize && page.caughtUp;
    if (!done) next = read(last.checkpoint);
    if (readPersonalFields) for (const e of page.events) readPersonalFieldsOf(e);
    if (done) break;
  }
  return { events, seconds: (performance.now() - started) / 1_000 };
}
