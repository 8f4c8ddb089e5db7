import Stripe from 'stripe';
import {
  type Checkout,
  type CheckoutRequest,
  PAYMENT_ID_PLACEHOLDER,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStatus,
  type RefundRequest,
  type SubscriptionRestart,
  firstChargeOfRestart,
} from '../payment-provider.js';
import { paymentEventFromStripe } from './stripe-events.js';
import { idOf, isoFromUnix } from './stripe-values.js';
import { verifiedStripeEvent } from '../webhooks/stripe-signature.js';

export interface StripePaymentProviderOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Only to point the SDK at a local server answering as Stripe does (tests). */
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: 'http' | 'https';
}

type SubscriptionState = Awaited<ReturnType<PaymentProvider['getSubscription']>>;

// Stripe refuses an expiry more than 24 h after the session's creation: the margin absorbs clock skew.
const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60 - 5 * 60;
// The monthly plan renews every calendar month, on the day it started (docs/decisions.md).
const RENEWAL = { interval: 'month', interval_count: 1 } as const;

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripePaymentProviderOptions) {
    const { secretKey, webhookSecret, host, port, protocol } = options;
    this.stripe = new Stripe(secretKey, { host, port, protocol, maxNetworkRetries: 2, timeout: 10_000 });
    this.webhookSecret = webhookSecret;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { orderId, orderNumber, purpose, amount, description } = request;
    const subscribes = purpose === 'first_month';
    const session = await this.stripe.checkout.sessions.create({
      mode: subscribes ? 'subscription' : 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: amount,
            product_data: { name: description },
            ...(subscribes ? { recurring: RENEWAL } : {}),
          },
        },
      ],
      ...(subscribes
        ? { subscription_data: { metadata: { orderId } } }
        : { payment_intent_data: { metadata: { orderId, purpose } } }),
      metadata: { orderId, purpose, orderNumber: String(orderNumber) },
      customer_email: request.customerEmail,
      locale: 'fr',
      success_url: withSessionId(request.successUrl),
      cancel_url: withSessionId(request.cancelUrl),
      expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { paymentId: session.id, url: session.url, expiresAt: isoFromUnix(session.expires_at) };
  }

  /**
   * A Checkout Session is never "canceled" (leaving the page keeps it open until it expires), and a
   * completed one still waiting for a delayed payment is open. An id Stripe does not know can
   * never be paid: failed. Any other error rejects, so that the caller falls back on the order.
   */
  async paymentStatus(paymentId: string): Promise<PaymentStatus> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(paymentId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return 'failed';
      throw error;
    }
    if (session.status === 'expired') return 'expired';
    if (session.status !== 'complete') return 'open';
    return session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      ? 'paid'
      : 'open';
  }

  /** Stripe refuses to expire a session that is no longer open: then there is nothing to do. */
  async expireCheckout(paymentId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(paymentId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  }

  /**
   * A Checkout Session's money is its PaymentIntent's: that is what is refunded, in full. A
   * subscription's session has none of its own: its money is its first invoice's payment.
   */
  async refundCheckout(paymentId: string, idempotencyKey: string): Promise<{ refundId: string }> {
    const session = await this.stripe.checkout.sessions.retrieve(paymentId);
    const paymentIntent = session.payment_intent
      ? idOf(session.payment_intent)
      : session.invoice
        ? await this.invoicePaymentIntent(idOf(session.invoice))
        : null;
    if (!paymentIntent) throw new Error(`Stripe checkout session ${paymentId} holds no payment`);
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        reason: 'requested_by_customer',
        metadata: { checkoutSession: paymentId, orderId: session.metadata?.['orderId'] ?? '' },
      },
      { idempotencyKey },
    );
    return { refundId: refund.id };
  }

  /**
   * Part or all of a payment the order holds, from its PaymentIntent: a checkout's own, a
   * subscription's first invoice's for a first month, a renewal's invoice's (`in_…`).
   */
  async refundPayment(request: RefundRequest): Promise<{ refundId: string }> {
    const { paymentId, amount, idempotencyKey, orderId } = request;
    let paymentIntent: string | null;
    if (paymentId.startsWith('in_')) paymentIntent = await this.invoicePaymentIntent(paymentId);
    else {
      const session = await this.stripe.checkout.sessions.retrieve(paymentId);
      paymentIntent = session.payment_intent
        ? idOf(session.payment_intent)
        : session.invoice
          ? await this.invoicePaymentIntent(idOf(session.invoice))
          : null;
    }
    if (!paymentIntent) throw new Error(`Stripe holds no payment for ${paymentId}`);
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount,
        reason: 'requested_by_customer',
        metadata: { orderPayment: paymentId, orderId },
      },
      { idempotencyKey },
    );
    return { refundId: refund.id };
  }

  /**
   * A one-off checkout's PaymentIntent is its own. A subscription's invoices are paid by
   * PaymentIntents no session names: the first one (subscription_create) is the first month, whose
   * payment is the session that started the subscription; a renewal's (subscription_cycle) is no
   * checkout's, and the order holds it by the invoice's id, its order named by the subscription's
   * metadata the invoice carries (as `invoice.paid` reads it).
   */
  async orderPaymentOf(providerPaymentId: string): Promise<{ paymentId: string; orderId: string } | null> {
    const paidBy = await this.stripe.checkout.sessions.list({ payment_intent: providerPaymentId, limit: 1 });
    const session = paidBy.data[0];
    if (session) return paymentOfSession(session);
    const payments = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: providerPaymentId },
      limit: 1,
    });
    const paid = payments.data[0];
    if (!paid) return null;
    const invoice = await this.stripe.invoices.retrieve(idOf(paid.invoice));
    const details = invoice.parent?.subscription_details;
    if (!details) return null;
    if (invoice.billing_reason === 'subscription_cycle') {
      const orderId = details.metadata?.['orderId'];
      return orderId ? { paymentId: invoice.id, orderId } : null;
    }
    if (invoice.billing_reason !== 'subscription_create') return null;
    const started = await this.stripe.checkout.sessions.list({
      subscription: idOf(details.subscription),
      limit: 1,
    });
    return started.data[0] ? paymentOfSession(started.data[0]) : null;
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionState> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    return { status: subscriptionStatus(subscription.status), currentPeriodEnd: periodEnd(subscription) };
  }

  async cancelSubscription(subscriptionId: string): Promise<{ expiresAt: string }> {
    const subscription = await this.stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: true,
    });
    return {
      expiresAt: subscription.cancel_at ? isoFromUnix(subscription.cancel_at) : periodEnd(subscription),
    };
  }

  /**
   * A new subscription of the ended one's customer, price and card, on trial until its first charge
   * (the end of the month already paid): its creation's invoice is of nothing.
   */
  async restartSubscription(request: SubscriptionRestart) {
    const ended = await this.stripe.subscriptions.retrieve(request.subscriptionId);
    const item = ended.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${ended.id} has no item`);
    const trialEnd = Math.floor(firstChargeOfRestart(request.resumeAt, new Date()).getTime() / 1000);
    const started = await this.stripe.subscriptions.create(
      {
        customer: idOf(ended.customer),
        items: [{ price: item.price.id }],
        ...(ended.default_payment_method
          ? { default_payment_method: idOf(ended.default_payment_method) }
          : {}),
        trial_end: trialEnd,
        proration_behavior: 'none',
        metadata: { orderId: request.orderId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { subscriptionId: started.id, currentPeriodEnd: periodEnd(started) };
  }

  /** Stripe refuses to cancel a subscription that has ended: then there is nothing to do. */
  async endSubscriptionNow(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (await this.getSubscription(subscriptionId)).status === 'canceled'
      )
        return;
      throw error;
    }
  }

  async cardUpdateUrl(input: {
    subscriptionId: string;
    orderId: string;
    returnUrl: string;
  }): Promise<string> {
    const subscription = await this.stripe.subscriptions.retrieve(input.subscriptionId);
    // The portal opens the customer's whole billing: never for a subscription of another order.
    const owner = subscription.metadata?.orderId;
    if (owner && owner !== input.orderId) {
      throw new Error(`Subscription ${subscription.id} does not belong to order ${input.orderId}`);
    }
    const portal = await this.stripe.billingPortal.sessions.create({
      customer: idOf(subscription.customer),
      return_url: input.returnUrl,
      locale: 'fr',
    });
    return portal.url;
  }

  private async invoicePaymentIntent(invoiceId: string): Promise<string | null> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' });
    const intent = payments.data.find((p) => p.payment.payment_intent)?.payment.payment_intent;
    return intent ? idOf(intent) : null;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    return paymentEventFromStripe(
      verifiedStripeEvent(rawBody, signatureHeader, this.webhookSecret, Date.now()),
    );
  }
}

function withSessionId(url: string): string {
  return url.replaceAll(PAYMENT_ID_PLACEHOLDER, '{CHECKOUT_SESSION_ID}');
}

function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionState['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'other';
  }
}

/** Since API version 2025-03-31 the billing period lives on the subscription's items. */
function periodEnd(subscription: Stripe.Subscription): string {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  return isoFromUnix(item.current_period_end);
}

const paymentOfSession = (session: Stripe.Checkout.Session) => {
  const orderId = session.metadata?.['orderId'];
  return orderId ? { paymentId: session.id, orderId } : null;
};
