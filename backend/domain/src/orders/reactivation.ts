import { type OrderState } from './order-state.js';
import { type OrderStatus, underWayStatuses } from './order-status.js';
import { refundedOf, requestedOf } from './refund-requests.js';

/**
 * Where a reactivated order resumes and what it owes again (decision 126): one rule, read by the
 * decider (OrderReactivated carries its answer), by the back-office's action (its label names the
 * status) and by the transition table (`resumableStatuses`).
 */
export interface ReactivationPlan {
  readonly status: OrderStatus;
  /** The first payment (deposit or setup fee) was refunded in full: it is owed again. */
  readonly firstPaymentOwed: boolean;
  /** The final payment (balance or first month) was refunded in full: it is asked again. */
  readonly finalPaymentOwed: boolean;
}

/** Every status an order can be cancelled in, hence resume at. */
export const resumableStatuses: readonly OrderStatus[] = underWayStatuses;

/**
 * A payment refunded in full, or whose full refund is asked of the provider and not given up: the
 * guarantee's refund is asked with the cancellation and reported later, maybe after the reactivation
 * (its report still finds the payment, set aside). Should it fail, the order holds it again
 * (`heldAgainAfterFailedRefund`).
 */
const givenBack = (state: OrderState, payment: { payment: { paymentId: string }; amount: number } | null) =>
  payment !== null &&
  Math.max(refundedOf(state, payment.payment.paymentId), requestedOf(state, payment.payment.paymentId)) >=
    payment.amount;

/**
 * The status the order had when cancelled, or the nearest the workflow allows: an order cancelled
 * waiting for its final payment, or ready for delivery, whose money the guarantee gave back, resumes
 * in review (the client's approval stands), where the final payment is asked again once the first
 * payment is in. A cancellation recorded without its status resumes at the brief, as before.
 */
export function reactivationPlan(state: OrderState): ReactivationPlan {
  const firstPaymentOwed = givenBack(state, state.firstPayment);
  const finalPaymentOwed = givenBack(state, state.finalPayment);
  const previous = state.cancellation?.previousStatus;
  const resumable = previous && resumableStatuses.includes(previous) ? previous : 'brief_pending';
  const pastFinalRequest =
    resumable === 'awaiting_balance_payment' ||
    resumable === 'awaiting_first_monthly_payment' ||
    resumable === 'ready_for_delivery';
  const status = pastFinalRequest && (firstPaymentOwed || finalPaymentOwed) ? 'en_revision' : resumable;
  return { status, firstPaymentOwed, finalPaymentOwed };
}

/**
 * A refund the team asked of a payment of an order version 1 cancelled, not reported yet (nor given up):
 * the reactivation waits for it. That cancellation credited the payment's invoice already, so the
 * reactivation invoices the payment again for what the order keeps: what the refund will take is not
 * known until the provider reports it (made, the credit note already issued stands for it; failed, the
 * order keeps it all). Null when there is none.
 */
export function legacyRefundPending(state: OrderState): string | null {
  if (state.cancellation?.guaranteeRefund !== 'legacy') return null;
  const pending = (state.refundRequests ?? []).find(
    (r) => !r.failed && requestedOf(state, r.payment.paymentId) > refundedOf(state, r.payment.paymentId),
  );
  return pending?.payment.paymentId ?? null;
}

/** A reactivated order whose first payment the guarantee gave back, until it is paid again. */
export const owesFirstPaymentAgain = (state: OrderState): boolean =>
  !state.depositPaid &&
  (state.returnedPayments ?? []).some((p) => p.purpose === 'deposit' || p.purpose === 'setup_fee');

/**
 * A payment set aside as given back whose refund then failed (RefundFailed after the reactivation):
 * the refund never happened, so the order holds it and does not ask for it again. Not paid again
 * meanwhile, it is the order's payment once more: a first payment (`depositPaid`), or a final one
 * (`finalPaid`: the order resumed in review to ask it again; held, it is back « Prêt pour
 * livraison » when the client's approval stands and the first payment is in, as a final payment
 * leaves it, else when the team asks the final payment). Paid again, it stays
 * aside, held with all of it left to refund, which the team refunds from the panel.
 */
export function heldAgainAfterFailedRefund(state: OrderState): OrderState {
  return finalPaymentHeldAgain(firstPaymentHeldAgain(state));
}

/** Where a final payment held again leaves an order that was asking it again. */
const askingFinalPaymentAgain: readonly OrderStatus[] = [
  'awaiting_balance_payment',
  'awaiting_first_monthly_payment',
];

function finalPaymentHeldAgain(state: OrderState): OrderState {
  if (state.finalPaid) return state;
  const held = (state.returnedPayments ?? []).find(
    (p) => (p.purpose === 'balance' || p.purpose === 'first_month') && !givenBack(state, p),
  );
  if (!held) return state;
  const { purpose, ...paid } = held;
  const { returnedPayments: returned = [], ...rest } = state;
  const returnedPayments = returned.filter((p) => p !== held);
  // Back where the final payment left it, once the client's approval stands and the first payment is
  // in; otherwise the order goes on, and the team's « demander le paiement final » finds it paid.
  const approved = state.status === 'en_revision' && state.review.status === 'approved' && state.depositPaid;
  return {
    ...rest,
    finalPaid: true,
    finalPayment: paid,
    finalPaymentDue: { kind: purpose === 'balance' ? 'balance' : 'first_monthly', amount: held.amount },
    status: approved || askingFinalPaymentAgain.includes(state.status) ? 'ready_for_delivery' : state.status,
    ...(returnedPayments.length > 0 ? { returnedPayments } : {}),
  };
}

function firstPaymentHeldAgain(state: OrderState): OrderState {
  if (state.depositPaid) return state;
  const held = (state.returnedPayments ?? []).find(
    (p) => (p.purpose === 'deposit' || p.purpose === 'setup_fee') && !givenBack(state, p),
  );
  if (!held || (held.purpose !== 'deposit' && held.purpose !== 'setup_fee')) return state;
  const { purpose, ...paid } = held;
  const { returnedPayments: returned = [], ...rest } = state;
  const returnedPayments = returned.filter((p) => p !== held);
  return {
    ...rest,
    depositPaid: true,
    firstPayment: { ...paid, kind: purpose },
    ...(returnedPayments.length > 0 ? { returnedPayments } : {}),
  };
}
