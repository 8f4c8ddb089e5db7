// The rebuild's floor: the same log read and parsed from start to end in the rebuild's batches, one
// batch read ahead as the rebuild does, with nothing applied. A rebuild cannot beat it.
import { type EventStore, type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import { mapPaths, personalDataPaths, personalMetadataFields } from '@coseso/event-schemas/personal-fields';
import { REBUILD_BATCH_SIZE } from '@coseso/projections/rebuild-projection';

export interface LogRead {
  readonly events: number;
  readonly seconds: number;
  /** This process's CPU (user and system) over the read: parsing the rows, and decrypting. */
  readonly cpuSeconds: number;
}

/** Reads each personal field of the event, as a consumer showing them all would (and decrypts them). */
function readPersonalFieldsOf(e: StoredEvent): void {
  const read = (value: unknown) => value;
  mapPaths(e.data, personalDataPaths(e.type) ?? [], read);
  mapPaths(e.metadata, personalMetadataFields, read);
}

/**
 * The log in the rebuild's batches, one batch read ahead as the rebuild reads it, to its end: by the
 * store's batched reads.
 */
async function* batchedReads(store: EventStore, batchSize: number): AsyncGenerator<StoredEvent[]> {
  const read = (after: LogCheckpoint | null) => {
    const page = store.readAll({ after, limit: batchSize });
    page.catch(() => {}); // heard when awaited below
    return page;
  };
  let after: LogCheckpoint | null = null;
  let next = read(after);
  for (;;) {
    const page = await next;
    const last = page.events[page.events.length - 1];
    if (!last) {
      if (page.caughtUp) return;
      // Held back by a transaction of the cluster still open (another test's, on a shared machine).
      await new Promise((resolve) => setTimeout(resolve, 10));
      next = read(after);
      continue;
    }
    after = last.checkpoint;
    const done = page.events.length < batchSize && page.caughtUp;
    if (!done) next = read(after);
    yield page.events;
    if (done) return;
  }
}

/**
 * `byExport`: the log as `exportLog({})` streams it (the Postgres store: one COPY … TO STDOUT, which
 * the rebuild's first pass reads), instead of the store's batched reads.
 */
export async function readWholeLog(
  store: EventStore,
  { batchSize = REBUILD_BATCH_SIZE, readPersonalFields = false, byExport = false } = {},
): Promise<LogRead> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let events = 0;
  for await (const batch of byExport ? store.exportLog({}, { batchSize }) : batchedReads(store, batchSize)) {
    events += batch.length;
    if (readPersonalFields) for (const e of batch) readPersonalFieldsOf(e);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    events,
    seconds: (performance.now() - started) / 1_000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
