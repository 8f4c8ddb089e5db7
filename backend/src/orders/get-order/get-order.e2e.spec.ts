import { personalFormFields } from '@coseso/event-schemas/personal-fields';
import { paidOrderWithSignedInClient, signedInClientWithOrder } from '../../testing/client-order.js';
import { completeForm, completedOrder } from '../../testing/order-journey.js';
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

describe('personal data read by the order id alone', () => {
  const personal = {
    companyName: 'Boulangerie Martin',
    companyAddress: '12 rue des Lilas\n75012 Paris',
    contactFirstName: 'Claire',
    contactLastName: 'Martin',
    contactPhone: '06 12 34 56 78',
    clientRemarks: 'Appeler après 18 h',
  };
  const withheld = (body: Record<string, unknown>) =>
    [...personalFormFields, 'reviewFeedback'].filter(
      (field) => body[field] !== undefined && body[field] !== null,
    );

  it('shows the wizard its answers before the first payment', async () => {
    const orderId = await completedOrder(t, personal);
    const { body } = await t.http.get(`/api/orders/${orderId}`).expect(200);
    expect(body).toMatchObject({
      ...personal,
      contactEmail: completeForm().contactEmail,
      depositPaid: false,
    });
  });

  it('answers no personal field once the order is paid, while its client reads them all, signed in', async () => {
    const email = 'claire.paid@boulangerie-martin.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    // The anonymous reader is the attacker: a link found in a history, an email, a log.
    const client = await agent.get(`/api/client/orders/${orderId}`).expect(200);
    expect(client.body).toMatchObject({
      contactEmail: email,
      companyName: 'Boulangerie Martin',
      depositPaid: true,
    });

    const anonymous = await t.http.get(`/api/orders/${orderId}`).expect(200);
    expect(anonymous.body).toMatchObject({ id: orderId, depositPaid: true, status: client.body.status });
    expect(withheld(anonymous.body)).toEqual([]);
    // The fields that were filled are named, not given: the page says « Masqué », not « Non renseigné ».
    expect(anonymous.body.hiddenFields).toEqual(
      expect.arrayContaining(['companyName', 'companyAddress', 'contactFirstName', 'contactEmail']),
    );
    expect(anonymous.body.hiddenFields).not.toContain('contactPosition');
    // What the confirmation and payment result pages need is still there.
    expect(anonymous.body.price).toEqual(client.body.price);
    expect(anonymous.body.orderNumber).toBe(client.body.orderNumber);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('hides the review feedback and the contact of an order that belongs to a client', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'en_revision', personal);
    const review = await t.http
      .post(`/api/client/orders/${orderId}/review`)
      .set('cookie', cookie)
      .send({ reviewStatus: 'changes_requested', reviewFeedback: 'Le logo de Claire, plus grand' })
      .expect(200);
    // Read-your-writes: both reads wait for the read model to hold the review.
    const after = { 'x-min-position': String(review.headers['x-event-position']) };
    const client = await t.http
      .get(`/api/client/orders/${orderId}`)
      .set({ cookie, ...after })
      .expect(200);
    expect(client.body).toMatchObject({ reviewFeedback: 'Le logo de Claire, plus grand', ...personal });

    const anonymous = await t.http.get(`/api/orders/${orderId}`).set(after).expect(200);
    expect(anonymous.body).toMatchObject({ reviewStatus: 'changes_requested', reviewFeedback: null });
    expect(withheld(anonymous.body)).toEqual([]);
  });
});

describe('the brief notes are the team’s', () => {
  it('are in no answer of the client area', async () => {
    // signedInClientWithOrder validates the brief with the notes « Complet ».
    const { orderId, cookie } = await signedInClientWithOrder(t, 'en_revision');
    const last = { 'x-min-position': String((await t.orderEvents(orderId)).at(-1)!.position) };
    const one = await t.http
      .get(`/api/client/orders/${orderId}`)
      .set({ cookie, ...last })
      .expect(200);
    const list = await t.http
      .get('/api/client/orders')
      .set({ cookie, ...last })
      .expect(200);
    expect(one.body.briefValidatedByAdmin).toBe(true);
    expect(one.body).not.toHaveProperty('briefNotes');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('briefNotes');
  });
});
