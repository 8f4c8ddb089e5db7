import { type OrderState } from './order-state.js';

/** The terms' « satisfait ou remboursé » (article 4): the days after the order, counted from its first payment. */
export const SATISFACTION_GUARANTEE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a cancelled order's client is told happens next, in the email and in the client area alike:
 * what was paid, and whether the guarantee still lets them ask for it back. Nothing is refunded by
 * the cancellation itself (the terms have the client ask for it), so neither text says it was.
 */
export interface CancellationTerms {
  readonly cancelledAt: string;
  /** TTC, cents: the payments the order recorded (first, final, account manager, renewals). */
  readonly paidWithVat: number;
  /** The last moment of the guarantee; null when nothing was paid. */
  readonly guaranteeUntil: string | null;
  /** The order was cancelled within the guarantee, with something paid: the client may ask for a full refund. */
  readonly refundable: boolean;
  /**
   * A monthly subscription that still runs: only an order cancelled before its cancellation ended the
   * subscription with it (decision 94) can be in that case.
   */
  readonly subscriptionStillActive: boolean;
  /** The order had a monthly subscription, and it has ended: nothing more is charged each month. */
  readonly subscriptionEnded: boolean;
}

export function cancellationTerms(state: OrderState): CancellationTerms | null {
  if (state.status !== 'cancelled' || !state.cancellation) return null;
  const renewals = state.subscription.renewalPaymentIds.length * (state.subscription.monthlyWithVat ?? 0);
  const paidWithVat =
    (state.firstPayment?.amount ?? 0) +
    (state.finalPayment?.amount ?? 0) +
    (state.accountManagerPayment?.amount ?? 0) +
    renewals;
  const paidAt = state.firstPayment?.paidAt ?? null;
  const guaranteeUntil =
    paidAt && paidWithVat > 0
      ? new Date(Date.parse(paidAt) + SATISFACTION_GUARANTEE_DAYS * DAY_MS).toISOString()
      : null;
  return {
    cancelledAt: state.cancellation.cancelledAt,
    paidWithVat,
    guaranteeUntil,
    refundable: guaranteeUntil !== null && state.cancellation.cancelledAt <= guaranteeUntil,
    subscriptionStillActive: state.subscription.status === 'active',
    subscriptionEnded: state.subscription.status === 'cancelled' && state.subscription.id !== null,
  };
}
