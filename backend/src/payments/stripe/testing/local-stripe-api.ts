import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import {
  checkoutSession,
  invoice,
  invoicePayment,
  portalSession,
  refund,
  stripeError,
  subscription,
} from './stripe-objects.js';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The form-encoded body, flattened as the SDK sends it: `line_items[0][price_data][currency]`. */
  readonly form: Record<string, string>;
}

export interface LocalStripeApi {
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Checkout Sessions paid, as a test says Stripe holds them: what listing sessions finds. */
  readonly paid: Partial<Stripe.Checkout.Session>[];
  /**
   * Subscription invoices a test says Stripe holds (a renewal's, `subscription_cycle`), by id: paid
   * by the PaymentIntent `pi_<id>`, as the fixed ones below.
   */
  readonly invoices: Record<string, Partial<Stripe.Invoice>>;
  close(): Promise<void>;
}

const PERIOD_END = 1_769_817_600; // 2026-01-31T00:00:00Z

/** Checkout Sessions by id, in each state Stripe documents. */
const sessions: Record<string, Partial<Stripe.Checkout.Session>> = {
  cs_paid: { status: 'complete', payment_status: 'paid' },
  cs_free: { status: 'complete', payment_status: 'no_payment_required', amount_total: 0 },
  cs_processing: { status: 'complete', payment_status: 'unpaid' },
  cs_open: {
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    url: 'https://checkout.stripe.com/c/pay/cs_open',
  },
  cs_expired: { status: 'expired', payment_status: 'unpaid', payment_intent: null },
  /** Paid on a link that was stale by then (the order changed meanwhile): refunded by the app. */
  cs_late: { status: 'complete', payment_status: 'paid', payment_intent: 'pi_late', amount_total: 58_860 },
  /** A first month paid on a stale link: its money is its subscription's first invoice's. */
  cs_late_month: {
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: null,
    invoice: 'in_late_month',
    subscription: 'sub_active',
  },
};

/** Subscription invoices by id: the first one of a subscription bought through a checkout. */
const fixedInvoices: Record<string, Partial<Stripe.Invoice>> = {
  in_first_month: {
    billing_reason: 'subscription_create',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: {}, subscription: 'sub_active' },
    },
  },
};

