import { randomUUID } from 'node:crypto';
import { invoiceStreamId } from '@coseso/domain/events/event-reader';
import { seriesYearOf } from '@coseso/domain/invoices/invoice-series';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { allMigrations } from '../../infra/database/all-migrations.js';
import { renderFacturX } from '../factur-x-pdf.js';
import { monthlyOrder, seller } from '../testing/invoice-fixtures.js';
import { type IssuedDocument, InvoiceIssuer } from './invoice-issuer.js';

// Two issuers on one store stand for two worker processes, each with its own memory of the series.
let db: TestSchema;
let store: PostgresEventStore;
let issuers: InvoiceIssuer[];

beforeAll(async () => {
  db = await createTestSchema('invoice_issuer', 8, { migrations: allMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  issuers = [new InvoiceIssuer(store), new InvoiceIssuer(store)];
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const renewal = (issuer: InvoiceIssuer, eventId: string) =>
  issuer.issueInvoice({
    order: monthlyOrder,
    payment: {
      purpose: 'renewal',
      provider: 'stripe',
      paymentId: `in_${eventId}`,
      amountWithVat: monthlyOrder.price!.monthlyWithVat,
      paidAt: new Date().toISOString(),
    },
    issuedFrom: { streamId: `order-${monthlyOrder.orderId}`, eventId },
    seller,
    depositsInvoiced: [],
  });

const sequenceOf = (issued: IssuedDocument) => Number(issued.document.number.slice(-6));

describe('the invoice numbering', () => {
  it('gives 50 concurrent payments, from two processes, the numbers 1 to 50: no gap, no repeat', async () => {
    const eventIds = Array.from({ length: 50 }, () => randomUUID());
    const issued = await Promise.all(eventIds.map((id, i) => renewal(issuers[i % 2]!, id)));

    const year = seriesYearOf(new Date().toISOString());
    expect(issued.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(issued.every((d) => d.document.number.startsWith(`F-${year}-`))).toBe(true);

    // The stream is the series: revision r holds number r + 1, dated no earlier than the one before.
    const stream = await store.readStream(invoiceStreamId('F', year));
    expect(stream).toHaveLength(50);
    const documents = stream.map((e) => (e.data as { document: IssuedDocument['document'] }).document);
    expect(documents.map((d) => Number(d.number.slice(-6)))).toEqual(
      stream.map((e) => Number(e.streamRevision) + 1),
    );
    const instants = stream.map((e) => String(e.metadata['occurredAt']));
    expect([...instants].sort()).toEqual(instants);

    // Delivered again, by any process: the same documents, nothing appended.
    const again = await Promise.all(eventIds.map((id, i) => renewal(issuers[(i + 1) % 2]!, id)));
    expect(again.map((d) => d.document.number)).toEqual(issued.map((d) => d.document.number));
    expect(await store.readStream(invoiceStreamId('F', year))).toHaveLength(50);
  }, 180_000);

  it('records the SHA-256 of the PDF the document renders to, again and again', async () => {
    const issued = await renewal(issuers[0]!, randomUUID());
    const found = (await issuers[1]!.find(issued.document.number))!;
    expect(found.document).toEqual(issued.document);
    expect((await renderFacturX(found.document)).sha256).toBe(found.pdfSha256);
  });

  it('credits an invoice once, in the A series, naming it, whichever of two causes racing wins', async () => {
    const invoice = await renewal(issuers[1]!, randomUUID());
    const credit = (issuer: InvoiceIssuer) =>
      issuer.issueCreditNote({
        invoice: invoice.document,
        reason: 'Annulation de la commande dans le délai de garantie de 14 jours',
        refundedAt: null,
        issuedFrom: { streamId: `order-${monthlyOrder.orderId}`, eventId: randomUUID() },
        requestedWithVat: 'remainder',
      });
    const notes = (await Promise.all([credit(issuers[0]!), credit(issuers[1]!)])).filter((n) => n !== null);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.document.number).toMatch(/^A-\d{4}-\d{6}$/);
    expect(notes[0]!.document).toMatchObject({
      corrects: { number: invoice.document.number },
      amountDueWithVat: invoice.document.totalWithVat,
    });
  });
});

describe('a credit note across New Year', () => {
  // Each issuer is a process of its own, with its own clock and its own memory of the series.
  const at = (instant: string) => new InvoiceIssuer(store, { now: () => new Date(instant) });
  const cancellation = (issuer: InvoiceIssuer, invoice: IssuedDocument, eventId: string) =>
    issuer.issueCreditNote({
      invoice: invoice.document,
      reason: 'Annulation de la commande dans le délai de garantie de 14 jours',
      refundedAt: null,
      issuedFrom: { streamId: `order-${monthlyOrder.orderId}`, eventId },
      requestedWithVat: 'remainder',
    });
  const decemberInvoice = () => renewal(at('2026-12-20T10:00:00Z'), randomUUID());

  it('given an invoice of December 2026 credited in December, when the cancellation is processed again in January 2027, then it is the same credit note', async () => {
    const invoice = await decemberInvoice();
    const cancelled = randomUUID();
    const december = await cancellation(at('2026-12-31T10:00:00Z'), invoice, cancelled);
    expect(december!.document.number).toMatch(/^A-2026-/);

    const january = await cancellation(at('2027-01-05T10:00:00Z'), invoice, cancelled);
    expect(january!.document.number).toBe(december!.document.number);
    expect(await store.readStream(invoiceStreamId('A', 2027))).toEqual([]);
    // Another cause of January (a refund reported late) finds nothing left to credit.
    expect(await cancellation(at('2027-01-06T10:00:00Z'), invoice, randomUUID())).toBeNull();
  });

  it('given an invoice of December 2026, when its cancellation is credited in January 2027 and processed again, then one credit note, of the 2027 series', async () => {
    const invoice = await decemberInvoice();
    expect(invoice.document.number).toMatch(/^F-2026-/);
    const cancelled = randomUUID();
    const first = await cancellation(at('2027-01-04T10:00:00Z'), invoice, cancelled);
    const again = await cancellation(at('2027-01-04T11:00:00Z'), invoice, cancelled);
    expect(first!.document).toMatchObject({
      issueDate: '2027-01-04',
      corrects: { number: invoice.document.number },
    });
    expect(first!.document.number).toMatch(/^A-2027-/);
    expect(again!.document.number).toBe(first!.document.number);
    const credits = [
      ...(await store.readStream(invoiceStreamId('A', 2026))),
      ...(await store.readStream(invoiceStreamId('A', 2027))),
    ].filter((e) => (e.data as IssuedDocument).document.corrects?.number === invoice.document.number);
    expect(credits).toHaveLength(1);
  });
});
