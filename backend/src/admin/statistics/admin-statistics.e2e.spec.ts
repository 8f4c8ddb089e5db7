import { isOrderStream, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { foldOrder } from '@coseso/domain/orders/order-evolve';
import { type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';
import { parisDate } from '@coseso/domain/shared/calendar';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, projected, seedOrder, settled, signInAdmin } from '../testing/back-office.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth } = await signInAdmin(t));
});
afterAll(() => t.close());

/** Every order folded from the log itself (not from any read model). */
async function ordersFromTheLog(): Promise<OrderState[]> {
  const streams = new Map<string, ReturnType<typeof readOrderEvent>[]>();
  for (const event of await t.events()) {
    if (!isOrderStream(event.streamId)) continue;
    streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), readOrderEvent(event)]);
  }
  return [...streams.values()].map((events) => foldOrder(events));
}

/** The eight cards of spec §9, counted over the orders of the log, drafts nobody filled in left out. */
async function countedFromTheLog() {
  const orders = (await ordersFromTheLog()).filter(
    (o) => !(o.status === 'pending' && Object.keys(o.form).length === 0),
  );
  const yearly = (o: OrderState) => o.price?.billingPeriod !== 'monthly';
  const count = (keep: (o: OrderState) => boolean) => orders.filter(keep).length;
  const euros = (cents: number) => Math.round(cents / 100);
  const yearlyRevenueCents = orders
    .filter((o) => yearly(o) && o.finalPaid)
    .reduce((sum, o) => sum + o.firstPayment!.amount + o.finalPayment!.amount, 0);
  // A subscription made up for a month paid offline renews by nothing: not counted.
  const subscribed = (o: OrderState) =>
    o.subscription.status === 'active' && !o.subscription.id?.startsWith('offline-');
  const mrrCents = orders.filter(subscribed).reduce((sum, o) => sum + o.subscription.monthlyWithVat!, 0);
  return {
    totalOrders: orders.length,
    activeSubscriptions: count(subscribed),
    yearlyDepositPaid: count((o) => yearly(o) && o.depositPaid && o.status !== 'cancelled'),
    delivered: count((o) => o.status === 'delivered'),
    inRevision: count((o) => ['en_revision', 'revision_changes_requested'].includes(o.status)),
    yearlyRevenue: euros(yearlyRevenueCents),
    yearlyRevenueCents,
    monthlyRecurringRevenue: euros(mrrCents),
    monthlyRecurringRevenueCents: mrrCents,
    awaitingPayment: count(
      (o) =>
        !o.contactErasedAt &&
        (['awaiting_balance_payment', 'awaiting_first_monthly_payment'].includes(o.status) ||
          (!o.depositPaid && o.status !== 'cancelled')),
    ),
  };
}

async function statistics() {
  await settled(t);
  await projected(t);
  return (await t.http.get('/api/admin/statistics').set(auth).expect(200)).body;
}

describe('GET /api/admin/statistics', () => {
  it('starts at zero', async () => {
    expect(await statistics()).toEqual(await countedFromTheLog());
    expect((await statistics()).totalOrders).toBe(0);
  });

  it('equals a count made directly from the events, and follows each admin action', async () => {
    for (const billing of ['yearly', 'monthly'] as const)
      for (const status of orderStatuses.filter(
        (s: OrderStatus) =>
          !(billing === 'yearly' && s === 'awaiting_first_monthly_payment') &&
          !(billing === 'monthly' && s === 'awaiting_balance_payment'),
      ))
        await seedOrder(t, status, { billing });
    for (let n = 0; n < 4; n++) await seedOrder(t, 'pending'); // empty drafts: counted nowhere
    await t.http.post('/api/create-order').send({ companyName: 'Plomberie Martin' }).expect(201);

    const counted = await countedFromTheLog();
    expect(await statistics()).toEqual(counted);
    expect(counted).toMatchObject({ delivered: 2, inRevision: 4, activeSubscriptions: 2 });
    // 12 statuses per plan, whose pending one is an empty draft, and the filled-in draft.
    expect(counted.totalOrders).toBe(2 * 11 + 1);
    expect(counted.yearlyRevenue).toBeGreaterThan(0);
    expect(counted.monthlyRecurringRevenueCents).toBeGreaterThan(0);

    // Each action moves the cards by the order's change, in the same transaction as the list.
    const ready = await seedOrder(t, 'ready_for_delivery');
    const balance = await seedOrder(t, 'awaiting_balance_payment');
    const review = await seedOrder(t, 'en_revision');
    await t.http
      .post(`/api/admin/orders/${ready.orderId}/finalize-delivery`)
      .set(auth)
      .send({ deliveryUrl: 'https://site.fr' })
      .expect(200);
    await t.http
      .patch(`/api/admin/orders/${balance.orderId}/status`)
      .set(auth)
      .send({
        status: 'ready_for_delivery',
        paymentReference: 'VIR-2026-118',
        paymentDate: parisDate(new Date().toISOString()),
        paymentMeans: 'transfer',
      })
      .expect(200);
    await t.http
      .patch(`/api/admin/orders/${review.orderId}/status`)
      .set(auth)
      .send({ status: 'cancelled', reason: 'Le client renonce' })
      .expect(200);
    const after = await statistics();
    expect(after).toEqual(await countedFromTheLog());
    expect(after.delivered).toBe(counted.delivered + 1);
    expect(after.inRevision).toBe(counted.inRevision);
    expect(after.totalOrders).toBe(counted.totalOrders + 3);
  }, 300_000); // every status of both rhythms, each settled: minutes on a busy machine
});
