import { type PaymentPurpose, type PaymentProviderKey } from '@coseso/event-schemas/order/order-values';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderState, type StartedCheckout } from '../order-state.js';
import { staleLinks } from '../stale-payment-links.js';
import { paymentDue } from './payment.decider.js';

/** A link still this far from its end is worth giving again; closer, a new one is safer. */
export const REUSE_MARGIN_MS = 15 * 60_000;

export interface CheckoutToOpen {
  /** What the link charges: the order's due for its purpose, VAT included, never the browser's. */
  readonly amount: number;
  /** The order's open link worth giving again, if the provider still holds it open; else null. */
  readonly reusable: StartedCheckout | null;
}

/**
 * Before a payment link is asked of the provider: what it must charge, or why none is due (the
 * provider is not called then), and the link already open that can be given again rather than a
 * second one (two tabs, a double click). A link made before the order last changed is for another
 * order, even at the same amount. StartCheckout is then decided with the provider's link.
 */
export function checkoutToOpen(
  state: OrderState,
  purpose: Exclude<PaymentPurpose, 'card_update'>,
  { provider, now }: { provider: PaymentProviderKey; now: string },
): CheckoutToOpen {
  if (!state.exists) throw new DomainError(ErrorCode.ORDER_NOT_FOUND, 'Commande introuvable', 'not_found');
  const due = paymentDue(state, purpose);
  if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');
  const link = state.checkouts[purpose];
  const reusable =
    link &&
    !link.closed &&
    link.amount === due.amount &&
    link.provider === provider &&
    // A link paid, then refunded by the guarantee, is spent: a payment owed again gets a new one.
    !(state.returnedPayments ?? []).some((p) => p.payment.paymentId === link.paymentId) &&
    !(link.expiresAt && Date.parse(link.expiresAt) < Date.parse(now) + REUSE_MARGIN_MS) &&
    !staleLinks(state).some((stale) => stale.purpose === purpose);
  return { amount: due.amount, reusable: reusable ? link : null };
}
