import { isDocumentEvent, isInvoiceStream, readDocumentEvent } from '@coseso/domain/events/event-reader';
import { bookedAmountsOf } from '@coseso/domain/invoices/invoice-ledger';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements, tableOf } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { type ShadowTables } from '../../replay.js';
import { InvoiceDayTotalsRow } from './invoice-day-totals.entity.js';
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
 * afterwards (a document is immutable), and an erasure leaves it as issued; beside them, what the
 * documents of each issue day and kind count for in the books, summed (the period's totals).
 */
export const invoicesProjector: Projector = {
  name: 'invoices',
  version: 3,
  entities: [InvoiceRow, InvoiceDayTotalsRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    await runStatements(em, invoiceWrites(events, em));
  },
  writes: invoiceWrites,
  // Each document comes once: appended with COPY; the day totals, a few hundred rows a year, are
  // summed in memory over the whole rebuild and appended at its end.
  replayer: () => {
    const days = new Map<string, InvoiceDayTotalsRow>();
    return {
      async replay(events: readonly StoredEvent[], shadow: ShadowTables) {
        const rows = rowsOf(events);
        shadow.append(InvoiceRow, rows, columns);
        for (const row of rows) addToDay(days, row);
      },
      flush(shadow: ShadowTables) {
        shadow.append(InvoiceDayTotalsRow, [...days.values()], dayColumns);
      },
    };
  },
};

const dayColumns = (
  ['issueDate', 'kind', 'documents', 'totalAmount', 'vatAmount', 'totalWithVat'] as const
).map((property) => ({ property }));

/** A document's amounts as the books count them (a final invoice without its deposits). */
const bookedRow = (row: InvoiceRow): InvoiceDayTotalsRow => {
  const booked = bookedAmountsOf(row.document);
  return {
    issueDate: row.issueDate,
    kind: row.kind,
    documents: 1,
    totalAmount: booked.totalAmount,
    vatAmount: booked.vatAmount,
    totalWithVat: booked.totalWithVat,
  };
};

function addToDay(days: Map<string, InvoiceDayTotalsRow>, row: InvoiceRow): void {
  const booked = bookedRow(row);
  const key = `${booked.issueDate} ${booked.kind}`;
  const day = days.get(key);
  if (!day) days.set(key, booked);
  else {
    day.documents += 1;
    day.totalAmount += booked.totalAmount;
    day.vatAmount += booked.vatAmount;
    day.totalWithVat += booked.totalWithVat;
  }
}

function invoiceWrites(events: readonly StoredEvent[], em: EntityManager): Statement[] {
  const rows = rowsOf(events);
  // A replayed document hits the primary key and changes nothing: only the documents this insert
  // wrote are added to their day, in the same statement.
  const inserts = bulkInsertStatement(
    em,
    InvoiceRow,
    rows,
    columns,
    (column) => `on conflict (${column('number')}) do nothing returning number`,
  );
  if (!inserts) return [];
  const booked = rows.map(bookedRow);
  const at = inserts.params.length;
  const table = tableOf(em, InvoiceDayTotalsRow);
  return [
    {
      sql: `with inserted as (${inserts.sql}),
        booked as (
          select * from unnest($${at + 1}::text[], $${at + 2}::date[], $${at + 3}::text[], $${at + 4}::bigint[], $${at + 5}::bigint[], $${at + 6}::bigint[])
            as b(number, issue_date, kind, total_amount, vat_amount, total_with_vat)
          where b.number in (select number from inserted))
        insert into ${table} (issue_date, kind, documents, total_amount, vat_amount, total_with_vat)
          select issue_date, kind, count(*), sum(total_amount), sum(vat_amount), sum(total_with_vat)
          from booked group by issue_date, kind
        on conflict (issue_date, kind) do update set
          documents = ${table}.documents + excluded.documents,
          total_amount = ${table}.total_amount + excluded.total_amount,
          vat_amount = ${table}.vat_amount + excluded.vat_amount,
          total_with_vat = ${table}.total_with_vat + excluded.total_with_vat`,
      params: [
        ...inserts.params,
        rows.map((row) => row.number),
        booked.map((b) => b.issueDate),
        booked.map((b) => b.kind),
        booked.map((b) => b.totalAmount),
        booked.map((b) => b.vatAmount),
        booked.map((b) => b.totalWithVat),
      ],
    },
  ];
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
