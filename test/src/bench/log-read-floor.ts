// The rebuild's floor: the same log read and parsed from start to end in the rebuild's batches, one
// batch read ahead as the rebuild does, with nothing applied. A rebuild cannot beat it.
import { type EventStore, type LogCheckpoint } from '@coseso/event-store/event-store';
import { REBUILD_BATCH_SIZE } from '@coseso/projections/rebuild-projection';

export interface LogRead {
  readonly events: number;
  readonly seconds: number;
}

export async function readWholeLog(store: EventStore, batchSize = REBUILD_BATCH_SIZE): Promise<LogRead> {
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
    if (page.events.length < batchSize && page.caughtUp) break;
    next = read(last.checkpoint);
  }
  return { events, seconds: (performance.now() - started) / 1_000 };
}
