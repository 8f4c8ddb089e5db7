import { type Clock } from '@coseso/domain/shared/clock';
import { type EventStore } from '@coseso/event-store/event-store';
import { type INestApplicationContext } from '@nestjs/common';
import { verifyBooks } from '../invoices/books/verify-books.js';
import { settledApp } from './settled.js';

/**
 * The books of a test app's whole log when it closes, as `npm run verify-books` checks them: once
 * the reactors and their jobs have settled (the invoice of the last payment made), every order must
 * balance. Returns why they do not (each order named, each rule broken), or null.
 */
export async function booksAtClose(
  target: { app: INestApplicationContext; store: EventStore },
  clock: Clock,
): Promise<string | null> {
  await settledApp(target);
  const report = await verifyBooks(target.store, { now: clock.now() });
  if (report.ok) return null;
  const lines = [
    `The books of this test file's log do not balance (${report.events} events, ${report.orders} orders, ${report.documents} documents):`,
    ...report.breaks.map(
      (b) =>
        `  order n° ${b.orderNumber} (${b.orderId}) [${b.rule}]${b.document ? ` ${b.document}` : ''}: ${b.why}`,
    ),
    ...report.numbering.map((problem) => `  numbering: ${problem}`),
  ];
  return lines.join('\n');
}
