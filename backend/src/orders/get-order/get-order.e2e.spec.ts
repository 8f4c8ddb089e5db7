import { type TestApp, startTestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

describe('GET /api/orders/:id', () => {
  it('shows the client its own write at once when it names the position (read-your-writes)', async () => {
    for (let i = 0; i < 20; i++) {
      const { body } = await t.http
        .post('/api/create-order')
        .send({ companyName: `Société ${i}` })
        .expect(201);
      const order = await t.http
        .get(`/api/orders/${body.orderId}`)
        .set('X-Min-Position', String(body.position))
        .expect(200);
      expect(order.headers['x-projection-behind']).toBeUndefined();
      expect(order.body).toMatchObject({
        id: body.orderId,
        status: 'pending',
        currentStep: 1,
        companyName: `Société ${i}`,
      });
    }
  });

  it('answers the order with the spec’s field names', async () => {
    const { body } = await t.http.post('/api/create-order').send({}).expect(201);
    const order = await t.http
      .get(`/api/orders/${body.orderId}`)
      .set('X-Min-Position', String(body.position))
      .expect(200);
    expect(Object.keys(order.body)).toEqual(
      expect.arrayContaining([
        'id',
        'orderNumber',
        'status',
        'currentStep',
        'depositPaid',
        'finalPaid',
        'formCompleted',
        'exportEligibleAt',
        'createdAt',
      ]),
    );
  });

  it('does not wait for a position that names no event', async () => {
    const { body } = await t.http.post('/api/create-order').send({}).expect(201);
    await t.http.get(`/api/orders/${body.orderId}`).set('X-Min-Position', String(body.position)).expect(200);
    const started = Date.now();
    await t.http.get(`/api/orders/${body.orderId}`).set('X-Min-Position', '999999999999').expect(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers 404 "Commande introuvable" for an id that names no order', async () => {
    const response = await t.http.get('/api/orders/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f').expect(404);
    expect(response.body).toEqual({ message: 'Commande introuvable', code: 'ORDER.NOT_FOUND' });
  });

  it.each(['not-an-id', "1' or '1'='1"])(
    'answers 400 in French for %j, which cannot be an order id',
    async (id) => {
      const response = await t.http.get(`/api/orders/${encodeURIComponent(id)}`).expect(400);
      expect(response.body).toEqual({
        message: 'orderId : Identifiant invalide',
        code: 'REQUEST.INVALID',
        fields: { orderId: 'Identifiant invalide' },
      });
    },
  );

  it('ignores an X-Min-Position that is not a position', async () => {
    const { body } = await t.http.post('/api/create-order').send({}).expect(201);
    // Once the order is projected, a meaningless header neither fails the read nor makes it wait.
    await t.http.get(`/api/orders/${body.orderId}`).set('X-Min-Position', String(body.position)).expect(200);
    const started = Date.now();
    const response = await t.http
      .get(`/api/orders/${body.orderId}`)
      .set('X-Min-Position', 'soon')
      .expect(200);
    expect(response.body.id).toBe(body.orderId);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
