import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { completedOrder, eventually, typesOf } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { signInAuditor } from './testing/back-office.js';

let t: TestApp;
beforeAll(
  async () =>
    (t = await startTestApp({ ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' })),
);
afterAll(() => t.close());

async function login(): Promise<string> {
  const { body } = await t.http
    .post('/api/admin/login')
    .send({ email: 'admin@coseso.test', password: 'un-secret-de-test' })
    .expect(200);
  expect(body).toMatchObject({
    success: true,
    message: 'Connexion réussie',
    user: { email: 'admin@coseso.test', role: 'admin' },
  });
  return body.token;
}

describe('the back-office login', () => {
  it('gives a token to the first admin, checks it, and ends it at logout', async () => {
    const refused = await t.http
      .post('/api/admin/login')
      .send({ email: 'admin@coseso.test', password: 'faux' })
      .expect(401);
    expect(refused.body.message).toBe('Mot de passe incorrect');
    await t.http.post('/api/admin/login').send({ password: 'un-secret-de-test' }).expect(400);

    const token = await login();
    const auth = { authorization: `Bearer ${token}` };
    await t.http
      .get('/api/admin/check')
      .set(auth)
      .expect(200)
      .expect(({ body }) => expect(body.isAuthenticated).toBe(true));
    await t.http.post('/api/admin/logout').set(auth).expect(200);
    await t.http.get('/api/admin/check').set(auth).expect(200, { isAuthenticated: false, user: null });
    await t.http.get('/api/test/email').set(auth).expect(401);
  });
});

describe('the email-test page calls', () => {
  it('are refused without a back-office token', async () => {
    await t.http.get('/api/test/email').expect(401);
    await t.http.post('/api/test/email/send').send({ email: 'x@y.fr' }).expect(401);
    await t.http.get('/api/test/mailbox').expect(401);
    await t.http.get('/api/orders').expect(401);
    await t.http.get('/api/orders').set('authorization', 'Bearer not-a-real-token-at-all-000').expect(401);
  });

  it('are read-only for an auditor, who cannot open the mailbox and its live links', async () => {
    const auth = await signInAuditor(t);
    await t.http.get('/api/test/email').set(auth).expect(200);
    await t.http.get('/api/orders').set(auth).expect(200);
    await t.http.get('/api/test/mailbox').set(auth).expect(403);
    await t.http.post('/api/test/email/send').set(auth).send({ email: 'x@y.fr' }).expect(403);
  });

  it('show the email mode, send a test email and list it in the dev mailbox', async () => {
    const auth = { authorization: `Bearer ${await login()}` };
    const { body: status } = await t.http.get('/api/test/email').set(auth).expect(200);
    expect(status).toMatchObject({ configured: false, mode: 'dev-mailbox' });

    await t.http.post('/api/test/email/send').set(auth).send({ email: 'pas-un-email' }).expect(400);
    const sent = await t.http
      .post('/api/test/email/send')
      .set(auth)
      .send({ email: 'test@coseso.test' })
      .expect(200);
    expect(sent.body.success).toBe(true);
    const mailbox = await eventually(async () => {
      const { body } = await t.http.get('/api/test/mailbox').set(auth).expect(200);
      return body.emails.find((e: { to: string }) => e.to === 'test@coseso.test');
    });
    expect(mailbox.template).toBe('test-email');
  });

  it('list the latest orders and send the contract email of one', async () => {
    const auth = { authorization: `Bearer ${await login()}` };
    const orderId = await completedOrder(t, { contactEmail: 'liste@coseso.test' });
    const { body: orders } = await eventually(async () => {
      const response = await t.http.get('/api/orders').set(auth).expect(200);
      // The list is a read model: it shows the completed order a moment after the write.
      return response.body.some(
        (o: { id: string; contactEmail: string }) => o.id === orderId && o.contactEmail,
      )
        ? response
        : null;
    });
    expect(orders[0]).toMatchObject({
      id: orderId,
      contactEmail: 'liste@coseso.test',
      companyName: 'Boulangerie Martin',
    });
    // The same amount names as the order itself: totalAmount HT, totalWithVat TTC.
    const { body: order } = await t.http.get(`/api/orders/${orderId}`).expect(200);
    expect(orders[0]).toMatchObject({
      totalAmount: order.price.totalAmount,
      totalWithVat: order.price.totalWithVat,
    });
    expect(orders[0].totalWithVat).toBeGreaterThan(orders[0].totalAmount);

    const unpaid = await t.http.post(`/api/test/contract-email/${orderId}`).set(auth).expect(409);
    expect(unpaid.body).toEqual({
      code: ErrorCode.CONTRACT_NOT_ISSUED,
      message: "Le contrat de cette commande n'existe pas encore : il est établi après le premier paiement.",
    });

    const { body: link } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    const paymentId = new URL(link.paymentUrl as string).pathname.split('/').pop()!;
    await t.http.post(`/api/sandbox/checkout/${paymentId}/pay`).expect(200);
    await eventually(async () => typesOf(await t.orderEvents(orderId)).includes('ContractIssued'));
    const { body } = await t.http.post(`/api/test/contract-email/${orderId}`).set(auth).expect(200);
    expect(body).toMatchObject({ success: true, order: { id: orderId } });
    await eventually(async () => {
      const { body: box } = await t.http.get('/api/test/mailbox').set(auth).expect(200);
      return box.emails.find(
        (e: { to: string; template: string }) =>
          e.to === 'liste@coseso.test' && e.template === 'contract-to-sign',
      );
    });
  });
});
