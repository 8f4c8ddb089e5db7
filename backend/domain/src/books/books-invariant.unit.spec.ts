import { type RecordedInvoiceEvent } from '../events/event-reader.js';
import { type BooksRule, numberingBreaks, orderBooksBreaks } from './books-invariant.js';
import { type BooksCommand, BooksModel } from './testing/books-commands.js';
import { BooksWorld } from './testing/books-world.js';

// Given an order's log (made by the decider and the invoices' decisions), when it is altered as a
// defect would alter it, then the invariant names the order and why.

function given(billing: 'yearly' | 'monthly', commands: readonly BooksCommand[]) {
  const model = new BooksModel(new BooksWorld('2026-12-01T09:00:00.000Z'));
  model.apply({ kind: 'order', billing });
  for (const command of commands) model.apply(command);
  const { world, orderId } = model;
  return {
    when(alter: (log: RecordedInvoiceEvent[]) => RecordedInvoiceEvent[] = (log) => log) {
      const breaks = orderBooksBreaks(orderId, world.stream(orderId), alter([...world.invoiceEvents()]));
      return {
        breaks,
        then(expected: readonly BooksRule[]) {
          expect(breaks.map((b) => b.rule).sort()).toEqual([...expected].sort());
          for (const b of breaks) expect(b).toMatchObject({ orderId, orderNumber: 1042 });
          return breaks;
        },
      };
    },
  };
}

const paidFirst: BooksCommand[] = [
  { kind: 'payFirst', outcome: 'paid' },
  { kind: 'deliver', pick: 0, replay: false },
];
const refunded = (part: 'full' | 'half'): BooksCommand[] => [
  ...paidFirst,
  { kind: 'days', days: 20 },
  { kind: 'refund', payment: 0, part },
  { kind: 'deliver', pick: 0, replay: false },
];
/** Amounts are written with no-break spaces; the expectations with plain ones. */
const spaced = (text: string) => text.replaceAll('\u00a0', ' ');
const documentOf = (e: RecordedInvoiceEvent) => (e.type === 'InvoiceCreditReserved' ? null : e.data.document);

describe('the books of an order', () => {
  it('given a deposit paid and invoiced, then they balance', () => {
    given('yearly', paidFirst).when().then([]);
  });

  it('given a set-up fee refunded in part after the guarantee, then they balance', () => {
    given('monthly', refunded('half')).when().then([]);
  });

  it('when a payment has no invoice, then « pas facturé », and the month does not balance', () => {
    const [missing] = given('yearly', paidFirst)
      .when((log) => log.filter((e) => e.type !== 'InvoiceIssued'))
      .then(['payment_not_invoiced', 'balance']);
    expect(spaced(missing!.why)).toMatch(
      /^Le paiement pay_1 de 358,20 € TTC reçu le 2026-12-01 n'est pas facturé\.$/,
    );
  });

  it('when a payment is invoiced twice, then « facturé 2 fois », and the month does not balance', () => {
    const breaks = given('yearly', paidFirst)
      .when((log) => [
        ...log,
        ...log
          .filter((e) => e.type === 'InvoiceIssued')
          .map((e) => {
            const doc = documentOf(e)!;
            return {
              ...e,
              data: { ...e.data, document: { ...doc, number: 'F-2026-000002' } },
            } as RecordedInvoiceEvent;
          }),
      ])
      .then(['payment_invoiced_twice', 'balance']);
    expect(spaced(breaks.find((b) => b.rule === 'balance')!.why)).toBe(
      'En 2026-12, TVA 20 % : facturé − avoirs = 716,40 € TTC, encaissé − remboursé = 358,20 € TTC.',
    );
  });

  it('when a refund has no credit note, then « pas d’avoir »', () => {
    given('monthly', refunded('full'))
      .when((log) => log.filter((e) => e.type !== 'CreditNoteIssued'))
      .then(['refund_not_credited', 'balance']);
  });

  it('when a refund is credited twice, then « 2 avoirs » and the invoice credited beyond what it collected', () => {
    given('monthly', refunded('full'))
      .when((log) => [
        ...log,
        ...log
          .filter((e) => e.type === 'CreditNoteIssued')
          .map((e) => {
            const doc = documentOf(e)!;
            return {
              ...e,
              data: { ...e.data, document: { ...doc, number: 'A-2026-000002' } },
            } as RecordedInvoiceEvent;
          }),
      ])
      .then(['refund_credited_twice', 'credited_beyond_collected', 'balance']);
  });

  it('when more is reserved of an invoice than it collected, then « crédite au-delà »', () => {
    const [beyond] = given('monthly', refunded('half'))
      .when((log) =>
        log.map((e) =>
          e.type === 'InvoiceCreditReserved' ? { ...e, data: { ...e.data, amountWithVat: 1_000_000 } } : e,
        ),
      )
      .then(['credited_beyond_collected']);
    expect(spaced(beyond!.why)).toMatch(
      /^La facture F-2026-000001 a encaissé .* mais ses avoirs \(A-2026-000001\) en créditent 10 000,00 € TTC\.$/,
    );
  });

  it('given a series with a number missing, then « numérotation non continue »', () => {
    const world = new BooksWorld('2026-12-01T09:00:00.000Z');
    const model = new BooksModel(world);
    model.apply({ kind: 'order', billing: 'monthly' });
    for (const c of refunded('half')) model.apply(c);
    const docs = world.documents();
    expect(numberingBreaks(docs)).toEqual([]);
    const gap = { ...docs[0]!, number: 'F-2026-000002' };
    expect(numberingBreaks([gap])).toEqual([
      'F-2026-000002 suit le n° 0 de la série F-2026 : numérotation non continue.',
    ]);
  });
});
