import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import Stripe from 'stripe';
import { ADMIN_ENV, seedOrder, settled, signInAdmin } from '../../admin/testing/back-office.js';
import { completeForm, completedOrder, eventually, typesOf } from '../../testing/order-journey.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { type LocalStripeApi, startLocalStripeApi } from './testing/local-stripe-api.js';
import {
  charge,
  checkoutSession,
  invoice,
  invoiceLine,
  stripeEvent,
  subscription,
} from './testing/stripe-objects.js';
import { BACKGROUND_WAIT_MS } from '../../testing/waits.js';

const WEBHOOK_SECRET = 'whsec_e2e_local_secret';
let stripe: LocalStripeApi;
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  stripe = await startLocalStripeApi();
  t = await startTestApp({
    ...ADMIN_ENV,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
  });
  admin = (await signInAdmin(t)).auth;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const DEPOSIT = 58_860; // half of 1 177,20 € TTC

function signed(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

const deliver = ({ payload, signature }: { payload: string; signature: string }) =>
  t.http
    .post('/api/payments/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(payload);

/** The order opened this Stripe checkout (a payment counts only on a checkout its order opened). */
const opened = (orderId: string, paymentId: string, purpose: 'deposit' | 'first_month', amount: number) =>
  runOrderCommands(
    t.app,
    orderId,
    { kind: 'visitor', id: orderId },
    {
      type: 'StartCheckout',
      purpose,
      amount,
      provider: 'stripe',
      paymentId,
      url: `https://checkout.stripe.com/c/pay/${paymentId}`,
      expiresAt: null,
    },
  );

describe('with Stripe configured', () => {
  it('opens a Checkout Session for the amount due and records the payment its webhook reports, once', async () => {
    const orderId = await completedOrder(t);
    const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    expect(body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(created.headers.authorization).toBe('Bearer sk_test_e2e');
    expect(created.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': String(DEPOSIT),
      'line_items[0][price_data][currency]': 'eur',
      'metadata[orderId]': orderId,
      'metadata[purpose]': 'deposit',
      customer_email: 'claire@boulangerie-martin.fr',
    });
    expect(created.form.success_url).toBe(
      `${t.config.PUBLIC_URL}/payment-success/${orderId}?type=deposit&provider=stripe&payment={CHECKOUT_SESSION_ID}`,
    );

    const completed = signed(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({
          id: 'cs_test_created',
          amount_total: DEPOSIT,
          metadata: { orderId, purpose: 'deposit' },
        }),
        'evt_e2e_deposit',
      ),
    );
    await deliver(completed).expect(200, { received: true, outcome: 'recorded' });
    await deliver(completed).expect(200, { received: true, outcome: 'duplicate' });

    const events = await t.orderEvents(orderId);
    expect(typesOf(events).filter((type) => type === 'DepositPaid')).toHaveLength(1);
    expect(events.find((e) => e.type === 'DepositPaid')!.data).toEqual({
      payment: { provider: 'stripe', paymentId: 'cs_test_created', providerEventId: 'evt_e2e_deposit' },
      amount: DEPOSIT,
    });
  });

  it('credits the invoice of a deposit Stripe refunds, in part then in full, once whatever the deliveries', async () => {
    const orderId = await completedOrder(t);
    await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    const paid = signed(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({
          id: 'cs_test_created',
          amount_total: DEPOSIT,
          payment_intent: 'pi_test_created',
          metadata: { orderId, purpose: 'deposit' },
        }),
        `evt_e2e_paid_${orderId}`,
      ),
    );
    await deliver(paid).expect(200, { received: true, outcome: 'recorded' });
    stripe.paid.push({
      id: 'cs_test_created',
      payment_intent: 'pi_test_created',
      amount_total: DEPOSIT,
      metadata: { orderId, purpose: 'deposit' },
    });
    const refunded = (total: number, eventId: string) =>
      signed(
        stripeEvent(
          'charge.refunded',
          charge({
            id: 'ch_created',
            amount: DEPOSIT,
            amount_refunded: total,
            refunded: total === DEPOSIT,
            payment_intent: 'pi_test_created',
          }),
          eventId,
        ),
      );
    const partial = refunded(20_000, `evt_e2e_partial_${orderId}`);
    await deliver(partial).expect(200, { received: true, outcome: 'recorded' });
    await deliver(partial).expect(200, { received: true, outcome: 'duplicate' });
    await deliver(refunded(DEPOSIT, `evt_e2e_full_${orderId}`)).expect(200, {
      received: true,
      outcome: 'recorded',
    });
    const listed = stripe.requests.find((r) => r.method === 'GET' && r.path === '/v1/checkout/sessions')!;
    expect(listed.form).toMatchObject({ payment_intent: 'pi_test_created' });

    const refunds = (await t.orderEvents(orderId)).filter((e) => e.type === 'PaymentRefunded');
    expect(refunds.map((e) => (e.data as { amount: number }).amount)).toEqual([20_000, DEPOSIT - 20_000]);
    await settled(t);
    expect(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)).toBe(true);
    const { body } = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    const [deposit, ...credits] = body.invoices as {
      number: string;
      kind: string;
      totalWithVat: number;
      corrects: string | null;
    }[];
    expect(deposit).toMatchObject({ kind: 'deposit_invoice', totalWithVat: DEPOSIT });
    // Two refunds the reactors read in one batch are credited by jobs that run side by side: the
    // credit notes are numbered in the order they were issued, not necessarily the refunds'.
    expect(credits).toHaveLength(2);
    expect(credits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'credit_note', corrects: deposit!.number, totalWithVat: 20_000 }),
        expect.objectContaining({
          kind: 'credit_note',
          corrects: deposit!.number,
          totalWithVat: DEPOSIT - 20_000,
        }),
      ]),
    );
  });

  it("credits the first month's invoice when Stripe refunds its subscription's first payment", async () => {
    const { orderId } = await seedOrder(t, 'awaiting_first_monthly_payment');
    const due = (await t.orderEvents(orderId)).findLast((e) => e.type === 'FinalPaymentRequested')!.data as {
      amount: number;
    };
    const session = {
      id: 'cs_first_month',
      mode: 'subscription' as const,
      amount_total: due.amount,
      payment_intent: null,
      invoice: 'in_first_month',
      subscription: 'sub_active',
      metadata: { orderId, purpose: 'first_month' },
    };
    stripe.paid.push(session);
    await opened(orderId, 'cs_first_month', 'first_month', due.amount);
    await deliver(
      signed(stripeEvent('checkout.session.completed', checkoutSession(session), `evt_e2e_month_${orderId}`)),
    ).expect(200, { received: true, outcome: 'recorded' });
    // Its money is the subscription's first invoice's PaymentIntent, which no session names.
    const refunded = charge({
      id: 'ch_first_month',
      amount: due.amount,
      amount_refunded: due.amount,
      refunded: true,
      payment_intent: 'pi_in_first_month',
    });
    await deliver(signed(stripeEvent('charge.refunded', refunded, `evt_e2e_month_refund_${orderId}`))).expect(
      200,
      { received: true, outcome: 'recorded' },
    );

    await settled(t);
    expect(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)).toBe(true);
    const { body } = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    const listed = body.invoices as {
      number: string;
      kind: string;
      totalWithVat: number;
      corrects: string | null;
    }[];
    const month = listed.find((i) => i.kind === 'invoice' && i.totalWithVat === due.amount)!;
    expect(listed.filter((i) => i.kind === 'credit_note')).toEqual([
      expect.objectContaining({ corrects: month.number, totalWithVat: due.amount }),
    ]);
  });

  it("credits a renewal's invoice for the part Stripe refunds, the refund reported before the renewal being delivered again until it is in", async () => {
    const { orderId } = await seedOrder(t, 'ready_for_delivery', { billing: 'monthly' });
    // The set-up fee's and first month's invoices are issued before the renewal's.
    await settled(t);
    const started = (await t.orderEvents(orderId)).find((e) => e.type === 'SubscriptionStarted')!.data as {
      subscriptionId: string;
      monthlyAmount: number;
    };
    const month = started.monthlyAmount;
    // The renewal's invoice, paid by its PaymentIntent, as Stripe holds it: no checkout names it.
    const invoiceId = `in_renewal_${orderId.slice(0, 8)}`;
    const renewalInvoice = {
      id: invoiceId,
      billing_reason: 'subscription_cycle' as const,
      amount_paid: month,
      parent: {
        type: 'subscription_details' as const,
        quote_details: null,
        subscription_details: { metadata: { orderId }, subscription: started.subscriptionId },
      },
      lines: {
        object: 'list' as const,
        data: [invoiceLine({ amount: month })],
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
    };
    stripe.invoices[invoiceId] = renewalInvoice;
    const refund = signed(
      stripeEvent(
        'charge.refunded',
        charge({
          id: `ch_${invoiceId}`,
          amount: month,
          amount_refunded: 1_000,
          payment_intent: `pi_${invoiceId}`,
        }),
        `evt_e2e_renewal_refund_${orderId}`,
      ),
    );

    // Reported before the renewal's invoice.paid: not acknowledged, so that Stripe delivers it again.
    const early = await deliver(refund).expect(409);
    expect(early.body).toMatchObject({ code: 'ORDER.PAYMENT_NOT_RECORDED_YET' });
    expect(typesOf(await t.orderEvents(orderId))).not.toContain('PaymentRefunded');

    await deliver(
      signed(stripeEvent('invoice.paid', invoice(renewalInvoice), `evt_e2e_renewal_${orderId}`)),
    ).expect(200, { received: true, outcome: 'recorded' });
    // Stripe's redelivery of the same event, once the renewal is in.
    await deliver(refund).expect(200, { received: true, outcome: 'recorded' });
    await deliver(refund).expect(200, { received: true, outcome: 'duplicate' });
    // Found by the invoice its PaymentIntent paid.
    expect(
      stripe.requests.some(
        (r) =>
          r.method === 'GET' &&
          r.path === '/v1/invoice_payments' &&
          r.form['payment[payment_intent]'] === `pi_${invoiceId}`,
      ),
    ).toBe(true);

    const refunds = (await t.orderEvents(orderId)).filter((e) => e.type === 'PaymentRefunded');
    expect(refunds.map((e) => e.data)).toEqual([
      {
        purpose: 'renewal',
        payment: {
          provider: 'stripe',
          paymentId: invoiceId,
          providerEventId: `evt_e2e_renewal_refund_${orderId}`,
        },
        amount: 1_000,
        refundId: `ch_${invoiceId}@1000`,
        reason: 'Remboursement partiel effectué chez le prestataire de paiement',
      },
    ]);
    await settled(t);
    expect(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)).toBe(true);
    const { body } = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    const listed = body.invoices as {
      number: string;
      kind: string;
      totalWithVat: number;
      corrects: string | null;
    }[];
    // The renewal's invoice is the order's last one (set-up fee, first month, renewal).
    const credits = listed.filter((i) => i.kind === 'credit_note');
    const renewal = listed.filter((i) => i.kind === 'invoice').at(-1)!;
    expect(renewal.totalWithVat).toBe(month);
    expect(credits).toEqual([expect.objectContaining({ corrects: renewal.number, totalWithVat: 1_000 })]);
  });

  it('refuses a delivery signed with another secret', async () => {
    const orderId = await completedOrder(t);
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSession({ metadata: { orderId, purpose: 'deposit' } }),
    );
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    await deliver({ payload, signature: forged }).expect(400);
    expect(typesOf(await t.orderEvents(orderId))).not.toContain('DepositPaid');
  });

  it('expires the Checkout Session of an order changed, before the change is answered', async () => {
    const orderId = await completedOrder(t);
    await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    stripe.requests.splice(0);
    await t.http
      .post(`/api/orders/${orderId}/complete`)
      .send(completeForm({ selectedTemplate: 'ecommerce' }))
      .expect(200);
    expect(stripe.requests.map(({ method, path }) => `${method} ${path}`)).toContain(
      'POST /v1/checkout/sessions/cs_test_created/expire',
    );
  });

  it('refunds a session paid after the order changed, and notes the refund on the order once', async () => {
    const orderId = await completedOrder(t);
    await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    await opened(orderId, 'cs_late', 'deposit', DEPOSIT);
    await t.http
      .post(`/api/orders/${orderId}/complete`)
      .send(completeForm({ selectedTemplate: 'ecommerce' }))
      .expect(200);
    stripe.requests.splice(0);

    // cs_late was paid at the old amount while the order changed: Stripe reports it afterwards.
    const late = signed(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({
          id: 'cs_late',
          amount_total: DEPOSIT,
          payment_intent: 'pi_late',
          metadata: { orderId, purpose: 'deposit' },
        }),
        'evt_e2e_late',
      ),
    );
    await deliver(late).expect(200, { received: true, outcome: 'refused' });
    await settled(t);
    const refund = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')!;
    expect(refund.form).toMatchObject({ payment_intent: 'pi_late', reason: 'requested_by_customer' });
    expect(refund.headers['idempotency-key']).toBe('refund:cs_late');

    await deliver(late).expect(200, { received: true, outcome: 'duplicate' });
    const events = await t.orderEvents(orderId);
    expect(typesOf(events)).not.toContain('DepositPaid');
    expect(events.filter((e) => e.type === 'PaymentRefunded').map((e) => e.data)).toEqual([
      {
        purpose: 'deposit',
        payment: { provider: 'stripe', paymentId: 'cs_late', providerEventId: 'evt_e2e_late' },
        amount: DEPOSIT,
        refundId: 're_pi_late',
        reason: expect.stringMatching(/^Montant inattendu : 58860 centimes reçus pour \d+ dus\.$/) as unknown,
      },
    ]);
  });

  it('ends the subscription of a first month paid after the order was cancelled, refunds it, and notes it once', async () => {
    const { orderId } = await seedOrder(t, 'awaiting_first_monthly_payment');
    const due = (await t.orderEvents(orderId)).findLast((e) => e.type === 'FinalPaymentRequested')!.data as {
      amount: number;
    };
    await opened(orderId, 'cs_late_month', 'first_month', due.amount);
    await runOrderCommands(
      t.app,
      orderId,
      { kind: 'admin', id: 'e2e-admin' },
      { type: 'CancelOrder', reason: 'Le client renonce' },
    );
    stripe.requests.splice(0);

    // cs_late_month was paid on the link the client still had open: the subscription runs at Stripe.
    const late = signed(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({
          id: 'cs_late_month',
          mode: 'subscription',
          amount_total: 4_212,
          payment_intent: null,
          invoice: 'in_late_month',
          subscription: 'sub_active',
          metadata: { orderId, purpose: 'first_month' },
        }),
        'evt_e2e_late_month',
      ),
    );
    await deliver(late).expect(200, { received: true, outcome: 'refused' });
    await settled(t);
    const calls = stripe.requests.map(({ method, path }) => `${method} ${path}`);
    // Ended before the refund, or a renewal could charge again between the two.
    expect(calls.indexOf('DELETE /v1/subscriptions/sub_active')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('DELETE /v1/subscriptions/sub_active')).toBeLessThan(
      calls.indexOf('POST /v1/refunds'),
    );
    const refund = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')!;
    expect(refund.form).toMatchObject({ payment_intent: 'pi_in_late_month' });
    expect(refund.headers['idempotency-key']).toBe('refund:cs_late_month');

    await deliver(late).expect(200, { received: true, outcome: 'duplicate' });
    const events = await t.orderEvents(orderId);
    expect(typesOf(events)).not.toContain('FirstMonthlyPaymentPaid');
    expect(typesOf(events)).not.toContain('SubscriptionStarted');
    expect(events.filter((e) => e.type === 'PaymentRefunded').map((e) => e.data)).toEqual([
      {
        purpose: 'first_month',
        payment: { provider: 'stripe', paymentId: 'cs_late_month', providerEventId: 'evt_e2e_late_month' },
        amount: 4_212,
        refundId: 're_pi_in_late_month',
        reason: expect.stringMatching(/statut « Annulé »\.$/) as unknown,
      },
    ]);
  });

  it('ends at Stripe the running subscription of an order the team cancels, once, and ignores its ended notice', async () => {
    const { orderId } = await seedOrder(t, 'ready_for_delivery', { billing: 'monthly' });
    const before = (await t.orderEvents(orderId)).length;
    await runOrderCommands(
      t.app,
      orderId,
      { kind: 'admin', id: 'e2e-admin' },
      { type: 'CancelOrder', reason: 'Le client renonce' },
    );
    expect(typesOf(await t.orderEvents(orderId)).slice(before)).toEqual([
      'OrderCancelled',
      'SubscriptionCancelled',
    ]);

    // The fixture's subscription is sub_1: the job ends it now (DELETE), not at the period's end.
    const ended = () =>
      stripe.requests.filter((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_1');
    await eventually(async () => ended().length > 0);
    expect(
      stripe.requests.filter((r) => r.path === '/v1/subscriptions/sub_1' && r.method === 'POST'),
    ).toEqual([]);

    // Stripe then says it ended: the order recorded it already, nothing new.
    const notice = signed(
      stripeEvent(
        'customer.subscription.deleted',
        subscription({ id: 'sub_1', status: 'canceled', metadata: { orderId } }),
        'evt_e2e_sub_1_deleted',
      ),
    );
    await deliver(notice).expect(200, { received: true, outcome: 'ignored' });
    // (The account reactor links the seeded order to its client meanwhile: only the subscription's events are counted.)
    const subscriptionEvents = typesOf(await t.orderEvents(orderId)).filter((type) =>
      type.startsWith('Subscription'),
    );
    expect(subscriptionEvents.slice(-2)).toEqual(['SubscriptionStarted', 'SubscriptionCancelled']);
    expect(ended()).toHaveLength(1);
  });

  it('refuses a delivery signed more than five minutes in the future', async () => {
    const orderId = await completedOrder(t);
    const payload = JSON.stringify(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({
          id: 'cs_test_created',
          amount_total: DEPOSIT,
          metadata: { orderId, purpose: 'deposit' },
        }),
        'evt_e2e_future',
      ),
    );
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3_600,
    });
    const refused = await deliver({ payload, signature }).expect(400);
    expect(refused.body).toMatchObject({ code: 'WEBHOOK.INVALID_SIGNATURE' });
    expect(typesOf(await t.orderEvents(orderId))).not.toContain('DepositPaid');
  });

  it('reads payment statuses from Stripe, and has no sandbox', async () => {
    await t.http.get('/api/stripe/payment/cs_paid').expect(200, { status: 'paid' });
    await t.http.get('/api/stripe/payment/cs_open').expect(200, { status: 'open' });
    await t.http.get('/api/stripe/payment/cs_expired').expect(200, { status: 'expired' });
    await t.http.get('/api/stripe/payment/cs_boom').expect(502);
    await t.http.get('/api/sandbox/payment/cs_paid').expect(404);
    await t.http.get('/api/sandbox/checkout/cs_sandbox_000000000000000000000000').expect(404);
    await t.http.post('/api/payments/sandbox/webhook').send({}).expect(404);
  });
});
