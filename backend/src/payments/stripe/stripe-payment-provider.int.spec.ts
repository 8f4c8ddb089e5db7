import Stripe from 'stripe';
import {
  type CheckoutRequest,
  InvalidWebhookSignature,
  PAYMENT_ID_PLACEHOLDER,
} from '../payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';
import { type LocalStripeApi, startLocalStripeApi } from './testing/local-stripe-api.js';
import { ORDER_ID, checkoutSession, stripeEvent } from './testing/stripe-objects.js';

const SECRET_KEY = 'sk_test_local';
const WEBHOOK_SECRET = 'whsec_local_test_secret';

let api: LocalStripeApi;
let provider: StripePaymentProvider;

beforeAll(async () => {
  api = await startLocalStripeApi();
  provider = new StripePaymentProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: api.port,
    protocol: 'http',
  });
});
afterAll(() => api.close());
beforeEach(() => api.requests.splice(0));

const checkout = (fields: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: ORDER_ID,
  orderNumber: 1042,
  purpose: 'setup_fee',
  amount: 9480,
  description: 'Frais de mise en service - Site Vitrine',
  customerEmail: 'client@example.fr',
  successUrl: `https://coseso.test/paiement/succes?orderId=${ORDER_ID}&paymentId=${PAYMENT_ID_PLACEHOLDER}`,
  cancelUrl: `https://coseso.test/paiement/annule?orderId=${ORDER_ID}&paymentId=${PAYMENT_ID_PLACEHOLDER}`,
  ...fields,
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('the Stripe payment provider, against a local Stripe API', () => {
  describe('createCheckout', () => {
    it('creates a one-off payment session in euros, in French, expiring within 24 h', async () => {
      const before = nowSeconds();
      const created = await provider.createCheckout(checkout());

      expect(api.requests).toHaveLength(1);
      const [{ method, path, headers, form }] = api.requests as [(typeof api.requests)[number]];
      expect(`${method} ${path}`).toBe('POST /v1/checkout/sessions');
      expect(headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(headers['stripe-version']).toBe(Stripe.API_VERSION);
      expect(headers['idempotency-key']).toBeTruthy();
      expect(form).toEqual({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '9480',
        'line_items[0][price_data][product_data][name]': 'Frais de mise en service - Site Vitrine',
        'payment_intent_data[metadata][orderId]': ORDER_ID,
        'payment_intent_data[metadata][purpose]': 'setup_fee',
        'metadata[orderId]': ORDER_ID,
        'metadata[purpose]': 'setup_fee',
        'metadata[orderNumber]': '1042',
        customer_email: 'client@example.fr',
        locale: 'fr',
        success_url: `https://coseso.test/paiement/succes?orderId=${ORDER_ID}&paymentId={CHECKOUT_SESSION_ID}`,
        cancel_url: `https://coseso.test/paiement/annule?orderId=${ORDER_ID}&paymentId={CHECKOUT_SESSION_ID}`,
        expires_at: expect.any(String),
      });
      const expiresAt = Number(form.expires_at);
      expect(expiresAt).toBeGreaterThan(before + 23 * 3600);
      expect(expiresAt).toBeLessThan(before + 24 * 3600);

      expect(created).toEqual({
        paymentId: 'cs_test_created',
        url: 'https://checkout.stripe.com/c/pay/cs_test_created#fidkdWxOYHwnPyd1blpxYHZxWjA0',
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      });
    });

    it('starts a subscription renewing every 30 days for the first month', async () => {
      await provider.createCheckout(
        checkout({ purpose: 'first_month', amount: 4212, description: 'Abonnement mensuel' }),
      );

      const { form } = api.requests[0]!;
      expect(form).toMatchObject({
        mode: 'subscription',
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '4212',
        'line_items[0][price_data][recurring][interval]': 'month',
        'line_items[0][price_data][recurring][interval_count]': '1',
        'line_items[0][price_data][product_data][name]': 'Abonnement mensuel',
        'subscription_data[metadata][orderId]': ORDER_ID,
        'metadata[purpose]': 'first_month',
      });
      expect(Object.keys(form).filter((key) => key.startsWith('payment_intent_data'))).toEqual([]);
    });

    it('keeps one-off purposes out of subscriptions', async () => {
      for (const purpose of ['deposit', 'balance', 'account_manager'] as const) {
        await provider.createCheckout(checkout({ purpose }));
      }
      for (const { form } of api.requests) {
        expect(form.mode).toBe('payment');
        expect(form['line_items[0][price_data][recurring][interval]']).toBeUndefined();
      }
      expect(api.requests.map(({ form }) => form['payment_intent_data[metadata][purpose]'])).toEqual([
        'deposit',
        'balance',
        'account_manager',
      ]);
    });
  });

  describe('paymentStatus', () => {
    it.each([
      ['cs_paid', 'paid'],
      ['cs_free', 'paid'],
      ['cs_processing', 'open'],
      ['cs_open', 'open'],
      ['cs_expired', 'expired'],
    ])('reads the session %s as %s', async (id, status) => {
      expect(await provider.paymentStatus(id)).toBe(status);
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        `GET /v1/checkout/sessions/${id}`,
      ]);
    });

    it('says a session Stripe does not know failed, without retrying', async () => {
      expect(await provider.paymentStatus('cs_unknown')).toBe('failed');
      expect(api.requests).toHaveLength(1);
    });

    it('rejects when Stripe fails, after retrying twice', async () => {
      await expect(provider.paymentStatus('cs_boom')).rejects.toThrow(Stripe.errors.StripeAPIError);
      expect(api.requests).toHaveLength(3);
    });
  });

  describe('expireCheckout', () => {
    it('expires an open session', async () => {
      await provider.expireCheckout('cs_open');
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'POST /v1/checkout/sessions/cs_open/expire',
      ]);
    });

    it('leaves a session that is no longer open as it is', async () => {
      await expect(provider.expireCheckout('cs_paid')).resolves.toBeUndefined();
    });

    it('rejects when Stripe fails', async () => {
      await expect(provider.expireCheckout('cs_boom')).rejects.toThrow(Stripe.errors.StripeAPIError);
    });
  });

  describe('refundCheckout', () => {
    it("refunds the session's payment intent in full, once per key", async () => {
      expect(await provider.refundCheckout('cs_late', 'refund:cs_late')).toEqual({ refundId: 're_pi_late' });
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'GET /v1/checkout/sessions/cs_late',
        'POST /v1/refunds',
      ]);
      const refund = api.requests[1]!;
      expect(refund.headers['idempotency-key']).toBe('refund:cs_late');
      expect(refund.form).toEqual({
        payment_intent: 'pi_late',
        reason: 'requested_by_customer',
        'metadata[checkoutSession]': 'cs_late',
        'metadata[orderId]': ORDER_ID,
      });
    });

    it("refunds a first month's subscription session through its first invoice's payment", async () => {
      expect(await provider.refundCheckout('cs_late_month', 'refund:cs_late_month')).toEqual({
        refundId: 're_pi_in_late_month',
      });
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'GET /v1/checkout/sessions/cs_late_month',
        'GET /v1/invoice_payments',
        'POST /v1/refunds',
      ]);
      expect(api.requests[1]!.form).toMatchObject({ invoice: 'in_late_month', status: 'paid' });
      expect(api.requests[2]!.form).toMatchObject({ payment_intent: 'pi_in_late_month' });
    });

    it('rejects a session that holds no payment, and refunds nothing', async () => {
      await expect(provider.refundCheckout('cs_open', 'refund:cs_open')).rejects.toThrow(/holds no payment/);
      expect(api.requests.some((r) => r.path === '/v1/refunds')).toBe(false);
    });

    it('rejects when Stripe fails', async () => {
      await expect(provider.refundCheckout('cs_boom', 'refund:cs_boom')).rejects.toThrow(
        Stripe.errors.StripeAPIError,
      );
    });
  });

  describe('orderPaymentOf', () => {
    it("finds a renewal's invoice by the PaymentIntent that paid it, and its order by the subscription's metadata", async () => {
      api.invoices['in_renewal_int'] = {
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: { orderId: ORDER_ID }, subscription: 'sub_active' },
        },
      };
      expect(await provider.orderPaymentOf('pi_in_renewal_int')).toEqual({
        paymentId: 'in_renewal_int',
        orderId: ORDER_ID,
      });
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'GET /v1/checkout/sessions',
        'GET /v1/invoice_payments',
        'GET /v1/invoices/in_renewal_int',
      ]);
    });

    it('finds nothing for a PaymentIntent of no checkout nor invoice of ours', async () => {
      expect(await provider.orderPaymentOf('pi_elsewhere')).toBeNull();
    });
  });

  describe('subscriptions', () => {
    it.each([
      ['sub_active', 'active'],
      ['sub_trialing', 'active'],
      ['sub_past_due', 'past_due'],
      ['sub_unpaid', 'past_due'],
      ['sub_canceled', 'canceled'],
      ['sub_incomplete_expired', 'canceled'],
      ['sub_incomplete', 'other'],
      ['sub_paused', 'other'],
    ])('reads %s as %s, with the period end of its item', async (id, status) => {
      expect(await provider.getSubscription(id)).toEqual({
        status,
        currentPeriodEnd: '2026-01-31T00:00:00.000Z',
      });
    });

    it('cancels at the end of the paid period', async () => {
      expect(await provider.cancelSubscription('sub_active')).toEqual({
        expiresAt: '2026-01-31T00:00:00.000Z',
      });
      const [{ method, path, form }] = api.requests as [(typeof api.requests)[number]];
      expect(`${method} ${path}`).toBe('POST /v1/subscriptions/sub_active');
      expect(form).toEqual({ cancel_at_period_end: 'true' });
    });

    it('ends a subscription now, with no last invoice nor proration', async () => {
      await provider.endSubscriptionNow('sub_active');
      const [{ method, path, form }] = api.requests as [(typeof api.requests)[number]];
      expect(`${method} ${path}`).toBe('DELETE /v1/subscriptions/sub_active');
      expect(form).toEqual({ invoice_now: 'false', prorate: 'false' });
    });

    it('leaves an ended subscription as it is, and rejects when Stripe fails otherwise', async () => {
      await provider.endSubscriptionNow('sub_canceled');
      expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'DELETE /v1/subscriptions/sub_canceled',
        'GET /v1/subscriptions/sub_canceled',
      ]);
      await expect(provider.endSubscriptionNow('sub_boom')).rejects.toThrow(Stripe.errors.StripeError);
    });

    it('starts again an ended subscription: same customer, price and card, first charged at the end of the month paid, once per key', async () => {
      const resumeAt = new Date(Date.now() + 20 * 86_400_000);
      resumeAt.setMilliseconds(0);
      const started = await provider.restartSubscription({
        subscriptionId: 'sub_canceled',
        orderId: ORDER_ID,
        amount: 4_680,
        resumeAt: resumeAt.toISOString(),
        idempotencyKey: 'restart-subscription:evt-1',
      });
      const trialEnd = String(resumeAt.getTime() / 1000);
      expect(started).toEqual({
        subscriptionId: `sub_started_${trialEnd}`,
        currentPeriodEnd: resumeAt.toISOString(),
      });
      const [read, create] = api.requests as [(typeof api.requests)[number], (typeof api.requests)[number]];
      expect(api.requests).toHaveLength(2);
      expect(`${read.method} ${read.path}`).toBe('GET /v1/subscriptions/sub_canceled');
      expect(`${create.method} ${create.path}`).toBe('POST /v1/subscriptions');
      expect(create.form).toEqual({
        customer: 'cus_test_1',
        'items[0][price]': 'price_test_monthly',
        default_payment_method: 'pm_test_card',
        trial_end: trialEnd,
        proration_behavior: 'none',
        'metadata[orderId]': ORDER_ID,
      });
      // Stripe answers a retry with the same key by the subscription it created: one, whatever happens.
      expect(create.headers['idempotency-key']).toBe('restart-subscription:evt-1');
    });

    it('first charges a restart whose month paid has ended an hour from now, not in the past', async () => {
      const before = nowSeconds();
      await provider.restartSubscription({
        subscriptionId: 'sub_canceled',
        orderId: ORDER_ID,
        amount: 4_680,
        resumeAt: '2026-01-31T00:00:00.000Z',
        idempotencyKey: 'restart-subscription:evt-2',
      });
      const trialEnd = Number(api.requests.at(-1)!.form.trial_end);
      expect(trialEnd).toBeGreaterThanOrEqual(before + 3_600);
      expect(trialEnd).toBeLessThanOrEqual(nowSeconds() + 3_600);
    });

    it('rejects a restart when Stripe fails or does not know the subscription, and creates nothing', async () => {
      await expect(
        provider.restartSubscription({
          subscriptionId: 'sub_boom',
          orderId: ORDER_ID,
          amount: 4_680,
          resumeAt: '2026-01-31T00:00:00.000Z',
          idempotencyKey: 'restart-subscription:evt-3',
        }),
      ).rejects.toThrow(Stripe.errors.StripeError);
      await expect(
        provider.restartSubscription({
          subscriptionId: 'nope',
          orderId: ORDER_ID,
          amount: 4_680,
          resumeAt: '2026-01-31T00:00:00.000Z',
          idempotencyKey: 'restart-subscription:evt-4',
        }),
      ).rejects.toThrow(Stripe.errors.StripeInvalidRequestError);
      expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('rejects an unknown subscription', async () => {
      await expect(provider.getSubscription('nope')).rejects.toThrow(Stripe.errors.StripeInvalidRequestError);
    });

    it("opens the billing portal for the subscription's customer", async () => {
      const url = await provider.cardUpdateUrl({
        subscriptionId: 'sub_active',
        orderId: ORDER_ID,
        returnUrl: 'https://coseso.test/espace-client/abonnement',
      });

      expect(url).toBe('https://billing.stripe.com/p/session/test_YWNjdF8x');
      expect(api.requests.map(({ method, path, form }) => ({ call: `${method} ${path}`, form }))).toEqual([
        { call: 'GET /v1/subscriptions/sub_active', form: {} },
        {
          call: 'POST /v1/billing_portal/sessions',
          form: {
            customer: 'cus_test_1',
            return_url: 'https://coseso.test/espace-client/abonnement',
            locale: 'fr',
          },
        },
      ]);
    });

    it('refuses a portal for a subscription of another order', async () => {
      await expect(
        provider.cardUpdateUrl({
          subscriptionId: 'sub_active',
          orderId: 'another-order',
          returnUrl: 'https://x.test',
        }),
      ).rejects.toThrow('does not belong to order another-order');
      expect(api.requests).toHaveLength(1);
    });
  });

  describe('parseWebhook', () => {
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', checkoutSession()), null, 2);
    const sign = (options: Partial<Stripe.WebhookTestHeaderOptions> = {}) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...options });

    it('reads a delivery signed with the endpoint secret', () => {
      expect(provider.parseWebhook(Buffer.from(payload), sign())).toEqual({
        kind: 'checkout_paid',
        eventId: 'evt_test_1',
        paymentId: 'cs_test_a1b2c3',
        orderId: ORDER_ID,
        purpose: 'setup_fee',
        amount: 9480,
        subscriptionId: null,
      });
    });

    it.each([
      ['a forged signature', () => sign({ signature: 'f'.repeat(64) }), payload],
      ['another secret', () => sign({ secret: 'whsec_someone_else' }), payload],
      ['an altered body', () => sign(), payload.replace('9480', '1')],
      ['a stale timestamp', () => sign({ timestamp: nowSeconds() - 301 }), payload],
      ['another scheme', () => sign({ scheme: 'v0' }), payload],
      ['a garbled header', () => 'not a signature', payload],
      ['an empty header', () => '', payload],
      ['no header', () => undefined, payload],
    ])('refuses %s, saying nothing more', (_, header, body) => {
      const parse = () => provider.parseWebhook(Buffer.from(body), header());
      expect(parse).toThrow(InvalidWebhookSignature);
      expect(parse).toThrow(/^Invalid webhook signature$/);
    });
  });
});
