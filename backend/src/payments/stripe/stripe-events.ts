import type Stripe from 'stripe';
import { type PaymentPurpose, paymentPurposes } from '@coseso/event-schemas/order/order-keys';
import { type PaymentEvent } from '../payment-provider.js';
import { idOf, isoFromUnix } from './stripe-values.js';

/**
 * Reads a Stripe event (real, or emitted by the sandbox provider) as a PaymentEvent. Pure: everything
 * it needs travels in the event, through the metadata our checkouts set (orderId, purpose).
 * Shapes are those of the API version pinned by the SDK (invoice.parent.subscription_details).
 */
export function paymentEventFromStripe(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutPaid(event.id, event.data.object) ?? ignored(event);
    case 'checkout.session.async_payment_failed':
      return checkoutClosed(event.id, event.data.object, 'failed') ?? ignored(event);
    case 'checkout.session.expired':
      return checkoutClosed(event.id, event.data.object, 'expired') ?? ignored(event);
    case 'invoice.paid':
      return subscriptionRenewed(event.id, event.data.object) ?? ignored(event);
    case 'invoice.payment_failed':
      return subscriptionPaymentFailed(event.id, event.data.object) ?? ignored(event);
    case 'customer.subscription.deleted':
      return subscriptionEnded(event.id, event.data.object) ?? ignored(event);
    case 'charge.refunded':
      return chargeRefunded(event.id, event.data.object) ?? ignored(event);
    default:
      return ignored(event);
  }
}

function ignored(event: Stripe.Event): PaymentEvent {
  return { kind: 'ignored', eventId: event.id, type: event.type };
}

function checkoutPaid(eventId: string, session: Stripe.Checkout.Session): PaymentEvent | null {
  // A delayed method (SEPA debit...) completes the session unpaid: async_payment_succeeded follows.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
  const orderId = session.metadata?.orderId;
  const purpose = purposeOf(session.metadata?.purpose);
  if (!orderId || !purpose || session.amount_total === null) return null;
  return {
    kind: 'checkout_paid',
    eventId,
    paymentId: session.id,
    orderId,
    purpose,
    amount: session.amount_total,
    subscriptionId: session.subscription === null ? null : idOf(session.subscription),
  };
}

function checkoutClosed(
  eventId: string,
  session: Stripe.Checkout.Session,
  outcome: 'failed' | 'expired',
): PaymentEvent | null {
  const orderId = session.metadata?.orderId;
  if (!orderId) return null;
  return { kind: 'checkout_closed', eventId, paymentId: session.id, orderId, outcome };
}

function subscriptionRenewed(eventId: string, invoice: Stripe.Invoice): PaymentEvent | null {
  // The first invoice (subscription_create) is the checkout's own payment: checkout_paid covers it.
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  const subscription = subscriptionOf(invoice);
  const line =
    invoice.lines.data.find((item) => item.parent?.type === 'subscription_item_details') ??
    invoice.lines.data[0];
  if (!subscription || !line) return null;
  return {
    kind: 'subscription_renewed',
    eventId,
    ...subscription,
    paymentId: invoice.id,
    amount: invoice.amount_paid,
    // The line's period is the one just paid for; invoice.period_end is the end of the previous one.
    currentPeriodStart: isoFromUnix(line.period.start),
    currentPeriodEnd: isoFromUnix(line.period.end),
  };
}

function subscriptionPaymentFailed(eventId: string, invoice: Stripe.Invoice): PaymentEvent | null {
  // A failed first payment happens inside the checkout, which the client can still retry.
  if (invoice.billing_reason === 'subscription_create') return null;
  const subscription = subscriptionOf(invoice);
  if (!subscription) return null;
  return { kind: 'subscription_payment_failed', eventId, ...subscription, reason: lastPaymentError(invoice) };
}

/**
 * Stripe says the charge's running total refunded; the refunds list is in the payload only when the
 * endpoint expands it, so the refund is otherwise named by the charge and that total.
 */
function chargeRefunded(eventId: string, charge: Stripe.Charge): PaymentEvent | null {
  if (!charge.payment_intent || charge.amount_refunded <= 0) return null;
  const latest = [...(charge.refunds?.data ?? [])].sort((a, b) => b.created - a.created)[0];
  return {
    kind: 'payment_refunded',
    eventId,
    providerPaymentId: idOf(charge.payment_intent),
    refundedTotal: charge.amount_refunded,
    refundId: latest?.id ?? `${charge.id}@${charge.amount_refunded}`,
  };
}

function subscriptionEnded(eventId: string, subscription: Stripe.Subscription): PaymentEvent | null {
  const orderId = subscription.metadata?.orderId;
  if (!orderId) return null;
  return { kind: 'subscription_ended', eventId, orderId, subscriptionId: subscription.id };
}

/** The subscription an invoice bills, and its order, from the subscription metadata it carries. */
function subscriptionOf(invoice: Stripe.Invoice): { orderId: string; subscriptionId: string } | null {
  const details = invoice.parent?.subscription_details;
  const orderId = details?.metadata?.orderId;
  if (!details || !orderId) return null;
  return { orderId, subscriptionId: idOf(details.subscription) };
}

/**
 * Only present when the invoice's payments were expanded: Stripe's own webhook payloads do not
 * include them, so a real delivery gives null.
 */
function lastPaymentError(invoice: Stripe.Invoice): string | null {
  const newestFirst = [...(invoice.payments?.data ?? [])].sort((a, b) => b.created - a.created);
  for (const { payment } of newestFirst) {
    const intent = payment.payment_intent;
    if (typeof intent === 'object' && intent.last_payment_error?.message) {
      return intent.last_payment_error.message;
    }
  }
  return null;
}

function purposeOf(value: string | undefined): PaymentPurpose | null {
  return paymentPurposes.find((purpose) => purpose === value) ?? null;
}
