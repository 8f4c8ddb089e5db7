import { type RecordedDocumentEvent } from '../events/event-reader.js';
import { type OrderState } from '../orders/order-state.js';
import {
  type DepositDeducted,
  type InvoiceDocument,
  type SellerIdentity,
  invoiceNumber,
  parisDay,
} from './invoice-document.js';
import {
  type InvoicedPayment,
  collectedWithVat,
  creditNoteFor,
  invoiceDocumentFor,
} from './invoice-document-for.js';

/** F: invoices and deposit invoices; A: credit notes (avoirs). */
export type InvoiceSeries = 'F' | 'A';

/**
 * The event of an order a document answers: a document is issued once per such event, or, for an
 * event that invoices several payments (a reactivation re-invoicing what a version 1 cancellation
 * credited), once per event and payment (`paymentId`).
 */
export interface IssuedFrom {
  readonly streamId: string;
  readonly eventId: string;
  /** The payment a reactivation invoices again; absent for a money event's own invoice. */
  readonly paymentId?: string;
}

/** What an invoice is issued once for: its event, and the payment when the event invoices several. */
export const invoiceKey = (issuedFrom: Pick<IssuedFrom, 'eventId' | 'paymentId'>): string =>
  issuedFrom.paymentId ? `${issuedFrom.eventId}:${issuedFrom.paymentId}` : issuedFrom.eventId;

/** What a series' stream knows: enough to number the next document and to refuse a second one. */
export interface InvoiceSeriesState {
  /** The last number given, 0 for an empty series: the next document is lastSequence + 1. */
  readonly lastSequence: number;
  /** The issue instant of the last document: a later one is never dated before it. */
  readonly lastIssuedAt: string | null;
  /** Per event answered (`invoiceKey`: its event id, and the payment re-invoiced), the number issued for it. */
  readonly issuedFor: Readonly<Record<string, string>>;
  /** Per order, its deposit invoices of this series: what its final invoice deducts. */
  readonly depositsByOrder: Readonly<Record<string, readonly DepositDeducted[]>>;
  /** Per credit (`creditKey`: the invoice and the cause), the credit note issued for it (A series only). */
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

export function evolveSeries(state: InvoiceSeriesState, event: RecordedDocumentEvent): InvoiceSeriesState {
  const { document, issuedFrom } = event.data;
  const orderId = document.order.orderId;
  return {
    lastSequence: state.lastSequence + 1,
    lastIssuedAt: event.metadata.occurredAt,
    issuedFor: { ...state.issuedFor, [invoiceKey(issuedFrom)]: document.number },
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
      ? { ...state.creditedBy, [creditKey(document.corrects.number, issuedFrom.eventId)]: document.number }
      : state.creditedBy,
  };
}

export const foldSeries = (events: readonly RecordedDocumentEvent[]) =>
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
  const earlier = state.issuedFor[invoiceKey(command.issuedFrom)];
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

/** One credit of an invoice: the invoice and the event that calls for it (a cancellation, a refund). */
export const creditKey = (invoiceNumber: string, causeEventId: string) => `${invoiceNumber}:${causeEventId}`;

export interface IssueCreditNote {
  /** The year of the A series the credit was reserved in (`InvoiceCreditReserved.creditYear`). */
  readonly year: number;
  readonly invoice: InvoiceDocument;
  readonly reason: string;
  readonly refundedAt: string | null;
  /** What it gives back, TTC, as reserved. */
  readonly amountWithVat: number;
  readonly issuedFrom: IssuedFrom;
  readonly now: string;
}

/**
 * The next credit note of the A series, for what was reserved of `invoice`; or the credit note
 * already issued for this invoice and this cause, whatever asks again.
 */
export function decideCreditNote(state: InvoiceSeriesState, command: IssueCreditNote): Issue {
  const earlier = state.creditedBy[creditKey(command.invoice.number, command.issuedFrom.eventId)];
  if (earlier) return { alreadyIssued: earlier };
  const issuedAt = issueInstant(state, command.now);
  const issued = creditNoteFor(command.invoice, {
    number: invoiceNumber('credit_note', command.year, state.lastSequence + 1),
    issuedAt,
    reason: command.reason,
    refundedAt: command.refundedAt,
    amountWithVat: command.amountWithVat,
  });
  return { issued, issuedAt };
}

/** One cause's part of an invoice, reserved on the invoice's own stream before its credit note. */
export interface CreditReservation {
  readonly cause: IssuedFrom;
  /** TTC, cents, more than 0. */
  readonly amountWithVat: number;
  readonly creditYear: number;
}

/** What the causes crediting one invoice reserved of it, from every year. */
export interface InvoiceCreditsState {
  readonly reservations: readonly CreditReservation[];
}

export const initialInvoiceCreditsState = (): InvoiceCreditsState => ({ reservations: [] });

export const evolveInvoiceCredits = (
  state: InvoiceCreditsState,
  reserved: CreditReservation,
): InvoiceCreditsState => ({ reservations: [...state.reservations, reserved] });

export interface ReserveCredit {
  readonly invoice: InvoiceDocument;
  readonly cause: IssuedFrom;
  /** What the cause gives back, TTC: a refund's amount; `remainder` for all that is not credited yet. */
  readonly requestedWithVat: number | 'remainder';
  /** The year of the A series now. */
  readonly year: number;
}

export type CreditReservationDecision =
  | { readonly reserve: CreditReservation }
  | { readonly reserved: CreditReservation }
  | { readonly nothingLeft: true };

/**
 * How much of an invoice a cause credits: what it asks, never more than the invoice collected less
 * what other causes already took, whichever year each was processed in. A cause reserves once: asked
 * again, it answers its reservation, and its credit note keeps the series of that reservation's year.
 */
export function decideCreditReservation(
  state: InvoiceCreditsState,
  command: ReserveCredit,
): CreditReservationDecision {
  const earlier = state.reservations.find((r) => r.cause.eventId === command.cause.eventId);
  if (earlier) return { reserved: earlier };
  const credited = state.reservations.reduce((sum, r) => sum + r.amountWithVat, 0);
  const left = collectedWithVat(command.invoice) - credited;
  const amount = command.requestedWithVat === 'remainder' ? left : Math.min(command.requestedWithVat, left);
  if (amount <= 0) return { nothingLeft: true };
  return { reserve: { cause: command.cause, amountWithVat: amount, creditYear: command.year } };
}
