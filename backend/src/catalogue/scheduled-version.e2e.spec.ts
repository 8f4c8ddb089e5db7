import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { ADMIN_ENV, settled, signInAdmin } from '../admin/testing/back-office.js';
import { completeForm, completedOrder } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../testing/waits.js';

// A catalogue version scheduled for a later date goes live at that date on the app's Clock: until
// then the wizard prices at version 1; from then a new draft is priced at version 2, one whose recap
// showed version 1 is told before paying, and an order completed at version 1 keeps version 1's
// amounts through its payment and its invoice.

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date();
const clock = new ManualClock(start);
const goesLive = new Date(start.getTime() + DAY_MS).toISOString();

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV, { clock });
  admin = (await signInAdmin(t)).auth;
});
afterAll(() => t.close());

const completion = async (orderId: string) => {
  const events = await t.store.readStream(`order-${orderId}`);
  return events.find((e) => e.type === 'OrderFormCompleted')!.data as {
    catalogueVersion: number;
    price: { totalAmount: number; totalWithVat: number; depositWithVat: number };
  };
};
const inForce = async () => (await t.http.get('/api/catalogue').expect(200)).body as { version: number };
const draftCompletedAt = (catalogueVersion: number, status: number) =>
  t.http
    .post('/api/create-order')
    .send({})
    .expect(201)
    .then(({ body }) =>
      t.http
        .post(`/api/orders/${body.orderId}/complete`)
        .send({ ...completeForm(), catalogueVersion })
        .expect(status)
        .then((answer) => ({ orderId: body.orderId as string, answer })),
    );

it('prices at version 1 until the scheduled version 2’s date, at version 2 from it; the order completed at version 1 pays and is invoiced at version 1', async () => {
  const unpaidId = await completedOrder(t, { catalogueVersion: 1 });
  const v1 = await completion(unpaidId);
  // Site Vitrine 348 € + SEO 249 € + domain 15 € per year, AI logo 99 € and training 270 € once.
  expect(v1).toMatchObject({ catalogueVersion: 1, price: { totalAmount: 98_100 } });

  const scheduled = await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 }],
      reason: 'Hausse des coûts d’hébergement au 1er du mois',
      effectiveFrom: goesLive,
    })
    .expect(201);
  expect(scheduled.body.version).toMatchObject({ version: 2, effectiveFrom: goesLive });

  // The day before: the wizard still reads, and prices at, version 1.
  expect(await inForce()).toMatchObject({ version: 1 });
  const before = await draftCompletedAt(1, 200);
  expect(await completion(before.orderId)).toEqual(v1);

  clock.set(new Date(Date.parse(goesLive) + 60_000));
  expect(await inForce()).toMatchObject({ version: 2 });
  const told = await draftCompletedAt(1, 409);
  expect(told.answer.body.code).toBe('ORDER.PRICES_CHANGED');
  expect(told.answer.body.message).toMatch(
    /^Nos tarifs ont changé depuis votre récapitulatif \(version 2 du catalogue/,
  );
  const after = await draftCompletedAt(2, 200);
  expect(await completion(after.orderId)).toMatchObject({
    catalogueVersion: 2,
    price: { totalAmount: 98_100 + 12 * 300 },
  });

  // The order completed at version 1, paid once version 2 is live: version 1's deposit, and invoice.
  const payment = await t.http.post(`/api/orders/${unpaidId}/payment-annual`).expect(200);
  await t.http
    .post(`/api/sandbox/checkout/${String(payment.body.paymentUrl).split('/').pop()}/pay`)
    .expect(200);
  expect(await completion(unpaidId)).toEqual(v1);
  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  const { body } = await t.http.get(`/api/admin/orders/${unpaidId}/invoices`).set(admin).expect(200);
  expect(body.invoices).toEqual([
    expect.objectContaining({ kind: 'deposit_invoice', totalWithVat: v1.price.depositWithVat }),
  ]);
  const order = (await t.http.get(`/api/orders/${unpaidId}`).expect(200)).body;
  expect(order.price).toMatchObject({ totalAmount: 98_100, totalWithVat: v1.price.totalWithVat });
}, 240_000);
