import { type RecordedDocumentEvent, type RecordedOrderEvent } from '../events/event-reader.js';
import { orderIn } from '../orders/testing/order-test-kit.js';
import { type InvoiceDocument } from './invoice-document.js';
import {
  type InvoiceSeriesState,
  type Issue,
  type InvoiceCreditsState,
  decideCreditNote,
  decideCreditReservation,
  decideInvoice,
  evolveInvoiceCredits,
  foldSeries,
  initialInvoiceCreditsState,
  initialSeriesState,
  seriesYearOf,
} from './invoice-series.js';
import { cancelledWithinGuarantee, invoicedPaymentOf, issuesInvoice } from './invoiced-events.js';
import { testSeller } from './testing/test-seller.js';

const seller = testSeller;

const yearly = orderIn('ready_for_delivery', { billing: 'yearly' });
const order = yearly.state;
const metadata = (occurredAt: string) => ({
  actor: { kind: 'system', id: 'invoices' } as const,
  commandId: `c-${occurredAt}`,
  correlationId: 'c',
  causationId: 'c',
  occurredAt,
});

const issuedEvent = (document: InvoiceDocument, eventId: string, at: string): RecordedDocumentEvent => ({
  type: document.kind === 'credit_note' ? 'CreditNoteIssued' : 'InvoiceIssued',
  data: { document, pdfSha256: 'a'.repeat(64), issuedFrom: { streamId: `order-${order.orderId}`, eventId } },
  metadata: metadata(at),
});

const issuedOf = (issue: Issue): InvoiceDocument => {
  if (!('issued' in issue)) throw new Error(`expected a new document, got ${issue.alreadyIssued}`);
  return issue.issued;
};

const deposit = {
  purpose: 'deposit',
  provider: 'sandbox',
  paymentId: 'cs_deposit',
  amountWithVat: order.price!.depositWithVat,
  paidAt: '2026-03-01T10:00:00Z',
} as const;

const depositCommand = (state: InvoiceSeriesState, now = '2026-03-01T10:00:01Z', eventId = 'e-deposit') =>
  decideInvoice(state, {
    year: 2026,
    order,
    payment: deposit,
    issuedFrom: { streamId: `order-${order.orderId}`, eventId },
    seller,
    depositsInvoiced: [],
    now,
  });

