import { type TestApp, startTestApp } from '../../testing/test-app.js';

const landing = {
  companyName: '',
  companySector: '',
  companyDescription: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

describe('POST /api/create-order', () => {
  it('starts an empty order from the landing page and answers its id and log position', async () => {
    const response = await t.http.post('/api/create-order').send(landing).expect(201);
    expect(response.body.orderId).toMatch(UUID);
    expect(response.body.position).toEqual(expect.any(Number));
    expect(response.headers['x-event-position']).toBe(String(response.body.position));

    const events = await t.orderEvents(response.body.orderId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'OrderDraftCreated',
      data: { orderId: response.body.orderId, source: 'landing', form: landing },
      metadata: { actor: { kind: 'visitor' } },
    });
    expect((events[0]!.data as { orderNumber: number }).orderNumber).toBeGreaterThan(1000);
  });

  it('gives every order its own number', async () => {
    const numbers = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const { body } = await t.http.post('/api/create-order').send(landing).expect(201);
      const order = await t.http
        .get(`/api/orders/${body.orderId}`)
        .set('X-Min-Position', String(body.position))
        .expect(200);
      numbers.add(order.body.orderNumber);
    }
    expect(numbers.size).toBe(3);
  });

  it('accepts an empty body as the landing page’s empty order', async () => {
    await t.http.post('/api/create-order').send({}).expect(201);
  });

  it('records the plan chosen on the pricing page, with amounts recomputed by the server', async () => {
    const { body } = await t.http
      .post('/api/create-order')
      .send({
        planType: 'subscription',
        subscriptionPlan: 'premium',
        selectedTemplate: 'business',
        billingCycle: 'monthly',
        totalAmount: 1,
        basePrice: 1,
      })
      .expect(201);
    const order = await t.http
      .get(`/api/orders/${body.orderId}`)
      .set('X-Min-Position', String(body.position))
      .expect(200);
    // The plan preselects its template and rhythm; the amounts are those of that choice in the wizard.
    expect(order.body).toMatchObject({
      planType: 'subscription',
      subscriptionPlan: 'premium',
      billingCycle: 'monthly',
      selectedTemplate: 'ecommerce',
      billingPeriod: 'monthly',
      totalAmount: 14_900, // the E-commerce launch fee HT, not the browser's 1
      totalWithVat: 17_880,
      basePrice: 94_800,
    });

    const oneTime = await t.http
      .post('/api/create-order')
      .send({
        planType: 'one-time',
        subscriptionPlan: null,
        selectedTemplate: 'ecommerce',
        billingCycle: null,
        totalAmount: 5,
        basePrice: 5,
      })
      .expect(201);
    const ecommerce = await t.http
      .get(`/api/orders/${oneTime.body.orderId}`)
      .set('X-Min-Position', String(oneTime.body.position))
      .expect(200);
    expect(ecommerce.body).toMatchObject({
      planType: 'one-time',
      selectedTemplate: 'ecommerce',
      billingPeriod: 'yearly',
      totalAmount: 94_800,
      totalWithVat: 113_760,
    });
  });

  it('refuses an annual subscription, which nothing sells', async () => {
    await t.http
      .post('/api/create-order')
      .send({ planType: 'subscription', subscriptionPlan: 'business', billingCycle: 'yearly' })
      .expect(400);
  });

  it('creates one order for a request retried with the same idempotency key', async () => {
    const first = await t.http
      .post('/api/create-order')
      .set('Idempotency-Key', 'retry-key-0001')
      .send(landing)
      .expect(201);
    const again = await t.http
      .post('/api/create-order')
      .set('Idempotency-Key', 'retry-key-0001')
      .send(landing)
      .expect(201);
    expect(again.body).toEqual(first.body);
    expect(await t.orderEvents(first.body.orderId)).toHaveLength(1);
  });

  it.each([
    [
      'an unknown plan',
      { planType: 'subscription', subscriptionPlan: 'gold', billingCycle: 'monthly' },
      'subscriptionPlan',
    ],
    ['a plan type of another kind', { planType: 'lifetime' }, 'planType'],
    ['a one-time plan without template', { planType: 'one-time' }, 'selectedTemplate'],
    ['a field of the wrong type', { companyName: 42 }, 'companyName'],
    ['a company name far too long', { companyName: 'x'.repeat(201) }, 'companyName'],
  ])('answers 400 with a French message for %s, and writes nothing', async (_, body, field) => {
    const before = (await t.events()).length;
    const response = await t.http.post('/api/create-order').send(body).expect(400);
    expect(response.body).toMatchObject({ code: 'REQUEST.INVALID', fields: { [field]: expect.any(String) } });
    expect(response.body.message).toMatch(/[a-zé]/);
    expect(response.body.message).not.toMatch(/Invalid|Expected|Required/);
    expect((await t.events()).length).toBe(before);
  });

  it('answers 400 in French to malformed JSON and to a bad idempotency key', async () => {
    const malformed = await t.http
      .post('/api/create-order')
      .set('Content-Type', 'application/json')
      .send('{"companyName": ')
      .expect(400);
    expect(malformed.body).toEqual({
      message: 'Requête invalide : JSON mal formé',
      code: 'REQUEST.MALFORMED_JSON',
    });
    const badKey = await t.http
      .post('/api/create-order')
      .set('Idempotency-Key', 'a b')
      .send(landing)
      .expect(400);
    expect(badKey.body.code).toBe('REQUEST.INVALID_IDEMPOTENCY_KEY');
  });
});

describe('routes that do not exist', () => {
  it('answer 404 in JSON, in French', async () => {
    const response = await t.http.get('/api/nothing-here').expect(404);
    expect(response.body).toEqual({ message: 'Ressource introuvable', code: 'HTTP.404' });
  });
});
