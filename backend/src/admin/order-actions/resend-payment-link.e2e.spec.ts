import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { EmailService } from '../../emails/email-service.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, seedOrder, settled, signInAdmin, signInAuditor } from '../testing/back-office.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth } = await signInAdmin(t));
});
afterAll(() => t.close());

const resend = (orderId: string, as: Record<string, string> = auth) =>
  t.http.post(`/api/admin/orders/${orderId}/resend-payment-link`).set(as).send({});

describe('POST /api/admin/orders/:orderId/resend-payment-link', () => {
  it('records the resend on the order and emails the client the way to pay the balance', async () => {
    const { orderId, orderNumber } = await seedOrder(t, 'awaiting_balance_payment');
    await settled(t);
    const { body } = await resend(orderId).expect(200);
    expect(body.order).toMatchObject({ status: 'awaiting_balance_payment' });
    const events = await t.store.readStream(`order-${orderId}`);
    const resent = events.filter((e) => e.type === 'PaymentLinkResent');
    expect(resent).toHaveLength(1);
    expect(resent[0]!.data).toEqual({ kind: 'balance', amount: body.order.price.remainingWithVat });
    const email = await eventually(async () =>
      (await t.app.get(EmailService).mailbox(200)).find(
        (e) => e.template === 'final-payment-due' && e.subject.startsWith('Nouveau lien de paiement'),
      ),
    );
    expect(email).toMatchObject({
      to: 'claire@boulangerie-martin.fr',
      subject: `Nouveau lien de paiement : solde de 50 % – commande #${orderNumber}`,
    });
    expect(email.text).toContain("n'a pas encore abouti : voici un nouveau lien pour le régler");
    expect(email.text).toContain(`/dashboard/${orderId}?tab=project`);
  });

  it('is refused, in French, when no final payment is awaited, and to an auditor', async () => {
    const { orderId } = await seedOrder(t, 'in_progress');
    const { body } = await resend(orderId).expect(409);
    expect(body.code).toBe(ErrorCode.ORDER_TRANSITION_FORBIDDEN);
    expect(body.message).toMatch(/^Impossible de renvoyer le lien de paiement/);
    await resend(orderId, await signInAuditor(t)).expect(403);
  });
});