describe('the F series', () => {
  it('given an empty series, when a deposit is invoiced, then it is deposit invoice n° 1 of the year', () => {
    const doc = issuedOf(depositCommand(initialSeriesState()));
    expect(doc).toMatchObject({ kind: 'deposit_invoice', number: 'F-2026-000001', issueDate: '2026-03-01' });
  });

  it('given 41 documents, when another payment is invoiced, then it takes the 42nd number', () => {
    const first = issuedOf(depositCommand(initialSeriesState()));
    const state = { ...foldSeries([issuedEvent(first, 'e-1', '2026-03-01T10:00:01Z')]), lastSequence: 41 };
    expect(issuedOf(depositCommand(state, '2026-03-02T10:00:00Z', 'e-2')).number).toBe('F-2026-000042');
  });

  it('given the event already invoiced, when it is invoiced again, then nothing new: the number it has', () => {
    const first = issuedOf(depositCommand(initialSeriesState()));
    const state = foldSeries([issuedEvent(first, 'e-deposit', '2026-03-01T10:00:01Z')]);
    expect(depositCommand(state, '2026-03-05T10:00:00Z')).toEqual({ alreadyIssued: 'F-2026-000001' });
  });

  it('given one reactivation invoicing two payments again, then each has its own number, once, whatever asks again', () => {
    const reissue = (state: InvoiceSeriesState, paymentId: string, now: string) =>
      decideInvoice(state, {
        year: 2026,
        order,
        payment: { ...deposit, paymentId },
        issuedFrom: { streamId: `order-${order.orderId}`, eventId: 'e-reactivated', paymentId },
        seller,
        depositsInvoiced: [],
        now,
      });
    const event = (doc: InvoiceDocument, paymentId: string, at: string): RecordedDocumentEvent => {
      const base = issuedEvent(doc, 'e-reactivated', at);
      return { ...base, data: { ...base.data, issuedFrom: { ...base.data.issuedFrom, paymentId } } };
    };
    const first = issuedOf(reissue(initialSeriesState(), 'cs_a', '2026-03-05T10:00:00Z'));
    let state = foldSeries([event(first, 'cs_a', '2026-03-05T10:00:00Z')]);
    const second = issuedOf(reissue(state, 'cs_b', '2026-03-05T10:00:01Z'));
    expect([first.number, second.number]).toEqual(['F-2026-000001', 'F-2026-000002']);
    state = foldSeries([
      event(first, 'cs_a', '2026-03-05T10:00:00Z'),
      event(second, 'cs_b', '2026-03-05T10:00:01Z'),
    ]);
    // Replayed or retried: each answers its number; the reactivation's event alone names neither.
    expect(reissue(state, 'cs_a', '2026-03-06T10:00:00Z')).toEqual({ alreadyIssued: 'F-2026-000001' });
    expect(reissue(state, 'cs_b', '2026-03-06T10:00:00Z')).toEqual({ alreadyIssued: 'F-2026-000002' });
    expect(state.issuedFor['e-reactivated']).toBeUndefined();
  });

  it('given a later document issued by a clock ahead, when one is issued now, then it is not dated before it', () => {
    const first = issuedOf(depositCommand(initialSeriesState(), '2026-03-02T00:30:00+01:00'));
    const state = foldSeries([issuedEvent(first, 'e-1', '2026-03-02T09:00:00Z')]);
    const issue = depositCommand(state, '2026-03-01T23:59:00Z', 'e-2');
    expect(issue).toMatchObject({ issuedAt: '2026-03-02T09:00:00Z', issued: { issueDate: '2026-03-02' } });
  });

  it("given the order's deposit invoice, then the series remembers it for the final invoice to deduct", () => {
    const first = issuedOf(depositCommand(initialSeriesState()));
    const state = foldSeries([issuedEvent(first, 'e-1', '2026-03-01T10:00:01Z')]);
    expect(state.depositsByOrder[order.orderId]).toEqual([
      { number: 'F-2026-000001', issueDate: '2026-03-01', amountWithVat: order.price!.depositWithVat },
    ]);
    const balance = issuedOf(
      decideInvoice(state, {
        year: 2026,
        order,
        payment: {
          ...deposit,
          purpose: 'balance',
          paymentId: 'cs_balance',
          amountWithVat: order.price!.remainingWithVat,
        },
        issuedFrom: { streamId: `order-${order.orderId}`, eventId: 'e-balance' },
        seller,
        depositsInvoiced: state.depositsByOrder[order.orderId]!,
        now: '2026-04-01T10:00:00Z',
      }),
    );
    expect(balance).toMatchObject({
      kind: 'invoice',
      number: 'F-2026-000002',
      totalWithVat: order.price!.totalWithVat,
      depositsDeducted: [{ number: 'F-2026-000001' }],
      amountDueWithVat: 0,
    });
  });

  it('numbers by the Paris calendar: 31 December 23:30 UTC is already next year', () => {
    expect(seriesYearOf('2026-12-31T22:59:59Z')).toBe(2026);
    expect(seriesYearOf('2026-12-31T23:30:00Z')).toBe(2027);
  });
});

describe('the A series', () => {
  const invoice = issuedOf(depositCommand(initialSeriesState()));
  const credit = (state: InvoiceSeriesState, eventId = 'e-cancel', amountWithVat = invoice.totalWithVat) =>
    decideCreditNote(state, {
      year: 2026,
      invoice,
      reason: 'Annulation de la commande dans le délai de garantie de 14 jours',
      refundedAt: null,
      amountWithVat,
      issuedFrom: { streamId: `order-${order.orderId}`, eventId },
      now: '2026-03-05T09:00:00Z',
    });

  it('given an invoice, when it is cancelled, then credit note n° 1 names it and gives back what it collected', () => {
    expect(issuedOf(credit(initialSeriesState()))).toMatchObject({
      kind: 'credit_note',
      number: 'A-2026-000001',
      corrects: { number: 'F-2026-000001' },
      amountDueWithVat: invoice.totalWithVat,
    });
  });

  it('given a credit note of the invoice for a cause, when the same cause asks again, then nothing new', () => {
    const state = foldSeries([
      issuedEvent(issuedOf(credit(initialSeriesState())), 'e-cancel', '2026-03-05T09:00:00Z'),
    ]);
    expect(credit(state, 'e-cancel')).toEqual({ alreadyIssued: 'A-2026-000001' });
  });

  it('given a partial credit note of the invoice, when another cause credits the rest, then it is credit note n° 2', () => {
    const state = foldSeries([
      issuedEvent(
        issuedOf(credit(initialSeriesState(), 'e-refund', 10_000)),
        'e-refund',
        '2026-03-05T09:00:00Z',
      ),
    ]);
    expect(issuedOf(credit(state, 'e-cancel', invoice.totalWithVat - 10_000))).toMatchObject({
      number: 'A-2026-000002',
      amountDueWithVat: invoice.totalWithVat - 10_000,
    });
  });
});

