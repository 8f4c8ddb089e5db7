import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { EmailService } from '../../emails/email-service.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, signInAdmin, signInAuditor } from '../testing/back-office.js';

let t: TestApp;
let auth: { authorization: string };
let adminId: string;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth, adminId } = await signInAdmin(t));
});
afterAll(() => t.close());

const correct = (orderId: string, body: object, as: Record<string, string> = auth) =>
  t.http.post(`/api/admin/orders/${orderId}/contact-email`).set(as).send(body);

const accountEmail = (to: string) =>
  eventually(async () =>
    (await t.app.get(EmailService).mailbox(200)).find((e) => e.to === to && e.template === 'account-created'),
  );

/** A yearly order paid in the sandbox by a client who has not chosen a password yet. */
async function paidOrder(email: string) {
  const orderId = await completedOrder(t, { contactEmail: email });
  const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${body.paymentUrl.split('/').pop()}/pay`).expect(200);
  await accountEmail(email);
  const clientId = await eventually(() => t.app.get(AccountStore).clientOfEmail(email));
  return { orderId, clientId };
}

describe('POST /api/admin/orders/:orderId/contact-email', () => {
  it('moves a paid client’s login to the corrected address and sends the account email there', async () => {
    const { orderId, clientId } = await paidOrder('claire@atelier-martn.example');
    const { body } = await correct(orderId, {
      email: ' Claire@Atelier-Martin.example ',
      reason: 'Faute de frappe, confirmée par téléphone',
    }).expect(200);
    expect(body.order).toMatchObject({ contactEmail: 'claire@atelier-martin.example', clientId });

    const events = await t.orderEvents(orderId);
    expect(events.at(-1)).toMatchObject({
      type: 'ContactEmailCorrected',
      data: { email: 'claire@atelier-martin.example', reason: 'Faute de frappe, confirmée par téléphone' },
      metadata: { actor: { kind: 'admin', id: adminId } },
    });
    const accounts = t.app.get(AccountStore);
    expect(await accounts.clientOfEmail('claire@atelier-martin.example')).toBe(clientId);
    expect(await accounts.clientOfEmail('claire@atelier-martn.example')).toBeNull();

    // The set-password link of the new email works, and opens the account at the new address.
    const email = await accountEmail('claire@atelier-martin.example');
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(email.text)![1]!);
    await t.http
      .post('/api/auth/set-password')
      .send({ token, password: 'un mot de passe solide' })
      .expect(200);
    await t.http
      .post('/api/auth/login')
      .send({ email: 'claire@atelier-martin.example', password: 'un mot de passe solide' })
      .expect(200);

    // The history says it, in French.
    const { body: history } = await t.http.get(`/api/admin/orders/${orderId}/history`).set(auth).expect(200);
    expect(JSON.stringify(history)).toContain(
      'Email du contact corrigé : claire@atelier-martin.example (Faute de frappe, confirmée par téléphone)',
    );
  });

  it('corrects the address of an order not paid yet, whose account will be opened there', async () => {
    const orderId = await completedOrder(t, { contactEmail: 'hugo@boulangerie.example' });
    const { body } = await correct(orderId, {
      email: 'hugo.petit@boulangerie.example',
      reason: 'Le client a changé d’adresse',
    }).expect(200);
    expect(body.order).toMatchObject({ contactEmail: 'hugo.petit@boulangerie.example', clientId: null });
  });

  it('refuses an invalid or unchanged address, a missing reason, another account’s address and an auditor', async () => {
    const orderId = await completedOrder(t, { contactEmail: 'lea@fleurs.example' });
    expect((await correct(orderId, { email: 'pas-un-email', reason: 'x' }).expect(400)).body).toMatchObject({
      fields: { email: expect.stringMatching(/^Email invalide/) },
    });
    expect(
      (await correct(orderId, { email: 'lea@fleurs.example', reason: 'x' }).expect(400)).body,
    ).toMatchObject({
      message: "C'est déjà l'email de cette commande.",
    });
    expect(
      (await correct(orderId, { email: 'lea@roses.example', reason: ' ' }).expect(400)).body,
    ).toMatchObject({
      fields: { reason: 'Le motif de la correction est requis' },
    });

    const other = await paidOrder('paul@atelier.example');
    const mine = await paidOrder('paula@atelier.example');
    const refused = await correct(mine.orderId, {
      email: 'paul@atelier.example',
      reason: 'Même client',
    }).expect(409);
    expect(refused.body.code).toBe(ErrorCode.CLIENT_EMAIL_TAKEN);
    expect(await t.app.get(AccountStore).clientOfEmail('paul@atelier.example')).toBe(other.clientId);

    await correct(orderId, { email: 'lea@roses.example', reason: 'x' }, await signInAuditor(t)).expect(403);
    expect((await t.orderEvents(orderId)).map((e) => e.type)).not.toContain('ContactEmailCorrected');
  });
});
