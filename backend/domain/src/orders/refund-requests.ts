import { type PaymentRef, type RefundPurpose } from '@coseso/event-schemas/order/order-values';
import { formatEurosTTC } from '../pricing/format-euros.js';
import { type OrderState, type RefundRequest } from './order-state.js';

/** The 14-day satisfaction guarantee of the terms (article 4), counted from the first payment. */
export const GUARANTEE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const GUARANTEE_REFUND_REASON = `Annulation de la commande dans le délai de garantie de ${GUARANTEE_DAYS} jours`;

/** The last moment of the guarantee: 14 days after the first payment; null before any payment. */
export function guaranteeUntil(order: OrderState): string | null {
  const paidAt = order.firstPayment?.paidAt;
  return paidAt ? new Date(Date.parse(paidAt) + GUARANTEE_DAYS * DAY_MS).toISOString() : null;
}

/** Whether a cancellation at `at` falls within the guarantee of an order that was paid. */
export function withinGuarantee(order: OrderState, at: string): boolean {
  if (!order.firstPayment) return false;
  const elapsed = Date.parse(at) - Date.parse(order.firstPayment.paidAt);
  return elapsed >= 0 && elapsed <= GUARANTEE_DAYS * DAY_MS;
}

export type { RefundRequest } from './order-state.js';

/** A payment the order holds: what it was for, by which provider, how much (TTC), and when. */
export interface HeldPayment {
  readonly purpose: RefundPurpose;
  readonly payment: PaymentRef;
  readonly amount: number;
  readonly paidAt: string;
}

/** Every payment the order accepted, oldest first: first, final, account manager, renewals. */
export function heldPayments(state: OrderState): HeldPayment[] {
  const held: HeldPayment[] = [];
  if (state.firstPayment) held.push({ purpose: state.firstPayment.kind, ...state.firstPayment });
  if (state.finalPayment)
    held.push({
      purpose: state.finalPaymentDue?.kind === 'first_monthly' ? 'first_month' : 'balance',
      ...state.finalPayment,
    });
  if (state.accountManagerPayment) held.push({ purpose: 'account_manager', ...state.accountManagerPayment });
  for (const renewal of state.subscription.renewalPayments ?? [])
    held.push({ purpose: 'renewal', ...renewal });
  // Refunded in full, owed again since a reactivation: still accepted once, with nothing left to refund.
  for (const returned of state.returnedPayments ?? []) held.push(returned);
  return held.sort((a, b) => a.paidAt.localeCompare(b.paidAt));
}

const sumOf = (amounts: readonly { amount: number }[]) => amounts.reduce((sum, r) => sum + r.amount, 0);

/** What the provider reported refunded of a payment the order holds, TTC. */
export const refundedOf = (state: OrderState, paymentId: string): number =>
  sumOf((state.providerRefunds ?? []).filter((r) => r.payment.paymentId === paymentId));

/** What the team asked back of a payment, the failed requests aside, TTC. */
export const requestedOf = (state: OrderState, paymentId: string): number =>
  sumOf((state.refundRequests ?? []).filter((r) => r.payment.paymentId === paymentId && !r.failed));

/**
 * What may still be refunded of a payment, TTC: what it paid, less what was refunded or asked for
 * already (a request counts until its refund is reported, then the refund does).
 */
export function refundLeft(state: OrderState, payment: HeldPayment): number {
  const id = payment.payment.paymentId;
  return Math.max(0, payment.amount - Math.max(refundedOf(state, id), requestedOf(state, id)));
}

/** Refunded through the provider: card payments. One received by hand is given back by hand. */
export const refundableThroughProvider = (payment: HeldPayment) => payment.payment.provider !== 'offline';

/**
 * The refunds a cancellation within the guarantee asks of the provider: what is left of each card
 * payment the order holds.
 */
export function guaranteeRefunds(state: OrderState): { payment: HeldPayment; amount: number }[] {
  return heldPayments(state)
    .filter(refundableThroughProvider)
    .map((payment) => ({ payment, amount: refundLeft(state, payment) }))
    .filter((r) => r.amount > 0);
}

/** A payment a version 1 cancellation credited and the order has not given back in full yet. */
export interface LegacyCreditToSettle {
  readonly payment: HeldPayment;
  /** What is left of it to refund, TTC. */
  readonly left: number;
}

/**
 * What a version 1 cancellation (`legacy`) leaves to settle while the order stays cancelled: within
 * the guarantee it credited every invoice of the order and refunded nothing, so each payment it
 * credited is in the books as given back and in the bank as kept. Settled payment by payment by a
 * refund in full (« Rembourser » from the back-office, through the provider: the credit note exists
 * already, no second is issued), or all at once by a reactivation (what the order keeps is invoiced
 * again, decision 126). Empty for any other order, and once each is refunded in full.
 */
export function legacyCreditsToSettle(state: OrderState): LegacyCreditToSettle[] {
  const cancellation = state.cancellation;
  if (state.status !== 'cancelled' || cancellation?.guaranteeRefund !== 'legacy') return [];
  if (!withinGuarantee(state, cancellation.cancelledAt)) return [];
  return heldPayments(state)
    .filter((p) => p.paidAt <= cancellation.cancelledAt)
    .map((payment) => ({ payment, left: payment.amount - refundedOf(state, payment.payment.paymentId) }))
    .filter((p) => p.left > 0);
}

/** The request a RefundFailed answers: the oldest outstanding one of the same payment and amount. */
export function markRefundFailed(
  requests: readonly RefundRequest[],
  paymentId: string,
  amount: number,
  failed: { at: string; error: string },
): RefundRequest[] {
  const index = requests.findIndex(
    (r) => !r.failed && r.payment.paymentId === paymentId && r.amount === amount,
  );
  return requests.map((r, i) => (i === index ? { ...r, failed } : r));
}

/**
 * An amount typed in euros (« 120 », « 120,50 », « 1 234.5 ») as cents; null when it is not one.
 * The back-office's refund dialog reads the team's amount with it; the decider judges the cents.
 */
export function centsFromEuros(typed: string): number | null {
  const compact = typed.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  const [units, fraction = ''] = compact.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The French message of a refund amount the team typed, or null when it may be asked (at most `left`, TTC). */
export function refundAmountProblem(typed: string, left: number): string | null {
  const cents = centsFromEuros(typed);
  if (cents === null) return 'Saisissez un montant en euros, par exemple 120,50';
  if (cents < 1) return 'Le montant à rembourser doit être d’au moins 0,01 €.';
  if (cents > left)
    return `Le montant à rembourser dépasse ce qui reste de ce paiement (${formatEurosTTC(left)}).`;
  return null;
}
