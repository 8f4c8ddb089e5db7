import { type LoggedOrderEvent } from '../books/books-invariant.js';
import { type RecordedOrderEvent } from '../events/event-reader.js';
import { type OrderState, initialOrderState } from '../orders/order-state.js';
import { evolve } from '../orders/order-evolve.js';
import { type InvoicedPayment } from './invoice-document-for.js';
import {
  CANCELLATION_REASON,
  cancelledWithinGuarantee,
  invoicedEventPurposes,
  invoicedPaymentOf,
} from './invoiced-events.js';

// What an order's events call for in documents, decided from the order's stream alone: the pure
// core of the invoices' reactor (backend/src/invoices/issuing), which reads the stream, asks these,
// and numbers what they call for. The property test of the books runs the same decisions in memory.

export interface OrderAt {
  readonly index: number;
  readonly event: RecordedOrderEvent;
  /** The order as the event's command left it (the events appended with it included). */
  readonly state: OrderState;
  /** The order just before the event. */
  readonly before: OrderState;
}

/** The event `eventId` of an order's stream, the state its command left, and the state before it. */
export function orderAt(stream: readonly LoggedOrderEvent[], eventId: string): OrderAt | null {
  const index = stream.findIndex((e) => e.eventId === eventId);
  if (index < 0) return null;
  const commandId = stream[index]!.event.metadata.commandId;
  let before = initialOrderState();
  let state = before;
  for (const [i, { event }] of stream.entries()) {
    if (i > index && event.metadata.commandId !== commandId) break;
    if (i === index) before = state;
    state = evolve(state, event);
  }
  return { index, event: stream[index]!.event, state, before };
}

export interface InvoiceCall {
  readonly order: OrderState;
  readonly payment: InvoicedPayment;
  /** A balance of an order paid by deposit: its invoice deducts the deposit invoices, issued first. */
  readonly deductsDeposits: boolean;
  /**
   * How many deposit invoices the order has before this payment: one per deposit paid. More than one
   * when the guarantee gave a deposit back and a reactivated order paid it again (decision 126).
   */
  readonly depositsPaid: number;
}

/**
 * The deposit invoices a balance's invoice deducts, from the order's deposit invoices in the order
 * they were issued: the deposit the order holds, its latest (an earlier one was refunded and
 * credited in full, so it deducts nothing). Null while one of them is not issued yet: wait for it.
 */
export function depositsToDeduct<D>(call: InvoiceCall, issued: readonly D[]): D[] | null {
  if (!call.deductsDeposits) return [];
  if (issued.length === 0 || issued.length < call.depositsPaid) return null;
  return issued.slice(-1);
}

/** The invoice a money event calls for; null for any other event. */
export function invoiceCalledFor(stream: readonly LoggedOrderEvent[], eventId: string): InvoiceCall | null {
  const at = orderAt(stream, eventId);
  if (!at) return null;
  const payment = invoicedPaymentOf(at.event, at.state);
  if (!payment) return null;
  return {
    order: at.state,
    payment,
    deductsDeposits: payment.purpose === 'balance' && at.state.firstPayment?.kind === 'deposit',
    depositsPaid: stream.slice(0, at.index).filter((e) => e.event.type === 'DepositPaid').length,
  };
}

/** The money events of the stream before the one at `index`: each has its invoice. */
const moneyEventsBefore = (stream: readonly LoggedOrderEvent[], index: number) =>
  stream.slice(0, index).filter((e) => e.event.type in invoicedEventPurposes);

export interface CancellationCredit {
  readonly reason: string;
  /** The money events whose invoices it credits, all that is left of each. */
  readonly moneyEventIds: readonly string[];
}

/**
 * The credit notes a cancellation calls for: within the 14-day guarantee of a paid order, every
 * invoice of the order, for all that is left of it; null after the guarantee or for an order never paid.
 */
export function cancellationCredit(
  stream: readonly LoggedOrderEvent[],
  eventId: string,
): CancellationCredit | null {
  const at = orderAt(stream, eventId);
  if (!at || at.event.type !== 'OrderCancelled') return null;
  // Since OrderCancelled v2 the cancellation credits nothing itself: the guarantee's refund goes
  // through the provider, and each refund's report credits its invoice (refundCredit). Only a v1
  // (legacy) cancellation issued credit notes without a refund.
  if (at.event.data.guaranteeRefund !== 'legacy') return null;
  if (!cancelledWithinGuarantee(at.before, at.event.metadata.occurredAt)) return null;
  return {
    reason: CANCELLATION_REASON,
    moneyEventIds: moneyEventsBefore(stream, at.index).map((e) => e.eventId),
  };
}

