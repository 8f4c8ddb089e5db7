import { type PaymentPurpose, paymentPurposes } from '@coseso/event-schemas/order/order-keys';

export type { PaymentPurpose };

/**
 * The card payment provider port. Two adapters: Stripe (production) and the sandbox (the default
 * with no configuration: our own hosted checkout page). Both deliver their outcomes as
 * Stripe-shaped events signed with Stripe's scheme, read by the same webhook handler.
 */

/** `refunded`: paid, then refunded because the order could not accept it (a stale link). */
export const paymentStatuses = ['paid', 'open', 'failed', 'canceled', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What a checkout can be for: a card update goes through the subscription, with no checkout. */
export type CheckoutPurpose = Exclude<PaymentPurpose, 'card_update'>;
export const checkoutPurposes = paymentPurposes.filter(
  (purpose): purpose is CheckoutPurpose => purpose !== 'card_update',
);

/** Substituted by the provider with the payment's id in success and cancel URLs. */
export const PAYMENT_ID_PLACEHOLDER = '{PAYMENT_ID}';

export interface CheckoutRequest {
  readonly orderId: string;
  readonly orderNumber: number;
  /** deposit, setup_fee, balance, first_month (starts the subscription) or account_manager. */
  readonly purpose: CheckoutPurpose;
  /** VAT included, euro cents: always computed by the server from the order. */
  readonly amount: number;
  /** What the client sees on the checkout page, in French. */
  readonly description: string;
  readonly customerEmail: string;
  /** Where the browser comes back; PAYMENT_ID_PLACEHOLDER is replaced with the payment's id. */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface RefundRequest {
  /** The order's id of the payment: the checkout's, or the renewal's invoice. */
  readonly paymentId: string;
  /** VAT included, cents. */
  readonly amount: number;
  readonly idempotencyKey: string;
  readonly orderId: string;
}

/**
 * The soonest a restarted subscription's first charge comes: its first invoice is a renewal
 * (`subscription_cycle`) recorded on the order, never the creation's, which no webhook records; and
 * the order has recorded the new subscription by then.
 */
export const RESTART_LEAD_MS = 3_600_000;

/** When a restarted subscription is first charged: the end of the month paid, or the soonest after now. */
export const firstChargeOfRestart = (resumeAt: string, now: Date): Date =>
  new Date(Math.max(new Date(resumeAt).getTime(), now.getTime() + RESTART_LEAD_MS));

/** A subscription ended with its order's cancellation, started again for the reactivated order. */
export interface SubscriptionRestart {
  /** The ended subscription: its customer, card and monthly amount are the new one's. */
  readonly subscriptionId: string;
  readonly orderId: string;
  /** VAT included, cents: what each month is charged. */
  readonly amount: number;
  /** The first charge: the end of the month already paid (see RESTART_LEAD_MS when it has passed). */
  readonly resumeAt: string;
  readonly idempotencyKey: string;
}

export interface Checkout {
  readonly paymentId: string;
  readonly url: string;
  readonly expiresAt: string | null;
}

/** A provider event, reduced to what the order cares about. */
export type PaymentEvent =
  | {
      readonly kind: 'checkout_paid';
      readonly eventId: string;
      readonly paymentId: string;
      readonly orderId: string;
      readonly purpose: PaymentPurpose;
      readonly amount: number;
      /** The subscription a first_month checkout started. */
      readonly subscriptionId: string | null;
    }
  | {
      readonly kind: 'checkout_closed';
      readonly eventId: string;
      readonly paymentId: string;
      readonly orderId: string;
      readonly outcome: 'failed' | 'expired';
    }
  | {
      readonly kind: 'subscription_renewed';
      readonly eventId: string;
      readonly orderId: string;
      readonly subscriptionId: string;
      readonly paymentId: string;
      readonly amount: number;
      /** The period paid for: the subscription's own at the provider. */
      readonly currentPeriodStart: string;
      readonly currentPeriodEnd: string;
    }
  | {
      readonly kind: 'subscription_payment_failed';
      readonly eventId: string;
      readonly orderId: string;
      readonly subscriptionId: string;
      readonly reason: string | null;
    }
  | {
      readonly kind: 'subscription_ended';
      readonly eventId: string;
      readonly orderId: string;
      readonly subscriptionId: string;
    }
  | {
      /** Money given back at the provider (from its dashboard, or the order's own refund reported back). */
      readonly kind: 'payment_refunded';
      readonly eventId: string;
      /** The provider's payment the money came from (a Stripe PaymentIntent), not the checkout. */
      readonly providerPaymentId: string;
      /** All refunded of it so far, cents: each delivery says the running total. */
      readonly refundedTotal: number;
      readonly refundId: string;
    }
  | { readonly kind: 'ignored'; readonly eventId: string; readonly type: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  paymentStatus(paymentId: string): Promise<PaymentStatus>;
  /** Closes a link that must not be paid any more (replaced, or its order changed); a closed one stays as it is. */
  expireCheckout(paymentId: string): Promise<void>;
  /**
   * Refunds in full a paid checkout that the order could not accept (its link was stale or expired),
   * a first month's included (its subscription's first invoice); the same key never refunds twice.
   * Rejects when the provider holds no payment for it.
   */
  refundCheckout(paymentId: string, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * Refunds `amount` (VAT included, cents) of a payment the order holds: a checkout's (a first month's
   * included) or a subscription renewal's (the provider's invoice). The same key never refunds twice.
   * The provider reports the refund afterwards through its webhook (`charge.refunded`), which records
   * it on the order and credits the invoice. Rejects when it holds no such payment, or less of it.
   */
  refundPayment(request: RefundRequest): Promise<{ refundId: string }>;
  getSubscription(
    subscriptionId: string,
  ): Promise<{ status: 'active' | 'canceled' | 'past_due' | 'other'; currentPeriodEnd: string }>;
  /** Stops renewals at the end of the paid period; says when the subscription expires. */
  cancelSubscription(subscriptionId: string): Promise<{ expiresAt: string }>;
  /**
   * Starts again, for a reactivated order, the subscription its cancellation ended (decision 132): a
   * new one, charged monthly from `resumeAt` on the card of the ended one, its renewals reported as
   * any subscription's (`invoice.paid`). The same key never starts two.
   */
  restartSubscription(
    request: SubscriptionRestart,
  ): Promise<{ subscriptionId: string; currentPeriodEnd: string }>;
  /**
   * Ends the subscription now, with nothing more charged nor credited: for one started by a payment
   * the order refused, which is refunded. One that has ended already stays as it is.
   */
  endSubscriptionNow(subscriptionId: string): Promise<void>;
  /** A page of the provider where the client changes the subscription's card, then comes back to returnUrl. */
  cardUpdateUrl(input: { subscriptionId: string; orderId: string; returnUrl: string }): Promise<string>;
  /**
   * The payment of one of our orders a provider's payment is, as the order holds it: the checkout it
   * paid, or the subscription's renewal (the provider's invoice); null for a payment none of ours made.
   */
  orderPaymentOf(providerPaymentId: string): Promise<{ paymentId: string; orderId: string } | null>;
  /** Checks the signature of a webhook delivery and reads it; throws InvalidWebhookSignature. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

export const PAYMENT_PROVIDER = Symbol('PaymentProvider');

export class InvalidWebhookSignature extends Error {
  override name = 'InvalidWebhookSignature';
}
