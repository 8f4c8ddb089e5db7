import { type TestApp, startTestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

async function newOrder(): Promise<string> {
  const { body } = await t.http.post('/api/create-order').send({}).expect(201);
  return body.orderId;
}
const eventsOf = (orderId: string) => t.orderEvents(orderId);

describe('POST /api/orders/:id/progress', () => {
  it('records only the fields that changed, with the step', async () => {
    const orderId = await newOrder();
    const first = await t.http
      .post(`/api/orders/${orderId}/progress`)
      .send({
        step: 2,
        companyName: 'Boulangerie Martin',
        companySector: 'Boulangerie',
        contactEmail: '' /* unchanged */,
      })
      .expect(200);
    expect(first.body).toEqual({ saved: true, position: expect.any(Number) });
    expect(first.headers['x-event-position']).toBe(String(first.body.position));

    await t.http
      .post(`/api/orders/${orderId}/progress`)
      .send({
        step: 3,
        companyName: 'Boulangerie Martin',
        companySector: 'Pâtisserie',
        contactEmail: '',
        additionalOptions: { seoOptimizations: true },
      })
      .expect(200);
    const saved = (await eventsOf(orderId)).filter((e) => e.type === 'WizardStepSaved').map((e) => e.data);
    expect(saved).toEqual([
      { currentStep: 2, changes: { companyName: 'Boulangerie Martin', companySector: 'Boulangerie' } },
      {
        currentStep: 3,
        changes: { companySector: 'Pâtisserie', additionalOptions: { seoOptimizations: true } },
      },
    ]);

    const order = await t.http
      .get(`/api/orders/${orderId}`)
      .set('X-Min-Position', String(first.body.position + 1))
      .expect(200);
    expect(order.body).toMatchObject({
      currentStep: 3,
      companyName: 'Boulangerie Martin',
      companySector: 'Pâtisserie',
      additionalOptions: { seoOptimizations: true },
    });
  });

  it("records no visitor's address with a draft's saves (it proves nothing there)", async () => {
    const orderId = await newOrder();
    await t.http.post(`/api/orders/${orderId}/progress`).send({ step: 1, companyName: 'A' }).expect(200);
    await t.http.post(`/api/orders/${orderId}/form`).send({ companyName: 'B' }).expect(200);
    const saves = (await eventsOf(orderId)).filter((e) => e.type === 'WizardStepSaved');
    expect(saves).toHaveLength(2);
    for (const save of saves) expect(save.metadata).not.toHaveProperty('ip');
    const created = (await eventsOf(orderId)).find((e) => e.type !== 'WizardStepSaved');
    expect(created?.metadata).toHaveProperty('ip'); // where it is recorded, the test app has one
  });

  it('appends nothing when nothing changed', async () => {
    const orderId = await newOrder();
    const payload = { step: 2, companyName: 'Martin' };
    await t.http.post(`/api/orders/${orderId}/progress`).send(payload).expect(200);
    const before = await eventsOf(orderId);
    const again = await t.http.post(`/api/orders/${orderId}/progress`).send(payload).expect(200);
    expect(again.body).toEqual({ saved: false, position: null });
    expect(again.headers['x-event-position']).toBeUndefined();
    expect(await eventsOf(orderId)).toHaveLength(before.length);
  });

  it('ignores what the browser says about status, prices and payments', async () => {
    const orderId = await newOrder();
    await t.http
      .post(`/api/orders/${orderId}/progress`)
      .send({
        step: 8,
        companyName: 'Martin',
        status: 'delivered',
        formCompleted: true,
        depositPaid: true,
        totalAmount: 1,
        price: { totalAmount: 1 },
      })
      .expect(200);
    const [, saved] = await eventsOf(orderId);
    expect(saved!.data).toEqual({ currentStep: 8, changes: { companyName: 'Martin' } });
    const order = await t.http
      .get(`/api/orders/${orderId}`)
      .set('X-Min-Position', String(saved!.position))
      .expect(200);
    expect(order.body).toMatchObject({
      status: 'pending',
      formCompleted: false,
      depositPaid: false,
      price: null,
    });
  });

  it('applies a save retried with the same idempotency key once', async () => {
    const orderId = await newOrder();
    const send = (companyName: string) =>
      t.http
        .post(`/api/orders/${orderId}/progress`)
        .set('Idempotency-Key', 'save-0000000001')
        .send({ companyName })
        .expect(200);
    const first = await send('Martin');
    const retried = await send('Martin');
    expect(retried.body.position).toBe(first.body.position);
    expect((await eventsOf(orderId)).filter((e) => e.type === 'WizardStepSaved')).toHaveLength(1);
  });

  it('keeps every change when saves race each other', async () => {
    const orderId = await newOrder();
    const fields = [
      'companyName',
      'companySector',
      'companyAddress',
      'contactFirstName',
      'contactLastName',
      'contactPosition',
      'contactPhone',
      'socialMedia',
    ];
    const responses = await Promise.all(
      fields.map((field) =>
        t.http.post(`/api/orders/${orderId}/progress`).send({ [field]: `valeur ${field}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(fields.map(() => 200));
    const last = Math.max(...responses.map((r) => r.body.position));
    const order = await t.http.get(`/api/orders/${orderId}`).set('X-Min-Position', String(last)).expect(200);
    for (const field of fields) expect(order.body[field]).toBe(`valeur ${field}`);
  });

  it.each([
    ['a step out of range', { step: 9 }, 'step'],
    ['an unknown template', { selectedTemplate: 'blog' }, 'selectedTemplate'],
    ['a colour that is not hex', { primaryColor: 'blue' }, 'primaryColor'],
    [
      'an option flag that is not a boolean',
      { additionalOptions: { aiChatbot: 'yes' } },
      'additionalOptions.aiChatbot',
    ],
    ['an unknown option flag', { additionalOptions: { freeMoney: true } }, 'additionalOptions.freeMoney'],
  ])('answers 400 with a French message for %s, and writes nothing', async (_, body, field) => {
    const orderId = await newOrder();
    const before = await eventsOf(orderId);
    const response = await t.http.post(`/api/orders/${orderId}/progress`).send(body).expect(400);
    expect(response.body.code).toBe('REQUEST.INVALID');
    expect(response.body.fields[field]).toEqual(expect.any(String));
    expect(response.body.message).not.toMatch(/Invalid|Expected|Unrecognized/);
    expect(await eventsOf(orderId)).toHaveLength(before.length);
  });

  it('answers 404 for an order that does not exist, and 400 for an id that cannot be one', async () => {
    const missing = await t.http
      .post('/api/orders/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f/progress')
      .send({ companyName: 'x' })
      .expect(404);
    expect(missing.body).toEqual({ message: 'Commande introuvable', code: 'ORDER.NOT_FOUND' });
    await t.http.post('/api/orders/not-an-id/progress').send({ companyName: 'x' }).expect(400);
  });
});
