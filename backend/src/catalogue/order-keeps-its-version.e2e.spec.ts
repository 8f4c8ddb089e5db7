import { ADMIN_ENV, signInAdmin } from '../admin/testing/back-office.js';
import { completeForm, completedOrder } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';

// An order keeps the catalogue version it was priced at: one completed and paid at version 1 keeps
// its amounts when version 2 raises the price; a draft whose recap showed version 1 is told, before
// paying, that the prices changed, and is priced at version 2 once the visitor has seen it.

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
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

it('a paid order keeps version 1’s amounts; a draft spanning the raise is told at the recap, then priced at version 2', async () => {
  const paidId = await completedOrder(t, { catalogueVersion: 1 });
  const before = await completion(paidId);
  // Site Vitrine 348 € + SEO 249 € + domain 15 € per year, AI logo 99 € and training 270 € once.
  expect(before).toMatchObject({
    catalogueVersion: 1,
    price: { totalAmount: 98_100, totalWithVat: 117_720 },
  });
  const payment = await t.http.post(`/api/orders/${paidId}/payment-annual`).expect(200);
  await t.http
    .post(`/api/sandbox/checkout/${String(payment.body.paymentUrl).split('/').pop()}/pay`)
    .expect(200);

  const { body: draft } = await t.http.post('/api/create-order').send({}).expect(201);
  await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 }],
      reason: 'Hausse des coûts d’hébergement',
    })
    .expect(201);

  const told = await t.http
    .post(`/api/orders/${draft.orderId}/complete`)
    .send({ ...completeForm(), catalogueVersion: 1 })
    .expect(409);
  expect(told.body.code).toBe('ORDER.PRICES_CHANGED');
  expect(told.body.message).toMatch(
    /^Nos tarifs ont changé depuis votre récapitulatif \(version 2 du catalogue/,
  );

  await t.http
    .post(`/api/orders/${draft.orderId}/complete`)
    .send({ ...completeForm(), catalogueVersion: 2 })
    .expect(200);
  expect(await completion(draft.orderId)).toMatchObject({
    catalogueVersion: 2,
    price: { totalAmount: 98_100 + 12 * 300 },
  });

  // The paid order: the same recorded price, and its order page says so.
  expect(await completion(paidId)).toEqual(before);
  const order = (await t.http.get(`/api/orders/${paidId}`).expect(200)).body;
  expect(order.price).toMatchObject({ totalAmount: 98_100, totalWithVat: 117_720 });
});

it('an order started from /pricing after a raise records the amounts of the version in force', async () => {
  await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ kind: 'templatePrice', template: 'ecommerce', monthlyBaseHT: 8_900, launchFeeHT: 16_900 }],
      reason: 'Nouvelle grille E-commerce',
    })
    .expect(201);

  const recorded = async (selection: object) => {
    const { body } = await t.http.post('/api/create-order').send(selection).expect(201);
    const order = await t.http
      .get(`/api/orders/${body.orderId}`)
      .set('X-Min-Position', String(body.position))
      .expect(200);
    return order.body as { totalAmount: number; totalWithVat: number; basePrice: number };
  };
  // Version 1 priced E-commerce 79 € a month (948 € a year) and 149 € to set up.
  expect(await recorded({ planType: 'one-time', selectedTemplate: 'ecommerce' })).toMatchObject({
    totalAmount: 12 * 8_900,
    totalWithVat: 12 * 8_900 * 1.2,
    basePrice: 12 * 8_900,
  });
  expect(
    await recorded({ planType: 'subscription', subscriptionPlan: 'premium', billingCycle: 'monthly' }),
  ).toMatchObject({ totalAmount: 16_900, totalWithVat: 20_280, basePrice: 12 * 8_900 });
});

it('the wizard’s domain check quotes the domain price of the version in force', async () => {
  await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ kind: 'domainPrice', extension: '.eu', priceHT: 1_400 }],
      reason: 'Nouveau tarif du registre .eu',
    })
    .expect(201);
  // Version 1 sold a .eu domain 12 € HT a year.
  const { body } = await t.http
    .post('/api/check-domain')
    .send({ domain: 'boulangerie-martin.eu' })
    .expect(200);
  expect(body).toMatchObject({ domain: 'boulangerie-martin.eu', price: 1_400 });
});
