import { clientStreamId } from '@coseso/domain/events/event-reader';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { EmailService } from '../../emails/email-service.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { settled } from '../testing/back-office.js';
import { OrderSentEmails } from './sent-emails.js';
import { CorrectContactEmailHandler } from './correct-contact-email.handler.js';
import { MoveClientLogin } from './move-client-login.js';
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

    // The contract reactor may append its own fact after the correction: find the correction by type.
    const events = await t.orderEvents(orderId);
    expect(events.findLast((e) => e.type === 'ContactEmailCorrected')).toMatchObject({
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

  it('moves the login once even when the command dies between the correction and the move: the job the event called for finishes it', async () => {
    const { orderId, clientId } = await paidOrder('ines@poterie.example');
    const accounts = t.app.get(AccountStore);
    // The process « dies » right after the append: the command's own follow-up throws. Only the
    // command's: the job the event calls for holds its own reference and may run first or after.
    const handler = t.app.get(CorrectContactEmailHandler) as unknown as { move: MoveClientLogin };
    const move = handler.move;
    handler.move = {
      follow: () => Promise.reject(new Error('killed between the fact and its effect')),
    } as unknown as MoveClientLogin;
    try {
      await correct(orderId, { email: 'ines@poteries.example', reason: 'Faute de frappe' }).expect(500);
    } finally {
      handler.move = move;
    }
    expect((await t.orderEvents(orderId)).findLast((e) => e.type === 'ContactEmailCorrected')).toMatchObject({
      data: { email: 'ines@poteries.example' },
    });

    // No retry by anyone: the job keyed by the event's id moves the login and sends the account email.
    await accountEmail('ines@poteries.example');
    expect(await accounts.clientOfEmail('ines@poteries.example')).toBe(clientId);
    expect(await accounts.clientOfEmail('ines@poterie.example')).toBeNull();
    const changed = (await t.store.readStream(clientStreamId(clientId))).filter(
      (e) => e.type === 'ClientEmailChanged',
    );
    expect(changed).toHaveLength(1);
    // Once: the job run again (as after a restart) changes nothing and sends nothing more.
    const correction = (await t.orderEvents(orderId)).findLast((e) => e.type === 'ContactEmailCorrected')!;
    await t.app.get(MoveClientLogin).follow({
      orderId,
      email: 'ines@poteries.example',
      commandId: String(correction.metadata['commandId']),
      actor: { kind: 'admin', id: adminId },
    });
    expect(
      (await t.store.readStream(clientStreamId(clientId))).filter((e) => e.type === 'ClientEmailChanged'),
    ).toHaveLength(1);
    const sent = (await t.app.get(EmailService).mailbox(200)).filter(
      (e) => e.to === 'ines@poteries.example' && e.template === 'account-created',
    );
    expect(sent).toHaveLength(1);
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

  it('sends again the emails the team chose among those already sent, to the new address, once', async () => {
    const { orderId } = await paidOrder('jeanne@atelier-dupnt.example');
    const mailbox = async (to: string) =>
      (await t.app.get(EmailService).mailbox(500)).filter((e) => e.to === to && e.orderId === orderId);
    // The contract is issued in the background, and emailed.
    await eventually(async () =>
      (await mailbox('jeanne@atelier-dupnt.example')).find((e) => e.template === 'contract-to-sign'),
    );
    await settled(t);
    const { body } = await t.http.get(`/api/admin/orders/${orderId}/sent-emails`).set(auth).expect(200);
    const emails = body.emails as { eventId: string; template: string; label: string; suggested: boolean }[];
    expect(emails.map((e) => e.label)).toEqual([
      'Contrat à signer',
      'Reçu de paiement',
      'Confirmation de commande',
    ]);
    // The contract waits for its signature: ticked at first; the others are not.
    expect(emails.map((e) => e.suggested)).toEqual([true, false, false]);
    const receipt = emails.find((e) => e.template === 'payment-receipt')!;

    await correct(orderId, {
      email: 'jeanne@atelier-dupont.example',
      reason: 'Faute de frappe',
      resend: [receipt.eventId],
    }).expect(200);
    const resent = await eventually(async () => {
      const found = await mailbox('jeanne@atelier-dupont.example');
      return found.some((e) => e.template === 'payment-receipt') ? found : null;
    });
    expect(resent.find((e) => e.template === 'payment-receipt')!.attachments).toHaveLength(1); // its invoice

    // The correction's follow-up run again (a crash, a job retried): nothing more goes.
    const correction = (await t.orderEvents(orderId)).findLast((e) => e.type === 'ContactEmailCorrected')!;
    expect(correction.type).toBe('ContactEmailCorrected');
    await t.app
      .get(OrderSentEmails)
      .resend(orderId, [receipt.eventId], String(correction.metadata['commandId']));
    await settled(t);
    await eventually(async () => (await t.app.get(JobQueue).counts()).waiting === 0);
    const after = await mailbox('jeanne@atelier-dupont.example');
    expect(after.filter((e) => e.template === 'payment-receipt')).toHaveLength(1);
    expect(after.filter((e) => e.template === 'contract-to-sign')).toHaveLength(0); // not chosen
  });

  it('sends the chosen emails once even when the command dies between the correction and their queueing: the job the event called for sends them', async () => {
    const { orderId } = await paidOrder('gaspard@atelier-ferrnd.example');
    const mailbox = async (to: string) =>
      (await t.app.get(EmailService).mailbox(500)).filter((e) => e.to === to && e.orderId === orderId);
    await eventually(async () =>
      (await mailbox('gaspard@atelier-ferrnd.example')).find((e) => e.template === 'contract-to-sign'),
    );
    await settled(t);
    const { body } = await t.http.get(`/api/admin/orders/${orderId}/sent-emails`).set(auth).expect(200);
    const receipt = (body.emails as { eventId: string; template: string }[]).find(
      (e) => e.template === 'payment-receipt',
    )!;
    // The process « dies » right after the append: the command's own queueing of the re-sends throws.
    // Only the command's: the job the event calls for holds its own reference and may run first or after.
    const handler = t.app.get(CorrectContactEmailHandler) as unknown as { sent: OrderSentEmails };
    const sent = handler.sent;
    handler.sent = Object.assign(Object.create(sent) as OrderSentEmails, {
      resend: () => Promise.reject(new Error('killed between the fact and its effect')),
    });
    try {
      await correct(orderId, {
        email: 'gaspard@atelier-ferrand.example',
        reason: 'Faute de frappe',
        resend: [receipt.eventId],
      }).expect(500);
    } finally {
      handler.sent = sent;
    }
    const correction = (await t.orderEvents(orderId)).findLast((e) => e.type === 'ContactEmailCorrected')!;
    expect(correction.data).toMatchObject({ resend: [receipt.eventId] });

    // No retry by anyone: the job keyed by the event's id sends the chosen email to the new address.
    await eventually(async () =>
      (await mailbox('gaspard@atelier-ferrand.example')).find((e) => e.template === 'payment-receipt'),
    );
    // Once: the job run again (as after a restart) sends nothing more.
    await sent.resend(orderId, [receipt.eventId], String(correction.metadata['commandId']));
    await settled(t);
    await eventually(async () => (await t.app.get(JobQueue).counts()).waiting === 0);
    const after = await mailbox('gaspard@atelier-ferrand.example');
    expect(after.filter((e) => e.template === 'payment-receipt')).toHaveLength(1);
    expect(after.filter((e) => e.template === 'contract-to-sign')).toHaveLength(0); // not chosen
  });

  it('refuses a choice of emails that is not a list of sent emails of the order, before anything is written', async () => {
    const { orderId } = await paidOrder('marc@atelier.example');
    const body = { email: 'marc@atelier-bis.example', reason: 'Nouvelle adresse' };
    expect((await correct(orderId, { ...body, resend: 'tous' }).expect(400)).body).toMatchObject({
      fields: {
        resend: expect.stringMatching(/^(Les emails à renvoyer doivent être une liste|Chaque email)/),
      },
    });
    expect((await correct(orderId, { ...body, resend: ['abc'] }).expect(400)).body).toMatchObject({
      fields: { resend: 'Chaque email à renvoyer est désigné par son identifiant' },
    });
    const unknown = await correct(orderId, {
      ...body,
      resend: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427'],
    }).expect(400);
    expect(unknown.body).toMatchObject({
      code: ErrorCode.ORDER_INVALID_INPUT,
      fields: { resend: expect.stringMatching(/^Un des emails choisis n’a pas été envoyé/) },
    });
    expect((await t.orderEvents(orderId)).map((e) => e.type)).not.toContain('ContactEmailCorrected');
  });
});
