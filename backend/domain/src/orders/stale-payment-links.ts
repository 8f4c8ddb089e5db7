import { type PaymentPurpose } from '@coseso/event-schemas/order/order-keys';
import { ErrorCode } from '../shared/error-codes.js';
import { paymentDue } from './decider/payment.decider.js';
import { type OrderState, type StartedCheckout } from './order-state.js';

export type StaleLink = StartedCheckout & { readonly purpose: PaymentPurpose };

/**
 * The order's open payment links that no longer charge what the order is: a link is bound to the
 * amount due for its purpose when it was made, and, for the first payment, to the form completed
 * then (rhythm, template, options). Any change to those makes it stale, to be expired at once.
 * A link whose payment the order holds is not open any more.
 */
export function staleLinks(state: OrderState): StaleLink[] {
  const held = new Set(
    [
      state.firstPayment,
      state.finalPayment,
      state.accountManagerPayment,
      ...(state.returnedPayments ?? []),
    ].map((p) => p?.payment.paymentId),
  );
  const stale: StaleLink[] = [];
  for (const [key, link] of Object.entries(state.checkouts)) {
    const purpose = key as PaymentPurpose;
    if (!link || link.closed || purpose === 'card_update' || held.has(link.paymentId)) continue;
    const due = paymentDue(state, purpose);
    const completedSince =
      (purpose === 'deposit' || purpose === 'setup_fee') &&
      state.formCompletedAt !== null &&
      Date.parse(state.formCompletedAt) > Date.parse(link.startedAt);
    if ('problem' in due || due.amount !== link.amount || completedSince) stale.push({ ...link, purpose });
  }
  return stale;
}

/**
 * The order's refusals of a payment that the payer cannot fix by paying again: the money came in
 * for a link that was stale, expired, or a second time. Such a payment is refunded, never kept.
 */
export const refusalsRefunded: ReadonlySet<string> = new Set([
  ErrorCode.ORDER_PAYMENT_AMOUNT_MISMATCH,
  ErrorCode.ORDER_PAYMENT_NOT_DUE,
  ErrorCode.ORDER_ALREADY_PAID,
  ErrorCode.ORDER_TRANSITION_FORBIDDEN,
  ErrorCode.ORDER_CONTACT_ERASED,
]);