describe("an invoice's credits, whatever the year", () => {
  const invoice = issuedOf(depositCommand(initialSeriesState()));
  const cause = (eventId: string) => ({ streamId: `order-${order.orderId}`, eventId });
  const reserve = (
    state: InvoiceCreditsState,
    eventId: string,
    requested: number | 'remainder',
    year = 2026,
  ) => decideCreditReservation(state, { invoice, cause: cause(eventId), requestedWithVat: requested, year });
  const reserved = (...entries: [string, number, number][]) =>
    entries.reduce(
      (state, [eventId, amountWithVat, creditYear]) =>
        evolveInvoiceCredits(state, { cause: cause(eventId), amountWithVat, creditYear }),
      initialInvoiceCreditsState(),
    );

  it('given nothing credited, when a cancellation credits the invoice, then it reserves all it collected', () => {
    expect(reserve(initialInvoiceCreditsState(), 'e-cancel', 'remainder')).toEqual({
      reserve: { cause: cause('e-cancel'), amountWithVat: invoice.totalWithVat, creditYear: 2026 },
    });
  });

  it('given a partial refund credited, when the order is cancelled, then the rest only is reserved', () => {
    expect(reserve(reserved(['e-refund', 10_000, 2026]), 'e-cancel', 'remainder')).toMatchObject({
      reserve: { amountWithVat: invoice.totalWithVat - 10_000 },
    });
  });

  it('given the invoice credited in 2026, when a refund of it comes in 2027, then nothing is left to credit', () => {
    expect(reserve(reserved(['e-cancel', invoice.totalWithVat, 2026]), 'e-refund', 10_000, 2027)).toEqual({
      nothingLeft: true,
    });
  });

  it('given a refund larger than what is left, when it is reserved, then it takes only what is left', () => {
    expect(
      reserve(reserved(['e-refund-1', invoice.totalWithVat - 500, 2026]), 'e-refund-2', 10_000),
    ).toMatchObject({
      reserve: { amountWithVat: 500 },
    });
  });

  it('given a cancellation reserved in December 2026, when it is processed again in January 2027, then it answers that reservation, in the 2026 series', () => {
    const state = reserved(['e-cancel', invoice.totalWithVat, 2026]);
    expect(reserve(state, 'e-cancel', 'remainder', 2027)).toEqual({
      reserved: { cause: cause('e-cancel'), amountWithVat: invoice.totalWithVat, creditYear: 2026 },
    });
  });
});

describe('the money events', () => {
  const events = yearly.history as readonly RecordedOrderEvent[];

  it('invoice the deposit and the balance of a yearly order, with what was paid', () => {
    const paid = events.filter((e) => issuesInvoice(e.type)).map((e) => invoicedPaymentOf(e, order));
    expect(paid.map((p) => [p?.purpose, p?.amountWithVat])).toEqual([
      ['deposit', order.price!.depositWithVat],
      ['balance', order.price!.remainingWithVat],
    ]);
  });

  it('the guarantee runs 14 days from the first payment', () => {
    const paidAt = Date.parse(order.firstPayment!.paidAt);
    const days = (n: number) => new Date(paidAt + n * 86_400_000).toISOString();
    expect(cancelledWithinGuarantee(order, days(13.9))).toBe(true);
    expect(cancelledWithinGuarantee(order, days(14.1))).toBe(false);
    expect(cancelledWithinGuarantee(orderIn('contract_ready_for_signature').state, days(1))).toBe(false);
  });
});
