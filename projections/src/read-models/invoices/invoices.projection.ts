import { isDocumentEvent, isInvoiceStream, readDocumentEvent } from '@coseso/domain/events/event-reader';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { type ShadowTables } from '../../replay.js';
import { InvoiceRow } from './invoice.entity.js';

const columns = (
  [
    'number',
    'kind',
    'orderId',
    'orderNumber',
    'issueDate',
    'position',
    'purpose',
    'totalAmount',
    'vatAmount',
    'totalWithVat',
    'corrects',
    'pdfSha256',
    'document',
  ] as const
).map((property) => ({ property }));

/**
 * The invoices read model: each InvoiceIssued or CreditNoteIssued is one row, never changed
 * afterwards (a document is immutable), and an erasure leaves it as issued.
 */
export const invoicesProjector: Projector = {
  name: 'invoices',
  version: 2,
  entities: [InvoiceRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    await runStatements(em, invoiceWrites(events, em));
  },
  writes: invoiceWrites,
  // Each document comes once: appended with COPY.
  replayer: () => ({
    async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
      shadow.append(InvoiceRow, rowsOf(events), columns);
    },
  }),
};

function invoiceWrites(events: readonly StoredEvent[], em: EntityManager): Statement[] {
  // A replayed document hits the primary key and changes nothing.
  const inserts = bulkInsertStatement(
    em,
    InvoiceRow,
    rowsOf(events),
    columns,
    (column) => `on conflict (${column('number')}) do nothing`,
  );
  return inserts ? [inserts] : [];
}

function rowsOf(events: readonly StoredEvent[]): InvoiceRow[] {
  return events
    .filter((e) => isInvoiceStream(e.streamId) && isDocumentEvent(e))
    .map((stored) => {
      const { document, pdfSha256 } = readDocumentEvent(stored).data;
      return {
        number: document.number,
        kind: document.kind,
        orderId: document.order.orderId,
        orderNumber: document.order.orderNumber,
        issueDate: document.issueDate,
        position: Number(stored.position),
        purpose: document.purpose,
        totalAmount: document.totalAmount,
        vatAmount: document.vatAmount,
        totalWithVat: document.totalWithVat,
        corrects: document.corrects?.number ?? null,
        pdfSha256,
        document,
      };
    });
}
