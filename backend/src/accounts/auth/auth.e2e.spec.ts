import request from 'supertest';
import { projected } from '../../admin/testing/back-office.js';
import { EmailService } from '../../emails/email-service.js';
import { completedOrder, eventually, typesOf } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const PASSWORD = 'croissant-au-beurre';

async function mailTo(email: string, template: string, after = new Date(0)) {
  return eventually(async () =>
    (await t.app.get(EmailService).mailbox(200)).find(
      (e) => e.to === email && e.template === template && e.sentAt > after,
    ),
  );
}

const tokenIn = (text: string) => decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);

/** An order paid by `email`: its client account exists and the set-password email is out. */
async function paidOrder(email: string) {
  const orderId = await completedOrder(t, { contactEmail: email });
  const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${body.paymentUrl.split('/').pop()}/pay`).expect(200);
  const mail = await mailTo(email, 'account-created');
  // The order was linked to the account before its email went out: the client's list shows it once projected.
  await projected(t);
  return { orderId, token: tokenIn(mail.text) };
}

describe('the client account', () => {
  it('is opened by the set-password link, then signs in and out', async () => {
    const email = 'claire@compte.example';
    const { orderId, token } = await paidOrder(email);
    const agent = request.agent(t.app.getHttpServer());

    // The page checks its link on load, which does not use it.
    await t.http.post('/api/auth/check-token').send({ token }).expect(200, { valid: true });
    await t.http.post('/api/auth/check-token').send({ token }).expect(200);

    const set = await agent.post('/api/auth/set-password').send({ token, password: PASSWORD }).expect(200);
    expect(set.body.user).toMatchObject({ email, firstName: 'Claire', lastName: 'Martin' });
    const cookie = set.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^coseso_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    await agent.get('/api/auth/user').expect(200);
    const { body: orders } = await agent.get('/api/client/orders').expect(200);
    expect(orders.map((o: { id: string }) => o.id)).toEqual([orderId]);

    // The link worked once, and now says so before any password is typed.
    await t.http
      .post('/api/auth/set-password')
      .send({ token, password: 'un autre mot de passe' })
      .expect(400);
    const used = await t.http.post('/api/auth/check-token').send({ token }).expect(400);
    expect(used.body).toEqual({
      code: 'AUTH.INVALID_TOKEN',
      message: 'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».',
    });

    await agent.post('/api/auth/logout').expect(200);
    await agent.get('/api/auth/user').expect(401);
    await agent.get('/api/client/orders').expect(401);

    const wrong = await agent.post('/api/auth/login').send({ email, password: 'pas le bon' }).expect(401);
    expect(wrong.body.message).toBe('Email ou mot de passe incorrect');
    const login = await agent
      .post('/api/auth/login')
      .send({ email: ' CLAIRE@compte.example ', password: PASSWORD })
      .expect(200);
    expect(login.body.user.email).toBe(email);
    await agent.get('/api/auth/user').expect(200);

    const events = await t.store.readStream(`client-${login.body.user.id}`);
    expect(typesOf(events)).toEqual(['ClientAccountCreated', 'ClientPasswordSet']);
  });

  it('checks the login form as the page does', async () => {
    const bad = await t.http
      .post('/api/auth/login')
      .send({ email: 'pas-un-email', password: 'x' })
      .expect(400);
    expect(bad.body.fields).toMatchObject({
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
  });

  it('answers the same to a forgotten password whether or not the account exists, and the reset link works once', async () => {
    const email = 'oubli@compte.example';
    const { token } = await paidOrder(email);
    const agent = request.agent(t.app.getHttpServer());
    await agent.post('/api/auth/set-password').send({ token, password: PASSWORD }).expect(200);

    const before = new Date();
    const known = await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
    const unknown = await t.http
      .post('/api/auth/forgot-password')
      .send({ email: 'personne@compte.example' })
      .expect(200);
    expect(unknown.body).toEqual(known.body);

    const reset = await mailTo(email, 'password-reset', before);
    await t.http
      .post('/api/auth/set-password')
      .send({ token: tokenIn(reset.text), password: 'nouveau-mot-de-passe' })
      .expect(200);
    // A new password ends the sessions opened with the old one.
    await agent.get('/api/auth/user').expect(401);
    await t.http.post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
    await t.http.post('/api/auth/login').send({ email, password: 'nouveau-mot-de-passe' }).expect(200);
  });

  it('ends the other links when a password is set: an old set-password link cannot undo a reset', async () => {
    const email = 'lien-ancien@compte.example';
    const { token: welcome } = await paidOrder(email); // never used: the client asks for a reset instead
    const before = new Date();
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
    const reset = await mailTo(email, 'password-reset', before);
    await t.http
      .post('/api/auth/set-password')
      .send({ token: tokenIn(reset.text), password: PASSWORD })
      .expect(200);

    await t.http
      .post('/api/auth/set-password')
      .send({ token: welcome, password: 'mot-de-passe-pirate' })
      .expect(400);
    await t.http.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
  });

  it('refuses a cookie-carrying write from another site', async () => {
    await t.http
      .post('/api/auth/logout')
      .set('cookie', 'coseso_session=abc')
      .set('origin', 'https://evil.example')
      .expect(403);
  });
});

describe('the contract', () => {
  it('is shown to its client and signed with a typed name and acceptance', async () => {
    const email = 'contrat@compte.example';
    const { orderId, token } = await paidOrder(email);
    const agent = request.agent(t.app.getHttpServer());
    await agent.post('/api/auth/set-password').send({ token, password: PASSWORD }).expect(200);

    const contract = await eventually(async () => {
      const response = await agent.get(`/api/client/orders/${orderId}/contract`);
      return response.status === 200 ? response.body : null;
    });
    expect(contract.html).toContain('Boulangerie Martin');
    expect(contract.html).toContain('Acompte à la commande : 588,60\u00a0€ TTC');
    expect(contract.signed).toBe(false);

    const refused = await agent
      .post(`/api/client/orders/${orderId}/contract/sign`)
      .send({ signerName: 'Claire Martin', accepted: false, documentSha256: contract.documentSha256 })
      .expect(400);
    expect(refused.body.message).toContain('Vous devez accepter le contrat pour le signer');
    await agent
      .post(`/api/client/orders/${orderId}/contract/sign`)
      .send({ signerName: 'Claire Martin', accepted: true, documentSha256: 'f'.repeat(64) })
      .expect(409);

    const signed = await agent
      .post(`/api/client/orders/${orderId}/contract/sign`)
      .send({ signerName: 'Claire Martin', accepted: true, documentSha256: contract.documentSha256 })
      .expect(200);
    expect(signed.body.status).toBe('contract_signed');
    const event = (await t.orderEvents(orderId)).find((e) => e.type === 'ContractSigned')!;
    expect(event.data).toMatchObject({
      signerName: 'Claire Martin',
      documentSha256: contract.documentSha256,
      ip: expect.any(String),
    });

    // Another client sees nothing of it.
    const other = await paidOrder('autre@compte.example');
    const stranger = request.agent(t.app.getHttpServer());
    await stranger
      .post('/api/auth/set-password')
      .send({ token: other.token, password: PASSWORD })
      .expect(200);
    await stranger.get(`/api/client/orders/${orderId}/contract`).expect(404);
  });
});

describe('rate limits', () => {
  let strict: TestApp;
  beforeAll(async () => (strict = await startTestApp({ RATE_LIMIT_MULTIPLIER: '1' })));
  afterAll(() => strict.close());

  it('stops password guessing after 10 tries', async () => {
    for (let i = 0; i < 10; i++) {
      await strict.http
        .post('/api/auth/login')
        .send({ email: 'cible@compte.example', password: `essai-${i}` })
        .expect(401);
    }
    await strict.http
      .post('/api/auth/login')
      .send({ email: 'cible@compte.example', password: 'essai-10' })
      .expect(429);
  });
});
