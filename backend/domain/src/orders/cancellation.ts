import { type GuaranteeRefundDecision } from '@coseso/event-schemas/order/order-values';
import { type OrderState } from './order-state.js';
import {
  GUARANTEE_DAYS,
  guaranteeUntil as guaranteeEnd,
  heldPayments,
  withinGuarantee,
} from './refund-requests.js';

/** The terms' « satisfait ou remboursé » (article 4): the days after the order, counted from its first payment. */
export const SATISFACTION_GUARANTEE_DAYS = GUARANTEE_DAYS;

/**
 * What a cancelled order's client is told happens next, in the email and in the client area alike:
 * what was paid, and what the 14-day guarantee gives back. Within it, the card payments are refunded
 * through the provider (the refund is on its way, then made), unless the team chose no refund, which
 * is said plainly; a payment received by hand is not refunded by the cancellation.
 */
export interface CancellationTerms {
  readonly cancelledAt: string;
  /** TTC, cents: the payments the order recorded (first, final, account manager, renewals). */
  readonly paidWithVat: number;
  /** The last moment of the guarantee; null when nothing was paid. */
  readonly guaranteeUntil: string | null;
  /** Cancelled within the guarantee, with something paid. */
  readonly refundable: boolean;
  /** What the cancellation decided about the guarantee's refund (see OrderCancelled). */
  readonly guaranteeRefund: GuaranteeRefundDecision;
  /** TTC: what the cancellation asked the provider to refund (its requests that did not fail). */
  readonly refundRequestedWithVat: number;
  /** TTC: what the provider has reported refunded of it so far. */
  readonly refundedWithVat: number;
  /** A refund the cancellation asked for could not be made (the team sees it and acts). */
  readonly refundFailed: boolean;
  /** TTC: paid by hand (transfer, cheque, cash): not refunded by the cancellation. */
  readonly paidOfflineWithVat: number;
  /**
   * A monthly subscription that still runs: only an order cancelled before its cancellation ended the
   * subscription with it (decision 94) can be in that case.
   */
  readonly subscriptionStillActive: boolean;
  /** The order had a monthly subscription, and it has ended: nothing more is charged each month. */
  readonly subscriptionEnded: boolean;
}

const sum = (amounts: readonly number[]) => amounts.reduce((a, b) => a + b, 0);

export function cancellationTerms(state: OrderState): CancellationTerms | null {
  if (state.status !== 'cancelled' || !state.cancellation) return null;
  const held = heldPayments(state);
  const paidWithVat = sum(held.map((p) => p.amount));
  const until = paidWithVat > 0 ? guaranteeEnd(state) : null;
  const cancelledAt = state.cancellation.cancelledAt;
  const refundable = until !== null && withinGuarantee(state, cancelledAt);
  const requests = (state.refundRequests ?? []).filter(
    (r) => r.cause === 'guarantee' && r.requestedAt === cancelledAt,
  );
  const requestedIds = new Set(requests.map((r) => r.payment.paymentId));
  return {
    cancelledAt,
    paidWithVat,
    guaranteeUntil: until,
    refundable,
    guaranteeRefund: state.cancellation.guaranteeRefund ?? 'legacy',
    refundRequestedWithVat: sum(requests.filter((r) => !r.failed).map((r) => r.amount)),
    refundedWithVat: sum(
      (state.providerRefunds ?? [])
        .filter((r) => requestedIds.has(r.payment.paymentId) && r.refundedAt >= cancelledAt)
        .map((r) => r.amount),
    ),
    refundFailed: requests.some((r) => r.failed),
    paidOfflineWithVat: sum(held.filter((p) => p.payment.provider === 'offline').map((p) => p.amount)),
    subscriptionStillActive: state.subscription.status === 'active',
    subscriptionEnded: state.subscription.status === 'cancelled' && state.subscription.id !== null,
  };
}
