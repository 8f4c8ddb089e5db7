import type Stripe from 'stripe';
import { paymentEventFromStripe } from './stripe-events.js';
import {
  ORDER_ID,
  charge,
  checkoutSession,
  invoice,
  invoiceLine,
  stripeEvent,
  subscription,
} from './testing/stripe-objects.js';

const subscribed = checkoutSession({
  id: 'cs_test_sub',
  mode: 'subscription',
  amount_total: 4212,
  payment_intent: null,
  metadata: { orderId: ORDER_ID, purpose: 'first_month', orderNumber: '1042' },
  subscription: 'sub_test_1',
});

describe('reading Stripe events', () => {
  describe('refunds', () => {
    it('reads a refunded charge as the running total refunded of its PaymentIntent, the refund named by it', () => {
      const refunded = charge({ amount_refunded: 5_000, refunded: false });
      expect(paymentEventFromStripe(stripeEvent('charge.refunded', refunded))).toEqual({
        kind: 'payment_refunded',
        eventId: 'evt_test_1',
        providerPaymentId: 'pi_test_1',
        refundedTotal: 5_000,
        refundId: 'ch_test_1@5000',
      });
    });

    it('names the latest refund when the endpoint expands them', () => {
      const refunds = {
        object: 'list',
        data: [
          { id: 're_old', created: 1 },
          { id: 're_new', created: 2 },
        ],
      } as unknown as Stripe.ApiList<Stripe.Refund>;
      const refunded = charge({ amount_refunded: 9_480, refunded: true, refunds });
      expect(paymentEventFromStripe(stripeEvent('charge.refunded', refunded))).toMatchObject({
        refundId: 're_new',
        refundedTotal: 9_480,
      });
    });

    it('ignores a charge of no PaymentIntent', () => {
      const event = stripeEvent('charge.refunded', charge({ payment_intent: null, amount_refunded: 100 }));
      expect(paymentEventFromStripe(event)).toMatchObject({ kind: 'ignored', type: 'charge.refunded' });
    });
  });

  describe('checkout sessions', () => {
    it('reads a paid one-off checkout as paid', () => {
      expect(paymentEventFromStripe(stripeEvent('checkout.session.completed', checkoutSession()))).toEqual({
        kind: 'checkout_paid',
        eventId: 'evt_test_1',
        paymentId: 'cs_test_a1b2c3',
        orderId: ORDER_ID,
        purpose: 'setup_fee',
        amount: 9480,
        subscriptionId: null,
      });
    });

    it('reads a completed subscription checkout as the paid first month, with the subscription it started', () => {
      expect(paymentEventFromStripe(stripeEvent('checkout.session.completed', subscribed))).toMatchObject({
        kind: 'checkout_paid',
        paymentId: 'cs_test_sub',
        purpose: 'first_month',
        amount: 4212,
        subscriptionId: 'sub_test_1',
      });
    });

    it('takes the subscription id from an expanded subscription too', () => {
      const expanded = { ...subscribed, subscription: subscription({ id: 'sub_test_9' }) };
      expect(paymentEventFromStripe(stripeEvent('checkout.session.completed', expanded))).toMatchObject({
        subscriptionId: 'sub_test_9',
      });
    });

    it('counts a checkout with nothing to pay as paid', () => {
      const free = checkoutSession({ amount_total: 0, payment_status: 'no_payment_required' });
      expect(paymentEventFromStripe(stripeEvent('checkout.session.completed', free))).toMatchObject({
        kind: 'checkout_paid',
        amount: 0,
      });
    });

    it('waits for the async outcome of a checkout completed unpaid (delayed payment method)', () => {
      const pending = checkoutSession({ payment_status: 'unpaid' });
      expect(paymentEventFromStripe(stripeEvent('checkout.session.completed', pending))).toEqual({
        kind: 'ignored',
        eventId: 'evt_test_1',
        type: 'checkout.session.completed',
      });
      expect(
        paymentEventFromStripe(
          stripeEvent('checkout.session.async_payment_succeeded', checkoutSession(), 'evt_test_2'),
        ),
      ).toEqual({
        kind: 'checkout_paid',
        eventId: 'evt_test_2',
        paymentId: 'cs_test_a1b2c3',
        orderId: ORDER_ID,
        purpose: 'setup_fee',
        amount: 9480,
        subscriptionId: null,
      });
    });

    it('reads a failed delayed payment and an expired checkout as closed', () => {
      const unpaid = checkoutSession({ payment_status: 'unpaid' });
      expect(paymentEventFromStripe(stripeEvent('checkout.session.async_payment_failed', unpaid))).toEqual({
        kind: 'checkout_closed',
        eventId: 'evt_test_1',
        paymentId: 'cs_test_a1b2c3',
        orderId: ORDER_ID,
        outcome: 'failed',
      });
      const expired = checkoutSession({ status: 'expired', payment_status: 'unpaid', url: null });
      expect(paymentEventFromStripe(stripeEvent('checkout.session.expired', expired))).toMatchObject({
        kind: 'checkout_closed',
        outcome: 'expired',
      });
    });

    it.each<[string, Partial<Stripe.Checkout.Session>]>([
      ['no metadata', { metadata: null }],
      ['no order id', { metadata: { purpose: 'deposit' } }],
      ['no purpose', { metadata: { orderId: ORDER_ID } }],
      ['an unknown purpose', { metadata: { orderId: ORDER_ID, purpose: 'tip' } }],
      ['no amount', { amount_total: null }],
    ])('ignores a paid checkout with %s (not one of ours)', (_, fields) => {
      expect(
        paymentEventFromStripe(stripeEvent('checkout.session.completed', checkoutSession(fields))),
      ).toEqual({
        kind: 'ignored',
        eventId: 'evt_test_1',
        type: 'checkout.session.completed',
      });
    });

    it('ignores a closed checkout with no order id', () => {
      const foreign = checkoutSession({ status: 'expired', metadata: {} });
      expect(paymentEventFromStripe(stripeEvent('checkout.session.expired', foreign)).kind).toBe('ignored');
    });
  });

  describe('subscription invoices', () => {
    it('reads a paid renewal, ending the period at its line period end', () => {
      expect(paymentEventFromStripe(stripeEvent('invoice.paid', invoice()))).toEqual({
        kind: 'subscription_renewed',
        eventId: 'evt_test_1',
        orderId: ORDER_ID,
        subscriptionId: 'sub_test_1',
        paymentId: 'in_test_renewal',
        amount: 4212,
        currentPeriodStart: '2026-01-31T00:00:00.000Z',
        currentPeriodEnd: '2026-03-02T00:00:00.000Z',
      });
    });

    it('prefers the subscription line over a one-off line billed with it', () => {
      const oneOff = invoiceLine({
        id: 'il_test_extra',
        parent: {
          type: 'invoice_item_details',
          invoice_item_details: null,
          subscription_item_details: null,
        },
        period: { start: 1_767_225_600, end: 1_767_225_600 },
      });
      const renewal = invoice({
        lines: {
          object: 'list',
          data: [oneOff, invoiceLine()],
          has_more: false,
          url: '/v1/invoices/x/lines',
        },
      });
      expect(paymentEventFromStripe(stripeEvent('invoice.paid', renewal))).toMatchObject({
        currentPeriodEnd: '2026-03-02T00:00:00.000Z',
      });
    });

    it('ignores the first invoice, paid through the checkout', () => {
      const first = invoice({ id: 'in_test_first', billing_reason: 'subscription_create' });
      expect(paymentEventFromStripe(stripeEvent('invoice.paid', first))).toEqual({
        kind: 'ignored',
        eventId: 'evt_test_1',
        type: 'invoice.paid',
      });
    });

    it.each<[string, Partial<Stripe.Invoice>]>([
      ['is not a subscription invoice', { billing_reason: 'manual', parent: null }],
      [
        'carries no order id',
        {
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: {}, subscription: 'sub_test_1' },
          },
        },
      ],
      [
        'has no subscription metadata',
        {
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: null, subscription: 'sub_test_1' },
          },
        },
      ],
      ['has no line', { lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/x/lines' } }],
    ])('ignores a paid invoice that %s', (_, fields) => {
      expect(paymentEventFromStripe(stripeEvent('invoice.paid', invoice(fields))).kind).toBe('ignored');
    });

    it('reads a failed renewal payment, without a reason when the payload has none', () => {
      const failed = invoice({ status: 'open', amount_paid: 0, attempt_count: 1 });
      expect(paymentEventFromStripe(stripeEvent('invoice.payment_failed', failed))).toEqual({
        kind: 'subscription_payment_failed',
        eventId: 'evt_test_1',
        orderId: ORDER_ID,
        subscriptionId: 'sub_test_1',
        reason: null,
      });
    });

    it('gives the last payment error when the invoice payments were expanded', () => {
      const attempt = (created: number, message: string): Stripe.InvoicePayment =>
        ({
          id: `inpay_${created}`,
          object: 'invoice_payment',
          created,
          payment: {
            type: 'payment_intent',
            payment_intent: {
              id: `pi_${created}`,
              object: 'payment_intent',
              last_payment_error: { message },
            },
          },
          status: 'open',
        }) as Stripe.InvoicePayment;
      const failed = invoice({
        status: 'open',
        payments: {
          object: 'list',
          data: [attempt(1, 'Votre carte a expiré.'), attempt(2, 'Votre carte a été refusée.')],
          has_more: false,
          url: '/v1/invoice_payments',
        },
      });
      expect(paymentEventFromStripe(stripeEvent('invoice.payment_failed', failed))).toMatchObject({
        kind: 'subscription_payment_failed',
        reason: 'Votre carte a été refusée.',
      });
    });

    it('ignores a failed first payment, which the checkout handles', () => {
      const first = invoice({ billing_reason: 'subscription_create', status: 'open' });
      expect(paymentEventFromStripe(stripeEvent('invoice.payment_failed', first)).kind).toBe('ignored');
    });
  });

  describe('subscriptions', () => {
    it('reads a deleted subscription as ended', () => {
      const ended = subscription({ status: 'canceled', ended_at: 1_772_409_600, canceled_at: 1_772_409_600 });
      expect(paymentEventFromStripe(stripeEvent('customer.subscription.deleted', ended))).toEqual({
        kind: 'subscription_ended',
        eventId: 'evt_test_1',
        orderId: ORDER_ID,
        subscriptionId: 'sub_test_1',
      });
    });

    it('ignores a deleted subscription with no order id', () => {
      const foreign = subscription({ status: 'canceled', metadata: {} });
      expect(paymentEventFromStripe(stripeEvent('customer.subscription.deleted', foreign)).kind).toBe(
        'ignored',
      );
    });
  });

  it('ignores every other event type', () => {
    expect(paymentEventFromStripe(stripeEvent('customer.subscription.updated', subscription()))).toEqual({
      kind: 'ignored',
      eventId: 'evt_test_1',
      type: 'customer.subscription.updated',
    });
    expect(
      paymentEventFromStripe(stripeEvent('payment_intent.succeeded', { object: 'payment_intent' })),
    ).toMatchObject({ kind: 'ignored', type: 'payment_intent.succeeded' });
  });
});
