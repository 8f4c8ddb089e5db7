import { randomUUID } from 'node:crypto';
import { type InvoiceDocumentData } from '@coseso/event-schemas/invoice/invoice-events';
import { type NewEvent, type StoredEvent } from '@coseso/event-store/event-store';
import { invoiceSeriesEvents } from '../../testing/invoice-fixtures.js';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
} from '../../testing/projection-test-kit.js';
import { clientErasure, stored } from '../../testing/stored-events.js';
import { invoicesProjector } from './invoices.projection.js';

const projectors = [invoicesProjector];

const documentOf = (event: { readonly data: unknown }) =>
  (event.data as { document: InvoiceDocumentData }).document;

/** The series' documents as the log hands them: the F series, then the A series. */
function series(orderId: string, renumber: (number: string) => string = (n) => n): StoredEvent[] {
  const { F, A } = invoiceSeriesEvents(orderId, 'Boulangerie Martin');
  const numbered = (event: NewEvent) => {
    const { document, ...data } = event.data as { document: InvoiceDocumentData };
    const corrects = document.corrects && {
      ...document.corrects,
      number: renumber(document.corrects.number),
    };
    return {
      type: event.type,
      data: { ...data, document: { ...document, number: renumber(document.number), corrects } },
      metadata: event.metadata as { occurredAt: string },
    };
  };
  return [...stored('invoice-F-2026', F.map(numbered)), ...stored('invoice-A-2026', A.map(numbered))];
}

describe('the invoices read model', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext(projectors);
  });
  afterAll(() => ctx.close());
  beforeEach(() =>
    ctx.dataSource.query(`truncate ${ctx.db.schema}.invoice, ${ctx.db.schema}.invoice_day_totals`),
  );

  const project = (events: readonly StoredEvent[]) =>
    ctx.dataSource.transaction((em) => invoicesProjector.project(events, em, undefined as never));
  const snapshot = async () => {
    const tables = await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors);
    return {
      invoices: tables['invoice'] as Record<string, unknown>[],
      days: tables['invoice_day_totals'] as Record<string, unknown>[],
    };
  };
  /** Read raw, as the timeline's spec reads them: a bigint column's digits, a date column's midnight, local time. */
  const cents = (amount: number) => String(amount);
  const day = (isoDate: string) => new Date(`${isoDate}T00:00:00`);

  it('given a deposit invoice, a final invoice and a credit note: a row each, as issued, in the log’s order', async () => {
    const orderId = randomUUID();
    const events = series(orderId);
    await project(events);
    const [deposit, balance, credit] = events.map(documentOf);
    const { invoices } = await snapshot();
    expect(invoices.map((row) => ({ ...row, document: undefined }))).toEqual([
      {
        number: 'A-2026-000001',
        kind: 'credit_note',
        order_id: orderId,
        order_number: deposit!.order.orderNumber,
        issue_date: day('2026-03-05'),
        position: String(events[2]!.position),
        purpose: credit!.purpose,
        total_amount: credit!.totalAmount,
        vat_amount: credit!.vatAmount,
        total_with_vat: credit!.totalWithVat,
        corrects: 'F-2026-000001',
        pdf_sha256: '3'.padStart(64, '0'),
        document: undefined,
      },
      {
        number: 'F-2026-000001',
        kind: deposit!.kind,
        order_id: orderId,
        order_number: deposit!.order.orderNumber,
        issue_date: day('2026-03-01'),
        position: String(events[0]!.position),
        purpose: 'deposit',
        total_amount: deposit!.totalAmount,
        vat_amount: deposit!.vatAmount,
        total_with_vat: deposit!.totalWithVat,
        corrects: null,
        pdf_sha256: '1'.padStart(64, '0'),
        document: undefined,
      },
      {
        number: 'F-2026-000002',
        kind: balance!.kind,
        order_id: orderId,
        order_number: deposit!.order.orderNumber,
        issue_date: day('2026-04-01'),
        position: String(events[1]!.position),
        purpose: 'balance',
        total_amount: balance!.totalAmount,
        vat_amount: balance!.vatAmount,
        total_with_vat: balance!.totalWithVat,
        corrects: null,
        pdf_sha256: '2'.padStart(64, '0'),
        document: undefined,
      },
    ]);
    // The document is kept whole: the PDF and the CSV are made from it.
    expect(invoices.find((row) => row['number'] === 'F-2026-000002')!['document']).toEqual(balance);
    // Amounts in cents, TTC = HT + TVA.
    for (const row of invoices)
      expect(row['total_with_vat']).toBe((row['total_amount'] as number) + (row['vat_amount'] as number));
  });

  it('given documents of several days: the books’ totals per day and kind, the final invoice without its deposit', async () => {
    const events = series(randomUUID());
    await project(events);
    const [deposit, balance, credit] = events.map(documentOf);
    const { days } = await snapshot();
    expect(days).toEqual([
      {
        issue_date: day('2026-03-01'),
        kind: deposit!.kind,
        documents: 1,
        total_amount: cents(deposit!.totalAmount),
        vat_amount: cents(deposit!.vatAmount),
        total_with_vat: cents(deposit!.totalWithVat),
      },
      {
        issue_date: day('2026-03-05'),
        kind: 'credit_note',
        documents: 1,
        total_amount: cents(credit!.totalAmount),
        vat_amount: cents(credit!.vatAmount),
        total_with_vat: cents(credit!.totalWithVat),
      },
      {
        // The final invoice shows the whole sale; the books count what is left once the deposit is deducted.
        issue_date: day('2026-04-01'),
        kind: balance!.kind,
        documents: 1,
        total_amount: cents(balance!.totalAmount - deposit!.totalAmount),
        vat_amount: cents(balance!.vatAmount - deposit!.vatAmount),
        total_with_vat: cents(balance!.totalWithVat - deposit!.totalWithVat),
      },
    ]);
    // What the balance's payment brought in, TTC.
    expect(days[2]!['total_with_vat']).toBe(cents(balance!.paidWithVat));
  });

  it('given two orders’ documents of the same days: one row per day and kind, their sum', async () => {
    const first = series(randomUUID());
    const second = series(randomUUID(), (n) => n.replace(/-00000(\d)$/, (_, d: string) => `-00001${d}`));
    await project([...first, ...second]);
    const { invoices, days } = await snapshot();
    expect(invoices).toHaveLength(6);
    const deposit = documentOf(first[0]!);
    expect(days.find((row) => row['kind'] === deposit.kind && row['documents'] === 2)).toMatchObject({
      issue_date: day('2026-03-01'),
      total_with_vat: cents(2 * deposit.totalWithVat),
    });
    expect(days.map((row) => row['documents'])).toEqual([2, 2, 2]);
  });

  it('run twice, or one event at a time, leaves the same rows: a day counts each document once', async () => {
    const events = series(randomUUID());
    await project(events);
    const once = await snapshot();
    await project(events);
    expect(await snapshot()).toEqual(once);
    await ctx.dataSource.query(`truncate ${ctx.db.schema}.invoice, ${ctx.db.schema}.invoice_day_totals`);
    for (const event of events) await project([event]);
    expect(await snapshot()).toEqual(once);
  });

  it('after the client’s erasure, the documents stay as issued (ten years’ retention)', async () => {
    const orderId = randomUUID();
    const events = series(orderId);
    await project(events);
    const issued = await snapshot();
    await project(clientErasure(randomUUID(), [orderId]));
    expect(await snapshot()).toEqual(issued);
  });
});
