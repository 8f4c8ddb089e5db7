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

  it('credits an invoice once, in the A series, naming it', async () => {
    const invoice = await renewal(issuers[1]!, randomUUID());
    const credit = (issuer: InvoiceIssuer) =>
      issuer.issueCreditNote({
        invoice: invoice.document,
        reason: 'Annulation de la commande dans le délai de garantie de 14 jours',
        refundedAt: null,
        issuedFrom: { streamId: `order-${monthlyOrder.orderId}`, eventId: randomUUID() },
      });
    const [one, two] = await Promise.all([credit(issuers[0]!), credit(issuers[1]!)]);
    expect(one!.document.number).toMatch(/^A-\d{4}-000001$/);
    expect(two!.document.number).toBe(one!.document.number);
    expect(one!.document.corrects).toMatchObject({ number: invoice.document.number });
  });
});
