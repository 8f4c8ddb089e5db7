import { type RecordedInvoiceEvent } from '../events/event-reader.js';
import { type OrderState } from '../orders/order-state.js';
import {
  type DepositDeducted,
  type InvoiceDocument,
  type SellerIdentity,
  invoiceNumber,
  parisDay,
} from './invoice-document.js';
import { type InvoicedPayment, creditNoteFor, invoiceDocumentFor } from './invoice-document-for.js';

/** F: invoices and deposit invoices; A: credit notes (avoirs). */
export type InvoiceSeries = 'F' | 'A';

/** The event of an order a document answers: a document is issued once per such event. */
export interface IssuedFrom {
  readonly streamId: string;
  readonly eventId: string;
}

/** What a series' stream knows: enough to number the next document and to refuse a second one. */
export interface InvoiceSeriesState {
  /** The last number given, 0 for an empty series: the next document is lastSequence + 1. */
  readonly lastSequence: number;
  /** The issue instant of the last document: a later one is never dated before it. */
  readonly lastIssuedAt: string | null;
  /** Per event answered (its event id), the number issued for it. */
  readonly issuedFor: Readonly<Record<string, string>>;
  /** Per order, its deposit invoices of this series: what its final invoice deducts. */
  readonly depositsByOrder: Readonly<Record<string, readonly DepositDeducted[]>>;
  /** Per invoice number, the credit note that corrects it (A series only). */
  readonly creditedBy: Readonly<Record<string, string>>;
}

export const initialSeriesState = (): InvoiceSeriesState => ({
  lastSequence: 0,
  lastIssuedAt: null,
  issuedFor: {},
  depositsByOrder: {},
  creditedBy: {},
});

/** The series and year a document issued at `issuedAt` belongs to (the year on the Paris calendar). */
export const seriesYearOf = (issuedAt: string): number => Number(parisDay(issuedAt).slice(0, 4));

export function evolveSeries(state: InvoiceSeriesState, event: RecordedInvoiceEvent): InvoiceSeriesState {
  const { document, issuedFrom } = event.data;
  const orderId = document.order.orderId;
  return {
    lastSequence: state.lastSequence + 1,
    lastIssuedAt: event.metadata.occurredAt,
    issuedFor: { ...state.issuedFor, [issuedFrom.eventId]: document.number },
    depositsByOrder:
      document.kind === 'deposit_invoice'
        ? {
            ...state.depositsByOrder,
            [orderId]: [
              ...(state.depositsByOrder[orderId] ?? []),
              {
                number: document.number,
                issueDate: document.issueDate,
                amountWithVat: document.paidWithVat,
              },
            ],
          }
        : state.depositsByOrder,
    creditedBy: document.corrects
      ? { ...state.creditedBy, [document.corrects.number]: document.number }
      : state.creditedBy,
  };
}

export const foldSeries = (events: readonly RecordedInvoiceEvent[]) =>
  events.reduce(evolveSeries, initialSeriesState());

/**
 * The instant a new document is dated: now, or the last document's instant if a clock behind
 * another process's says earlier — numbers and dates of a series never disagree.
 */
const issueInstant = (state: InvoiceSeriesState, now: string) =>
  state.lastIssuedAt !== null && state.lastIssuedAt > now ? state.lastIssuedAt : now;

export interface IssueInvoice {
  readonly year: number;
  readonly order: OrderState;
  readonly payment: InvoicedPayment;
  readonly issuedFrom: IssuedFrom;
  readonly seller: SellerIdentity;
  /** For a balance: the order's deposit invoices (from every year's F series), deducted. */
  readonly depositsInvoiced: readonly DepositDeducted[];
  readonly now: string;
}

export type Issue =
  { readonly issued: InvoiceDocument; readonly issuedAt: string } | { readonly alreadyIssued: string };

/** The next invoice of the F series for one money event, or the number it already has. */
export function decideInvoice(state: InvoiceSeriesState, command: IssueInvoice): Issue {
  const earlier = state.issuedFor[command.issuedFrom.eventId];
  if (earlier) return { alreadyIssued: earlier };
  const issuedAt = issueInstant(state, command.now);
  const issued = invoiceDocumentFor({
    order: command.order,
    payment: command.payment,
    number: invoiceNumber(
      command.payment.purpose === 'deposit' ? 'deposit_invoice' : 'invoice',
      command.year,
      state.lastSequence + 1,
    ),
    issuedAt,
    seller: command.seller,
    depositsInvoiced: command.depositsInvoiced,
  });
  return { issued, issuedAt };
}

export interface IssueCreditNote {
  readonly year: number;
  readonly invoice: InvoiceDocument;
  readonly reason: string;
  readonly refundedAt: string | null;
  readonly issuedFrom: IssuedFrom;
  readonly now: string;
}

/**
 * The next credit note of the A series, cancelling `invoice` in full; or the credit note that
 * already corrects this invoice (an invoice is cancelled once, whatever event asks again).
 */
export function decideCreditNote(state: InvoiceSeriesState, command: IssueCreditNote): Issue {
  const earlier = state.creditedBy[command.invoice.number];
  if (earlier) return { alreadyIssued: earlier };
  const issuedAt = issueInstant(state, command.now);
  const issued = creditNoteFor(command.invoice, {
    number: invoiceNumber('credit_note', command.year, state.lastSequence + 1),
    issuedAt,
    reason: command.reason,
    refundedAt: command.refundedAt,
  });
  return { issued, issuedAt };
}