/** A payment a reactivation invoices again: the reactivation's event, and the payment. */
export interface ReinvoiceKey {
  readonly eventId: string;
  readonly paymentId: string;
}

export interface ReinvoiceCall extends InvoiceCall {
  readonly key: ReinvoiceKey;
  /** The money event whose invoice the version 1 cancellation credited. */
  readonly moneyEventId: string;
}

/**
 * The invoices a reactivation calls for (decision 126, its legacy case). A version 1 cancellation
 * within the guarantee credited every invoice of the order and no money moved; reactivated, the order
 * keeps those payments, so each one it still holds is invoiced again: a new invoice beside the credit
 * note (an issued document is never deleted), once per reactivation and payment (`invoiceKey`), in
 * the order the payments came in (a balance deducts the deposit invoiced again just before it). A
 * payment refunded in part before the reactivation (before the version 1 cancellation, or after it)
 * is invoiced again for what the order kept of it (`keptWithVat`: an invoice of that part alone, no
 * deposit deducted); one refunded in full, or set aside as given back, is not invoiced again.
 */
export function reinvoicesCalledFor(stream: readonly LoggedOrderEvent[], eventId: string): ReinvoiceCall[] {
  const at = orderAt(stream, eventId);
  if (!at || at.event.type !== 'OrderReactivated') return [];
  const cancelled = stream.slice(0, at.index).findLast((e) => e.event.type === 'OrderCancelled');
  const credit = cancelled ? cancellationCredit(stream, cancelled.eventId) : null;
  if (!credit) return [];
  const before = stream.slice(0, at.index);
  const setAside = new Set((at.state.returnedPayments ?? []).map((p) => p.payment.paymentId));
  // What the provider refunded of each payment before the reactivation (each report's part).
  const refunded = new Map<string, number>();
  for (const { event } of before)
    if (event.type === 'PaymentRefunded')
      refunded.set(
        event.data.payment.paymentId,
        (refunded.get(event.data.payment.paymentId) ?? 0) + event.data.amount,
      );
  let depositsPaid = before.filter((e) => e.event.type === 'DepositPaid').length;
  const calls: ReinvoiceCall[] = [];
  for (const moneyEventId of credit.moneyEventIds) {
    const call = invoiceCalledFor(stream, moneyEventId);
    if (!call) continue;
    const { paymentId } = call.payment;
    if (setAside.has(paymentId)) continue;
    const keptWithVat = call.payment.amountWithVat - (refunded.get(paymentId) ?? 0);
    if (keptWithVat <= 0) continue;
    const partly = keptWithVat < call.payment.amountWithVat;
    calls.push({
      ...call,
      ...(partly ? { payment: { ...call.payment, keptWithVat }, deductsDeposits: false } : {}),
      order: at.state,
      depositsPaid,
      key: { eventId, paymentId },
      moneyEventId,
    });
    if (call.payment.purpose === 'deposit') depositsPaid += 1;
  }
  return calls;
}

/** The latest reactivation before the event at `index` that invoiced the payment again; null if none. */
export function reinvoiceOf(
  stream: readonly LoggedOrderEvent[],
  index: number,
  paymentId: string,
): ReinvoiceKey | null {
  for (const e of stream.slice(0, index).toReversed()) {
    if (e.event.type !== 'OrderReactivated') continue;
    const call = reinvoicesCalledFor(stream, e.eventId).find((c) => c.key.paymentId === paymentId);
    if (call) return call.key;
  }
  return null;
}

export interface RefundCredit {
  /** The money event whose invoice the refund credits. */
  readonly moneyEventId: string;
  /** The invoice a reactivation issued again for the payment, which the refund credits instead. */
  readonly reinvoice: ReinvoiceKey | null;
  readonly reason: string;
  readonly refundedAt: string;
  /** TTC, cents: what was refunded. */
  readonly requestedWithVat: number;
}

/**
 * The credit note a refund calls for: the invoice of the payment refunded, for the amount refunded.
 * Null for a payment the order refused (never invoiced).
 */
export function refundCredit(stream: readonly LoggedOrderEvent[], eventId: string): RefundCredit | null {
  const at = orderAt(stream, eventId);
  if (!at) return null;
  const { event } = at;
  if (event.type !== 'PaymentRefunded') return null;
  const refunded = event.data.payment.paymentId;
  const paid = moneyEventsBefore(stream, at.index).find(
    (e) => 'payment' in e.event.data && e.event.data.payment.paymentId === refunded,
  );
  if (!paid) return null;
  return {
    moneyEventId: paid.eventId,
    reinvoice: reinvoiceOf(stream, at.index, refunded),
    reason: event.data.reason,
    refundedAt: event.metadata.occurredAt,
    requestedWithVat: event.data.amount,
  };
}
