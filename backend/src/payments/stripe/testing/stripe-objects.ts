import type Stripe from 'stripe';

/**
 * Stripe objects as the API documents them (the fields we read and their neighbours; the rest
 * omitted), for the mapping tests and for the local server standing in for api.stripe.com.
 */

export const ORDER_ID = '0b9f3c2e-5d1a-4f7e-9c61-2a8d4e6f1b30';
const CREATED = 1_767_225_600; // 2026-01-01T00:00:00Z

export function checkoutSession(fields: Partial<Stripe.Checkout.Session> = {}): Stripe.Checkout.Session {
  return {
    id: 'cs_test_a1b2c3',
    object: 'checkout.session',
    amount_subtotal: 9480,
    amount_total: 9480,
    cancel_url: `https://coseso.test/paiement/annule?orderId=${ORDER_ID}&paymentId={CHECKOUT_SESSION_ID}`,
    client_reference_id: null,
    created: CREATED,
    currency: 'eur',
    customer: null,
    customer_email: 'client@example.fr',
    expires_at: CREATED + 86_100,
    invoice: null,
    livemode: false,
    locale: 'fr',
    metadata: { orderId: ORDER_ID, purpose: 'setup_fee', orderNumber: '1042' },
    mode: 'payment',
    payment_intent: 'pi_test_1',
    payment_method_types: ['card'],
    payment_status: 'paid',
    status: 'complete',
    subscription: null,
    success_url: `https://coseso.test/paiement/succes?orderId=${ORDER_ID}&paymentId={CHECKOUT_SESSION_ID}`,
    ui_mode: 'hosted_page',
    url: null,
    ...fields,
  } as Stripe.Checkout.Session;
}

export function invoiceLine(fields: Partial<Stripe.InvoiceLineItem> = {}): Stripe.InvoiceLineItem {
  return {
    id: 'il_test_1',
    object: 'line_item',
    amount: 4212,
    currency: 'eur',
    description: '1 × Abonnement mensuel (at €42.12 / every 30 days)',
    invoice: 'in_test_renewal',
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: null,
        subscription: 'sub_test_1',
        subscription_item: 'si_test_1',
      },
    },
    period: { start: CREATED + 30 * 86_400, end: CREATED + 60 * 86_400 },
    quantity: 1,
    ...fields,
  } as Stripe.InvoiceLineItem;
}

export function invoice(fields: Partial<Stripe.Invoice> = {}): Stripe.Invoice {
  return {
    id: 'in_test_renewal',
    object: 'invoice',
    amount_due: 4212,
    amount_paid: 4212,
    amount_remaining: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: CREATED + 30 * 86_400,
    currency: 'eur',
    customer: 'cus_test_1',
    lines: {
      object: 'list',
      data: [invoiceLine()],
      has_more: false,
      url: '/v1/invoices/in_test_renewal/lines',
    },
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { orderId: ORDER_ID }, subscription: 'sub_test_1' },
    },
    // The previous period, as Stripe sets it on a subscription invoice: not the one being paid for.
    period_start: CREATED,
    period_end: CREATED + 30 * 86_400,
    status: 'paid',
    total: 4212,
    ...fields,
  } as Stripe.Invoice;
}

export function subscription(fields: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: 'sub_test_1',
    object: 'subscription',
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    created: CREATED,
    currency: 'eur',
    customer: 'cus_test_1',
    default_payment_method: 'pm_test_card',
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test_1',
          object: 'subscription_item',
          created: CREATED,
          current_period_start: CREATED,
          current_period_end: CREATED + 30 * 86_400,
          metadata: {},
          // The monthly price the first month's checkout created (price_data makes one per session).
          price: { id: 'price_test_monthly', object: 'price', unit_amount: 4_680 } as Stripe.Price,
          quantity: 1,
          subscription: 'sub_test_1',
        } as Stripe.SubscriptionItem,
      ],
      has_more: false,
      url: '/v1/subscription_items?subscription=sub_test_1',
    },
    latest_invoice: 'in_test_first',
    livemode: false,
    metadata: { orderId: ORDER_ID },
    start_date: CREATED,
    status: 'active',
    ...fields,
  } as Stripe.Subscription;
}

export function portalSession(
  fields: Partial<Stripe.BillingPortal.Session> = {},
): Stripe.BillingPortal.Session {
  return {
    id: 'bps_test_1',
    object: 'billing_portal.session',
    configuration: 'bpc_test_1',
    created: CREATED,
    customer: 'cus_test_1',
    flow: null,
    livemode: false,
    locale: 'fr',
    on_behalf_of: null,
    return_url: 'https://coseso.test/espace-client/abonnement',
    url: 'https://billing.stripe.com/p/session/test_YWNjdF8x',
    ...fields,
  } as Stripe.BillingPortal.Session;
}

/** A snapshot event as Stripe delivers it to a webhook endpoint. */
export function stripeEvent(
  type: Stripe.Event['type'],
  object: { object: string },
  id = 'evt_test_1',
): Stripe.Event {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: CREATED + 60,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as Stripe.Event;
}

export function refund(fields: Partial<Stripe.Refund> = {}): Stripe.Refund {
  return {
    id: 're_test_1',
    object: 'refund',
    amount: 9480,
    balance_transaction: 'txn_test_1',
    charge: 'ch_test_1',
    created: CREATED,
    currency: 'eur',
    destination_details: null,
    metadata: {},
    payment_intent: 'pi_test_1',
    reason: 'requested_by_customer',
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
    ...fields,
  } as Stripe.Refund;
}

/** A card charge of a one-off checkout's PaymentIntent, as `charge.refunded` carries it (refunds not expanded). */
export function charge(fields: Partial<Stripe.Charge> = {}): Stripe.Charge {
  return {
    id: 'ch_test_1',
    object: 'charge',
    amount: 9480,
    amount_captured: 9480,
    amount_refunded: 0,
    captured: true,
    created: CREATED,
    currency: 'eur',
    metadata: {},
    paid: true,
    payment_intent: 'pi_test_1',
    refunded: false,
    status: 'succeeded',
    ...fields,
  } as Stripe.Charge;
}

/** A subscription invoice's payment, paid by a PaymentIntent. */
export function invoicePayment(fields: Partial<Stripe.InvoicePayment> = {}): Stripe.InvoicePayment {
  return {
    id: 'inpay_test_1',
    object: 'invoice_payment',
    amount_paid: 4212,
    amount_requested: 4212,
    created: CREATED,
    currency: 'eur',
    invoice: 'in_test_1',
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: 'pi_test_1' },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: CREATED },
    ...fields,
  } as Stripe.InvoicePayment;
}

/** The body of a Stripe API error response. */
export function stripeError(type: string, message: string, code?: string): { error: Record<string, string> } {
  return {
    error: {
      type,
      message,
      ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}` } : {}),
    },
  };
}
