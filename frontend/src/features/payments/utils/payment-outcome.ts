import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { isPaymentRecorded, type PaidFlags, paymentKindOf } from './payment-types';

/** The providers whose payment status the API reads: `GET /api/{provider}/payment/:paymentId`. */
export type PaymentProviderName = 'sandbox' | 'stripe';

/** What a payment return URL says: the order id (path or `order`) and the query parameters. */
export interface PaymentReturn {
  orderId?: string;
  type?: string;
  /** Set by the provider's cancel URL, which carries no payment id. */
  status?: string;
  paymentId?: string;
  provider?: string;
}

/** The answer of `POST /api/orders/:id/finalize-payment`. */
export interface PaymentConfirmation {
  success: boolean;
  /** The payment of the return URL was refused by the order (it changed meanwhile) and refunded. */
  refunded?: boolean;
  message: string;
  depositPaid: boolean;
  finalPaid: boolean;
  status: OrderStatus;
}

/** What the page has learnt so far; a missing entry has not been asked yet. */
export interface PaymentFacts {
  provider?: { status: string } | 'unavailable';
  order?: PaidFlags | 'unavailable';
  confirmation?: PaymentConfirmation | 'unavailable' | 'order-not-found';
}

export type PaymentErrorKind = 'failed' | 'canceled' | 'expired' | 'refunded' | 'unknown';

export type PaymentOutcome =
  | { state: 'success'; orderId: string; confirmation: PaymentConfirmation }
  | { state: 'pending' }
  | { state: 'error'; error: PaymentErrorKind };

export type PaymentStep =
  | { next: 'ask-provider'; provider: PaymentProviderName; paymentId: string }
  | { next: 'fetch-order'; orderId: string }
  | { next: 'confirm'; orderId: string; paymentType: string | undefined; paymentId?: string }
  | { next: 'done'; outcome: PaymentOutcome };

/** The errors a return URL may state itself (the cancel URL); the provider may also say `refunded`. */
const errorKinds: ReadonlySet<string> = new Set<PaymentErrorKind>(['failed', 'canceled', 'expired']);
const providerErrorKinds: ReadonlySet<string> = new Set<PaymentErrorKind>([
  ...errorKinds,
  'refunded',
] as PaymentErrorKind[]);

const done = (outcome: PaymentOutcome): PaymentStep => ({ next: 'done', outcome });
const failed = (error: PaymentErrorKind): PaymentStep => done({ state: 'error', error });
const pending = done({ state: 'pending' });

/** The provider named in the URL, else the one whose ids look like this one. */
export function providerOf(paymentReturn: PaymentReturn): PaymentProviderName {
  const { provider, paymentId = '' } = paymentReturn;
  if (provider === 'sandbox' || provider === 'stripe') return provider;
  return paymentId.startsWith('cs_sandbox_') ? 'sandbox' : 'stripe';
}

/**
 * Spec §4's mapping, one call at a time: given the return URL and what the calls made so far
 * answered, the next call to make or the page's state. A paid payment is confirmed with the server
 * (finalize-payment) before the page says so.
 */
export function nextPaymentStep(paymentReturn: PaymentReturn, facts: PaymentFacts = {}): PaymentStep {
  const { orderId, type, status, paymentId } = paymentReturn;
  if (status && errorKinds.has(status)) return failed(status as PaymentErrorKind);
  if (!orderId) return failed('unknown');

  const { confirmation } = facts;
  if (confirmation === 'order-not-found') return failed('unknown');
  // The server could not confirm yet (webhook still on its way) or could not be reached: ask again later.
  if (confirmation === 'unavailable') return pending;
  if (confirmation) {
    if (confirmation.success) return done({ state: 'success', orderId, confirmation });
    return confirmation.refunded ? failed('refunded') : pending;
  }
  const confirm: PaymentStep = {
    next: 'confirm',
    orderId,
    paymentType: type,
    ...(paymentId ? { paymentId } : {}),
  };

  if (paymentId) {
    if (!facts.provider) return { next: 'ask-provider', provider: providerOf(paymentReturn), paymentId };
    if (facts.provider !== 'unavailable') {
      const providerStatus = facts.provider.status;
      if (providerStatus === 'paid') return confirm;
      if (providerErrorKinds.has(providerStatus)) return failed(providerStatus as PaymentErrorKind);
      return pending;
    }
  }

  if (!facts.order) return { next: 'fetch-order', orderId };
  if (facts.order === 'unavailable') return failed('unknown');
  return isPaymentRecorded(facts.order, paymentKindOf(type)) ? confirm : pending;
}

/** The order's state as the final-payment page words it (spec §4). */
export function finalPaymentStatusLabel(confirmation: Pick<PaymentConfirmation, 'status' | 'finalPaid'>) {
  if (confirmation.status === 'delivered') return 'Site livré';
  if (confirmation.status === 'ready_for_delivery') return 'En attente de livraison';
  return confirmation.finalPaid ? 'Paiement confirmé' : 'Paiement en cours de confirmation';
}
