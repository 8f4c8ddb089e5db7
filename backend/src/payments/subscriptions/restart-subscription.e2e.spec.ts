import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../../admin/testing/back-office.js';
import { paidOrderWithSignedInClient } from '../../testing/client-order.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../../testing/waits.js';
import { untilFinalPaymentAsked } from '../../write-side/testing/order-commands.js';

// Decision 132, end to end over HTTP with the sandbox provider: a monthly order ready for delivery,
// its first month paid through the subscription checkout, cancelled by the team with no refund (its
// subscription ends with it, at the provider too), then reactivated: it resumes ready for delivery,
// the subscription starts again at the provider, charged from the end of the month already paid, its
// renewals invoiced on the order, and « Vérifier les comptes » finds no break.

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = (await signInAdmin(t)).auth;
}, 600_000);
afterAll(() => t.close());

const checkoutIdOf = (url: string) => url.split('/').pop()!;
const patchStatus = (orderId: string, body: object) =>
  t.http.patch(`/api/admin/orders/${orderId}/status`).set(admin).send(body);
const sandboxSubscription = async (id: string) =>
  (await t.http.get(`/api/sandbox/subscriptions/${id}`).expect(200)).body as {
    status: string;
    currentPeriodEnd: string;
  };

interface Started {
  type: string;
  data: { subscriptionId: string; currentPeriodEnd: string; monthlyAmount: number };
}

describe('a monthly order cancelled ready for delivery, then reactivated', () => {
  it('starts its subscription again from the end of the month paid, renews it on the order, and the books balance', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'reprise@epicerie-coteaux.fr', 'monthly');
    await untilFinalPaymentAsked(t.app, orderId);
    const link = await agent.post(`/api/orders/${orderId}/payment-first-month`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);
    const first = (await t.orderEvents(orderId)).find((e) => e.type === 'SubscriptionStarted') as Started;
    const paidUntil = first.data.currentPeriodEnd;

    // Cancelled with no refund: the order keeps its money, its subscription ends with it at once.
    await patchStatus(orderId, { status: 'cancelled', reason: 'Le client renonce', refund: false }).expect(
      200,
    );
    await eventually(async () =>
      (await sandboxSubscription(first.data.subscriptionId)).status === 'canceled' ? true : null,
    );

    // Reactivated where it was: ready for delivery, its first month held.
    const reactivated = await patchStatus(orderId, {
      status: 'ready_for_delivery',
      reason: 'Le client reprend',
    }).expect(200);
    expect(reactivated.body.order).toMatchObject({ status: 'ready_for_delivery' });

    // The subscription starts again at the provider and on the order, once, from the month paid.
    const restarted = await eventually(async () => {
      const started = (await t.orderEvents(orderId)).filter((e) => e.type === 'SubscriptionStarted');
      return started.length === 2 ? (started[1] as Started) : null;
    });
    await settled(t);
    expect((await t.orderEvents(orderId)).filter((e) => e.type === 'SubscriptionStarted')).toHaveLength(2);
    expect(restarted).toMatchObject({
      metadata: { actor: { kind: 'system' } },
      data: { monthlyAmount: first.data.monthlyAmount, currentPeriodEnd: paidUntil },
    });
    expect(restarted.data.subscriptionId).not.toBe(first.data.subscriptionId);
    expect(await sandboxSubscription(restarted.data.subscriptionId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: paidUntil,
    });

    // The client area and the panel say it runs.
    const area = await eventually(async () => {
      const { body } = await agent.get(`/api/client/orders/${orderId}`).expect(200);
      return body.subscriptionStatus === 'active' ? body : null;
    });
    expect(area).toMatchObject({
      status: 'ready_for_delivery',
      subscriptionId: restarted.data.subscriptionId,
      nextPaymentDate: paidUntil,
    });

    // Its first charge, at the end of the month paid, is a renewal of the order, invoiced.
    await t.http.post(`/api/sandbox/subscriptions/${restarted.data.subscriptionId}/renew`).expect(200);
    const renewed = await eventually(
      async () => (await t.orderEvents(orderId)).find((e) => e.type === 'SubscriptionRenewed') ?? null,
    );
    expect(renewed.data).toMatchObject({
      subscriptionId: restarted.data.subscriptionId,
      amount: first.data.monthlyAmount,
      // The provider's period, in whole seconds as Stripe's events carry it.
      currentPeriodStart: new Date(Math.floor(Date.parse(paidUntil) / 1000) * 1000).toISOString(),
    });
    await settled(t);
    if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
      throw new Error('the invoices read model did not catch up');
    const { body } = await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200);
    // The setup fee's, the first month's and the renewal's; nothing credited.
    expect(body.invoices.map((i: { kind: string }) => i.kind)).not.toContain('credit_note');
    expect(body.invoices.at(-1)).toMatchObject({ totalWithVat: first.data.monthlyAmount });

    // « Vérifier les comptes »: no break over the log.
    const auditor = await signInAuditor(t);
    const books = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
    expect(books.body).toMatchObject({ ok: true, breaks: [], numbering: [] });
  }, 240_000);
});
