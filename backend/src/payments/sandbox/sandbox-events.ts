import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { type SandboxPayment, type SandboxSubscription } from './sandbox-store.js';

/**
 * The sandbox speaks Stripe: its outcomes are Stripe events (the fields our reader uses, in the
 * shapes of the API version the SDK pins), signed with Stripe's scheme. So the sandbox exercises
 * the very webhook path a real Stripe delivery takes.
 */

export interface SignedDelivery {
  readonly rawBody: Buffer;
  readonly signature: string;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const eventId = () => `evt_sandbox_${randomBytes(12).toString('hex')}`;

function event(type: string, object: Record<string, unknown>) {
  return {
    id: eventId(),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(new Date()),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function session(payment: SandboxPayment, paid: boolean) {
  return {
    id: payment.id,
    object: 'checkout.session',
    mode: payment.purpose === 'first_month' ? 'subscription' : 'payment',
    amount_total: payment.amount,
    currency: 'eur',
    customer_email: payment.customerEmail,
    metadata: {
      orderId: payment.orderId,
      purpose: payment.purpose,
      orderNumber: String(payment.orderNumber),
    },
    payment_status: paid ? 'paid' : 'unpaid',
    status: paid ? 'complete' : 'expired',
    subscription: payment.subscriptionId,
    expires_at: unix(payment.expiresAt),
  };
}

/**
 * A renewal's invoice is named after its subscription and the period it pays for (one invoice per
 * period, as Stripe retries the same invoice), so the sandbox finds it again to refund it.
 */
export const renewalInvoiceId = (subscriptionId: string, periodStart: Date) =>
  `in_${subscriptionId}_${unix(periodStart)}`;

/** The subscription and period start a renewal's invoice id names; null for any other id. */
export function renewalOfInvoice(invoiceId: string): { subscriptionId: string; periodStart: Date } | null {
  const match = /^in_(sub_sandbox_[0-9a-f]+)_(\d+)$/.exec(invoiceId);
  return match ? { subscriptionId: match[1]!, periodStart: new Date(Number(match[2]) * 1000) } : null;
}

/** What a charge of the sandbox paid: a checkout, or a renewal's invoice. */
export interface SandboxCharge {
  /** The checkout's id, or the renewal invoice's: its PaymentIntent is `pi_` + this. */
  readonly id: string;
  readonly orderId: string;
  readonly amount: number;
  readonly purpose: string;
}

function invoice(
  subscription: SandboxSubscription,
  periodStart: Date,
  periodEnd: Date,
  paid: boolean,
  failure?: string,
) {
  return {
    id: renewalInvoiceId(subscription.id, periodStart),
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    currency: 'eur',
    amount_due: subscription.amount,
    amount_paid: paid ? subscription.amount : 0,
    status: paid ? 'paid' : 'open',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { orderId: subscription.orderId } },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_sandbox_${randomBytes(8).toString('hex')}`,
          object: 'line_item',
          amount: subscription.amount,
          period: { start: unix(periodStart), end: unix(periodEnd) },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
    ...(failure
      ? {
          payments: {
            object: 'list',
            data: [
              {
                created: unix(new Date()),
                payment: { payment_intent: { last_payment_error: { message: failure } } },
              },
            ],
          },
        }
      : {}),
  };
}

export const sandboxEvents = {
  checkoutPaid: (payment: SandboxPayment) => event('checkout.session.completed', session(payment, true)),
  checkoutFailed: (payment: SandboxPayment) =>
    event('checkout.session.async_payment_failed', session(payment, false)),
  checkoutExpired: (payment: SandboxPayment) => event('checkout.session.expired', session(payment, false)),
  renewalPaid: (subscription: SandboxSubscription, from: Date, to: Date) =>
    event('invoice.paid', invoice(subscription, from, to, true)),
  renewalFailed: (subscription: SandboxSubscription, from: Date, to: Date) =>
    event('invoice.payment_failed', invoice(subscription, from, to, false, 'Votre carte a été refusée.')),
  chargeRefunded: (payment: SandboxCharge, refundedTotal: number) =>
    event('charge.refunded', {
      id: `ch_${payment.id}`,
      object: 'charge',
      amount: payment.amount,
      amount_refunded: refundedTotal,
      currency: 'eur',
      payment_intent: `pi_${payment.id}`,
      refunded: refundedTotal >= payment.amount,
      metadata: { orderId: payment.orderId, purpose: payment.purpose },
    }),
  subscriptionEnded: (subscription: SandboxSubscription) =>
    event('customer.subscription.deleted', {
      id: subscription.id,
      object: 'subscription',
      status: 'canceled',
      metadata: { orderId: subscription.orderId },
    }),
};

/** Signs an event exactly as Stripe signs its deliveries (t=…,v1=HMAC-SHA256). */
export function signDelivery(payload: object, secret: string): SignedDelivery {
  const body = JSON.stringify(payload);
  return {
    rawBody: Buffer.from(body),
    signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
  };
}
