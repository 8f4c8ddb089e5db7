import { setTimeout as sleep } from 'node:timers/promises';
import { type BooksBreak, BooksCheck, numberingBreaks } from '@coseso/domain/books/books-invariant';
import {
  isInvoiceStream,
  isOrderStream,
  orderIdOf,
  readInvoiceEvent,
  readOrderEvent,
} from '@coseso/domain/events/event-reader';
import { type InvoiceDocument } from '@coseso/domain/invoices/invoice-document';
import { type EventStore, type LogCheckpoint } from '@coseso/event-store/event-store';

export interface BooksReport {
  readonly ok: boolean;
  readonly events: number;
  readonly orders: number;
  readonly documents: number;
  /** Each order whose books do not balance, with why (French). */
  readonly breaks: readonly BooksBreak[];
  /** A series numbered with a gap, or dated backwards (French). */
  readonly numbering: readonly string[];
  readonly checkedAt: string;
}

/**
 * The books of the whole log (`npm run verify-books`, the back-office's « Vérifier les comptes »):
 * read once through the event store port, a batch at a time, keeping only each order's money facts
 * and the documents; then the invariant of `@coseso/domain/books/books-invariant` per order, and
 * the numbering of each series.
 */
export async function verifyBooks(
  store: EventStore,
  {
    batchSize = 5_000,
    now = new Date(),
    onProgress,
  }: { batchSize?: number; now?: Date; onProgress?: (events: number) => void } = {},
): Promise<BooksReport> {
  const check = new BooksCheck();
  const series = new Map<string, InvoiceDocument[]>();
  let events = 0;
  let documents = 0;
  let after: LogCheckpoint | null = null;
  for (;;) {
    const batch = await store.readAll({ after, limit: batchSize });
    for (const record of batch.events) {
      events++;
      if (isOrderStream(record.streamId))
        check.addOrderEvent(orderIdOf(record), { eventId: record.eventId, event: readOrderEvent(record) });
      else if (isInvoiceStream(record.streamId)) {
        const event = readInvoiceEvent(record);
        check.addInvoiceEvent(event);
        if (event.type !== 'InvoiceCreditReserved') {
          documents++;
          series.set(record.streamId, [...(series.get(record.streamId) ?? []), event.data.document]);
        }
      }
    }
    if (batch.events.length > 0) {
      after = batch.events[batch.events.length - 1]!.checkpoint;
      onProgress?.(events);
    }
    if (batch.caughtUp) break;
    // A transaction older than the ones read is still running: its events come soon.
    if (batch.events.length === 0) await sleep(20);
  }
  const breaks = check.breaks();
  const numbering = [...series.values()].flatMap((docs) => numberingBreaks(docs));
  return {
    ok: breaks.length === 0 && numbering.length === 0,
    events,
    orders: check.orderIds().length,
    documents,
    breaks,
    numbering,
    checkedAt: now.toISOString(),
  };
}
