import { randomUUID } from 'node:crypto';
import { emailAddressMessages } from '@coseso/domain/shared/email-address';
import { completeForm } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

describe('GET /api/check-email', () => {
  it('says whether a client account already uses the email', async () => {
    expect(
      (await t.http.get('/api/check-email').query({ email: 'claire@martin.fr' }).expect(200)).body,
    ).toEqual({
      exists: false,
      valid: true,
      message: 'Adresse email disponible',
    });

    const clientId = randomUUID();
    const { position } = await t.store.appendToStream(
      `client-${clientId}`,
      [
        {
          type: 'ClientAccountCreated',
          schemaVersion: 1,
          data: {
            clientId,
            email: 'claire@martin.fr',
            firstName: 'Claire',
            lastName: 'Martin',
            firstOrderId: randomUUID(),
          },
          metadata: {
            actor: { kind: 'system', id: 'test' },
            commandId: 'c',
            correlationId: 'c',
            causationId: 'c',
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const found = await t.http
      .get('/api/check-email')
      .query({ email: ' Claire@Martin.FR ' })
      .set('X-Min-Position', String(position))
      .expect(200);
    expect(found.body).toEqual({
      exists: true,
      valid: true,
      message: 'Un compte client existe déjà avec cette adresse email',
    });
  });

  it('does not look up an address that cannot be one', async () => {
    const { body } = await t.http.get('/api/check-email').query({ email: 'claire@' }).expect(200);
    expect(body).toMatchObject({ exists: false, valid: false, message: 'Email invalide' });
  });

  it('refuses an accented address, as the mailer would, before any order can be paid', async () => {
    const accented = 'contact.x@crêperie-bretonne.fr';
    const { body } = await t.http.get('/api/check-email').query({ email: accented }).expect(200);
    expect(body).toEqual({ exists: false, valid: false, message: emailAddressMessages.notAscii });

    // Step 2 cannot be passed with it: the order is never completed, so no payment link is given.
    const { body: draft } = await t.http.post('/api/create-order').send({}).expect(201);
    const refused = await t.http
      .post(`/api/orders/${draft.orderId}/complete`)
      .send(completeForm({ contactEmail: accented }))
      .expect(400);
    expect(refused.body.fields).toEqual({ contactEmail: emailAddressMessages.notAscii });
    await t.http.post(`/api/orders/${draft.orderId}/payment-annual`).expect(409);
    // Nor typed on the landing page.
    const landing = await t.http.post('/api/create-order').send({ contactEmail: accented }).expect(400);
    expect(landing.body.fields).toEqual({ contactEmail: emailAddressMessages.notAscii });
  });

  it('answers 400 without an email', async () => {
    const response = await t.http.get('/api/check-email').expect(400);
    expect(response.body.fields.email).toEqual(expect.any(String));
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => (limited = await startTestApp({ RATE_LIMIT_MULTIPLIER: '1' })));
  afterAll(() => limited.close());

  it('refuses the 31st email check of a minute with a French 429 and Retry-After', async () => {
    for (let i = 0; i < 30; i++)
      await limited.http
        .get('/api/check-email')
        .query({ email: `a${i}@b.fr` })
        .expect(200);
    const refused = await limited.http.get('/api/check-email').query({ email: 'x@b.fr' }).expect(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^Trop de requêtes\. Veuillez réessayer dans \d+ s\.$/),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses the 21st order created in ten minutes from one address', async () => {
    for (let i = 0; i < 20; i++) await limited.http.post('/api/create-order').send({}).expect(201);
    await limited.http.post('/api/create-order').send({}).expect(429);
    await limited.http.post('/api/orders').send({}).expect(429);
  });
});