/** Subscriptions by id: sub_<status>, whose one item's period ends at PERIOD_END. */
function storedSubscription(id: string, fields: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  const stored = subscription({
    id,
    status: id.replace(/^sub_/, '') as Stripe.Subscription.Status,
    ...fields,
  });
  const [item] = stored.items.data;
  return { ...stored, items: { ...stored.items, data: [{ ...item!, current_period_end: PERIOD_END }] } };
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1, answering the calls of the Stripe adapter with the
 * documented response shapes, and recording what the SDK sent. `cs_boom` and `sub_boom` answer 500, ids it does
 * not know 404 (resource_missing).
 */
export async function startLocalStripeApi(): Promise<LocalStripeApi> {
  const requests: RecordedRequest[] = [];
  const paid: Partial<Stripe.Checkout.Session>[] = [];
  const invoices: Record<string, Partial<Stripe.Invoice>> = {};
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const form = Object.fromEntries(new URLSearchParams(request.method === 'POST' ? body : url.search));
      const recorded = {
        method: request.method ?? 'GET',
        path: url.pathname,
        headers: request.headers,
        form,
      };
      requests.push(recorded);
      answer(recorded, response, paid, { ...fixedInvoices, ...invoices });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    paid,
    invoices,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function answer(
  { method, path, form }: RecordedRequest,
  response: ServerResponse,
  paid: readonly Partial<Stripe.Checkout.Session>[],
  invoices: Readonly<Record<string, Partial<Stripe.Invoice>>>,
): void {
  const send = (status: number, payload: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
    response.end(JSON.stringify(payload));
  };
  const [, resource, id, expire] =
    /^\/v1\/(checkout\/sessions|subscriptions|billing_portal\/sessions|refunds|invoice_payments|invoices)(?:\/(\w+))?(\/expire)?$/.exec(
      path,
    ) ?? [];

  if (id === 'cs_boom' || id === 'sub_boom')
    return send(500, stripeError('api_error', 'An unknown error occurred'));
  if (method === 'POST' && resource === 'checkout/sessions' && !id) {
    const mode = form.mode as Stripe.Checkout.Session.Mode;
    return send(
      200,
      checkoutSession({
        id: 'cs_test_created',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        customer_email: form.customer_email ?? null,
        metadata: { orderId: form['metadata[orderId]']!, purpose: form['metadata[purpose]']! },
        expires_at: Number(form.expires_at),
        success_url: form.success_url ?? null,
        cancel_url: form.cancel_url ?? null,
        payment_intent: null,
        url: 'https://checkout.stripe.com/c/pay/cs_test_created#fidkdWxOYHwnPyd1blpxYHZxWjA0',
      }),
    );
  }
  if (method === 'POST' && resource === 'checkout/sessions' && id && expire) {
    // Stripe expires only an open session; any other answers 400.
    if (sessions[id]?.status !== 'open') {
      return send(
        400,
        stripeError(
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
        ),
      );
    }
    return send(200, checkoutSession({ id, ...sessions[id], status: 'expired' }));
  }
  if (method === 'GET' && resource === 'checkout/sessions' && !id) {
    // Listed by what paid them: the sessions a test says were paid, found by PaymentIntent or subscription.
    const data = paid
      .filter(
        (session) =>
          (form.payment_intent !== undefined && session.payment_intent === form.payment_intent) ||
          (form.subscription !== undefined && session.subscription === form.subscription),
      )
      .map((session) => checkoutSession(session));
    return send(200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
  }
  if (method === 'GET' && resource === 'invoices' && id && invoices[id]) {
    return send(200, invoice({ id, ...invoices[id] }));
  }
  if (method === 'GET' && resource === 'checkout/sessions' && id && sessions[id]) {
    return send(200, checkoutSession({ id, ...sessions[id] }));
  }
  if (method === 'POST' && resource === 'refunds' && !id && form.payment_intent) {
    // One refund per payment intent here: the idempotency key is Stripe's business, not this stand-in's.
    return send(
      200,
      refund({
        id: `re_${form.payment_intent}`,
        payment_intent: form.payment_intent,
        reason: (form.reason as Stripe.Refund.Reason | undefined) ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        ),
      }),
    );
  }
  if (method === 'POST' && resource === 'subscriptions' && !id && form.customer) {
    // A new subscription (a reactivated order's restart): trialing until its first charge, whose
    // period ends then; its id names the customer and first charge, as one per idempotency key would.
    const trialEnd = Number(form.trial_end);
    const created = subscription({
      id: `sub_started_${form.trial_end}`,
      status: form.trial_end ? 'trialing' : 'active',
      customer: form.customer,
      default_payment_method: form.default_payment_method ?? null,
      trial_end: form.trial_end ? trialEnd : null,
      metadata: { orderId: form['metadata[orderId]']! },
    });
    const [item] = created.items.data;
    return send(200, {
      ...created,
      items: {
        ...created.items,
        data: [
          {
            ...item!,
            price: { ...item!.price, id: form['items[0][price]']! },
            current_period_end: form.trial_end ? trialEnd : item!.current_period_end,
          },
        ],
      },
    });
  }
  if (method === 'GET' && resource === 'subscriptions' && id?.startsWith('sub_')) {
    return send(200, storedSubscription(id));
  }
  if (method === 'POST' && resource === 'subscriptions' && id?.startsWith('sub_')) {
    const cancels = form.cancel_at_period_end === 'true';
    return send(
      200,
      storedSubscription(id, { cancel_at_period_end: cancels, cancel_at: cancels ? PERIOD_END : null }),
    );
  }
  if (method === 'DELETE' && resource === 'subscriptions' && id?.startsWith('sub_')) {
    // Stripe cancels a subscription once; an ended one answers 400.
    if (id === 'sub_canceled')
      return send(400, stripeError('invalid_request_error', `This subscription has already been canceled.`));
    return send(200, storedSubscription(id, { status: 'canceled' }));
  }
  if (method === 'GET' && resource === 'invoice_payments' && !id && form['payment[payment_intent]']) {
    // The PaymentIntent pi_<invoice> paid that invoice (as below); any other pays none here.
    const intent = form['payment[payment_intent]'];
    const invoiceId = intent.replace(/^pi_/, '');
    const data = invoices[invoiceId]
      ? [invoicePayment({ invoice: invoiceId, payment: { type: 'payment_intent', payment_intent: intent } })]
      : [];
    return send(200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
  }
  if (method === 'GET' && resource === 'invoice_payments' && !id && form.invoice) {
    return send(200, {
      object: 'list',
      url: '/v1/invoice_payments',
      has_more: false,
      data: [
        invoicePayment({
          invoice: form.invoice,
          payment: { type: 'payment_intent', payment_intent: `pi_${form.invoice}` },
        }),
      ],
    });
  }
  if (method === 'POST' && resource === 'billing_portal/sessions' && form.customer) {
    return send(200, portalSession({ customer: form.customer, return_url: form.return_url ?? null }));
  }
  const missing = id
    ? `No such ${resource === 'subscriptions' ? 'subscription' : 'checkout.session'}: '${id}'`
    : 'Unrecognized request URL';
  send(404, stripeError('invalid_request_error', missing, id ? 'resource_missing' : undefined));
}
