import { jest } from '@jest/globals';
import { parisDate } from '@coseso/domain/shared/calendar';
import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import type request from 'supertest';
import {
  ADMIN_ENV,
  projected,
  settled,
  signInAdmin,
  signInAuditor,
} from '../../admin/testing/back-office.js';
import { EmailService } from '../../emails/email-service.js';
import { paidOrderWithSignedInClient } from '../../testing/client-order.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../../testing/waits.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';

// Money moves through the provider: a cancellation within the 14-day guarantee refunds the card
// payments (or says plainly that nothing is refunded), « Rembourser » gives back part or all of a
// payment, and each credit note follows the refund's report; time crosses the guarantee by the Clock.

let t: TestApp;
let admin: { authorization: string };
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV, { clock });
  admin = (await signInAdmin(t)).auth;
}, 600_000);
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const admins = { kind: 'admin', id: 'admin-test' } as const;

interface Listed {
  number: string;
  kind: string;
  totalWithVat: number;
  corrects: string | null;
}

async function documentsOf(agent: Agent, orderId: string): Promise<Listed[]> {
  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  return (await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200)).body.invoices as Listed[];
}

const typesOf = async (orderId: string) => (await t.orderEvents(orderId)).map((e) => e.type);
const dataOf = async <T>(orderId: string, type: string) =>
  (await t.orderEvents(orderId)).filter((e) => e.type === type).map((e) => e.data as T);

const cancel = (orderId: string, refund?: boolean) =>
  t.http
    .patch(`/api/admin/orders/${orderId}/status`)
    .set(admin)
    .send({ status: 'cancelled', reason: 'Le client renonce', ...(refund === undefined ? {} : { refund }) })
    .expect(200);

const cancellationEmail = (to: string) =>
  eventually(async () =>
    (await t.app.get(EmailService).mailbox(200)).find((e) => e.to === to && e.template === 'order-cancelled'),
  );

describe('a cancellation within the 14-day guarantee', () => {
  it('refunds the card payment through the provider; the credit note follows the refund; the client is told the truth', async () => {
    const email = 'garantie@boulangerie-martin.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    const [deposit] = await documentsOf(agent, orderId);
    clock.advanceDays(13);
    await cancel(orderId);

    const [requested] = await dataOf<{ amount: number; cause: string }>(orderId, 'RefundRequested');
    expect(requested).toMatchObject({ amount: deposit!.totalWithVat, cause: 'guarantee' });
    const documents = await documentsOf(agent, orderId);
    // The provider refunded (its charge.refunded went through the signed webhook), then the credit note.
    const [refunded] = await dataOf<{ amount: number }>(orderId, 'PaymentRefunded');
    expect(refunded).toMatchObject({ amount: deposit!.totalWithVat });
    expect(documents.map((d) => [d.kind, d.totalWithVat, d.corrects])).toEqual([
      ['deposit_invoice', deposit!.totalWithVat, null],
      ['credit_note', deposit!.totalWithVat, deposit!.number],
    ]);

    const sent = await cancellationEmail(email);
    expect(sent.text).toContain('nous vous remboursons');
    expect(sent.text).toMatch(/588,60\s€\sTTC/);
    expect(sent.text).not.toContain('Demandez-le');
    await projected(t);
    const area = await agent.get(`/api/client/orders/${orderId}`).expect(200);
    expect(area.body.cancellationTerms).toMatchObject({
      guaranteeRefund: 'requested',
      refundRequestedWithVat: deposit!.totalWithVat,
      refundedWithVat: deposit!.totalWithVat,
    });
  }, 180_000);

  it('where the team chooses no refund, says so plainly and issues no credit note', async () => {
    const email = 'sans-remboursement@boulangerie-martin.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    await cancel(orderId, false);
    expect(await typesOf(orderId)).not.toContain('RefundRequested');
    expect((await documentsOf(agent, orderId)).map((d) => d.kind)).toEqual(['deposit_invoice']);
    const sent = await cancellationEmail(email);
    expect(sent.text).toContain("Aucun remboursement n'est effectué pour cette annulation");
  }, 180_000);

  it('after the 14 days (the Clock moved past them): nothing is refunded, nothing credited', async () => {
    const email = 'apres-garantie@boulangerie-martin.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    clock.advanceDays(15);
    await cancel(orderId);
    expect(await typesOf(orderId)).not.toContain('RefundRequested');
    expect((await documentsOf(agent, orderId)).map((d) => d.kind)).toEqual(['deposit_invoice']);
    const [cancelled] = await dataOf<{ guaranteeRefund: string }>(orderId, 'OrderCancelled');
    expect(cancelled!.guaranteeRefund).toBe('none_due');
    expect((await cancellationEmail(email)).text).toContain(
      'La garantie « satisfait ou remboursé » de 14 jours a pris fin',
    );
  }, 180_000);
});

describe('« Rembourser » from the back-office', () => {
  it('refunds part of a payment through the provider, then the rest; each credit note follows its refund', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'partiel@boulangerie-martin.fr');
    const [deposit] = await documentsOf(agent, orderId);
    await projected(t);
    const panel = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
    const [held] = panel.body.heldPayments as { paymentId: string; refundableLeft: number }[];
    expect(held!.refundableLeft).toBe(deposit!.totalWithVat);

    const refund = (body: object) =>
      t.http.post(`/api/admin/orders/${orderId}/refunds`).set(admin).send(body);
    // French refusals, naming the field.
    const noReason = await refund({ paymentId: held!.paymentId, amount: 5_000 }).expect(400);
    expect(noReason.body.fields).toMatchObject({ reason: 'Le motif du remboursement est requis' });
    const tooMuch = await refund({
      paymentId: held!.paymentId,
      amount: deposit!.totalWithVat + 1,
      reason: 'Geste commercial',
    }).expect(400);
    expect(tooMuch.body.fields.amount).toMatch(/dépasse ce qui reste de ce paiement \(588,60\s€\sTTC\)/);
    const unknown = await refund({ paymentId: 'cs_inconnu', amount: 100, reason: 'Erreur' }).expect(400);
    expect(unknown.body.fields.paymentId).toBe("Ce paiement n'est pas un paiement de cette commande.");
    // Auditors read, never refund.
    const auditor = await signInAuditor(t);
    await t.http
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set(auditor)
      .send({ paymentId: held!.paymentId, amount: 5_000, reason: 'Geste commercial' })
      .expect(403);

    await refund({ paymentId: held!.paymentId, amount: 5_000, reason: 'Geste commercial' }).expect(200);
    // Asked again at once: only what is left (the request counts until its refund is reported).
    const [, partial] = await documentsOf(agent, orderId);
    expect(partial).toMatchObject({ kind: 'credit_note', totalWithVat: 5_000, corrects: deposit!.number });
    await refund({
      paymentId: held!.paymentId,
      amount: deposit!.totalWithVat - 5_000,
      reason: 'Le client renonce',
    }).expect(200);
    const documents = await documentsOf(agent, orderId);
    expect(documents.slice(2)).toEqual([
      expect.objectContaining({ kind: 'credit_note', totalWithVat: deposit!.totalWithVat - 5_000 }),
    ]);
    await projected(t);
    const after = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
    expect(after.body.heldPayments[0]).toMatchObject({
      refunded: deposit!.totalWithVat,
      refundableLeft: 0,
    });
    const full = await refund({ paymentId: held!.paymentId, amount: 1, reason: 'Encore' }).expect(400);
    expect(full.body.fields.amount).toBe('Ce paiement est déjà entièrement remboursé.');
  }, 180_000);

  it('a refund the provider keeps refusing is recorded on the order (RefundFailed), once; nothing is credited', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'refus@boulangerie-martin.fr');
    const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const refused = jest
      .spyOn(provider, 'refundPayment')
      .mockRejectedValue(new Error('Le prestataire refuse ce remboursement'));
    try {
      await documentsOf(agent, orderId);
      const panel = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
      const paymentId = (panel.body.heldPayments as { paymentId: string }[])[0]!.paymentId;
      await t.http
        .post(`/api/admin/orders/${orderId}/refunds`)
        .set(admin)
        .send({ paymentId, amount: 2_000, reason: 'Geste commercial' })
        .expect(200);
      const [failed] = await eventually(async () => {
        const found = await dataOf<{ amount: number; error: string; attempts: number }>(
          orderId,
          'RefundFailed',
        );
        return found.length > 0 && found;
      });
      expect(failed).toMatchObject({ amount: 2_000, error: 'Le prestataire refuse ce remboursement' });
      expect(failed!.attempts).toBeGreaterThan(1);
      expect((await documentsOf(agent, orderId)).map((d) => d.kind)).toEqual(['deposit_invoice']);
      await projected(t);
      const after = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
      // The failed request no longer holds the amount: the team may ask again.
      expect(after.body.heldPayments[0].refundableLeft).toBe(after.body.heldPayments[0].amount);
      expect(after.body.refundRequests[0].failed).toMatchObject({
        error: 'Le prestataire refuse ce remboursement',
      });
    } finally {
      refused.mockRestore();
    }
  }, 180_000);
});

describe('a guarantee refund that fails after the order is reactivated', () => {
  it('leaves the deposit held: not owed again, not asked of the client, the failure on the panel, the books clean', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'echec-reprise@boulangerie-martin.fr');
    const [deposit] = await documentsOf(agent, orderId);
    const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    // The provider holds the first attempt until the order is reactivated, then refuses, every time.
    let release!: () => void;
    const reactivated = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const refused = jest.spyOn(provider, 'refundPayment').mockImplementation(async () => {
      calls += 1;
      if (calls === 1) await reactivated;
      throw new Error('Le prestataire refuse ce remboursement');
    });
    try {
      await cancel(orderId);
      await eventually(async () => calls > 0 || null);
      await projected(t);
      const cancelledPanel = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
      const resume = (cancelledPanel.body.allowedActions as { action: string; to: string }[]).find(
        (a) => a.action === 'reactivate',
      )!;
      await t.http
        .patch(`/api/admin/orders/${orderId}/status`)
        .set(admin)
        .send({ status: resume.to, reason: 'Le client reprend' })
        .expect(200);
      // Reactivated while the refund is under way: counted given back, the deposit is owed again.
      const owed = await eventually(async () => {
        const { body } = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
        return body.status !== 'cancelled' && body;
      });
      expect(owed.firstPaymentOwedAgain).toMatchObject({ amountWithVat: deposit!.totalWithVat });
      release();
      await eventually(async () => ((await typesOf(orderId)).includes('RefundFailed') ? true : null));
      await projected(t);

      // The refund never happened: the order holds the deposit, owes nothing again, and says it failed.
      const panel = (await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200)).body;
      expect(panel).toMatchObject({ depositPaid: true, firstPaymentOwedAgain: null });
      expect(panel.refundRequests[0].failed).toMatchObject({
        error: 'Le prestataire refuse ce remboursement',
      });
      expect(panel.heldPayments).toEqual([
        expect.objectContaining({ amount: deposit!.totalWithVat, refundableLeft: deposit!.totalWithVat }),
      ]);
      const area = (await agent.get(`/api/client/orders/${orderId}`).expect(200)).body;
      expect(area.firstPaymentOwedAgain).toBeNull();
      // The client is not asked to pay it again.
      const again = await agent.post(`/api/orders/${orderId}/payment-annual`);
      expect(again.status).toBe(409);
      // Invoiced once, credited never: nothing was refunded.
      expect((await documentsOf(agent, orderId)).map((d) => d.kind)).toEqual(['deposit_invoice']);
      const books = await t.http
        .get('/api/admin/invoices/verify-books')
        .set(await signInAuditor(t))
        .expect(200);
      expect(books.body).toMatchObject({ ok: true, breaks: [], numbering: [] });
    } finally {
      release();
      refused.mockRestore();
    }
  }, 240_000);
});

describe('an offline payment', () => {
  it('is received between the first payment request and today, by a means the team names; the panel shows the day received', async () => {
    const orderId = await completedOrder(t, { contactEmail: 'hors-ligne@boulangerie-martin.fr' });
    await runOrderCommands(t.app, orderId, admins, {
      type: 'CorrectStatus',
      to: 'contract_signed',
      reason: 'Virement annoncé',
    });
    const record = (body: object) =>
      t.http.post(`/api/admin/orders/${orderId}/offline-payment`).set(admin).send(body);
    const created = (await t.orderEvents(orderId))[0]!.metadata['occurredAt'] as string;
    // Days as the team and the rules count them: in Paris (a UTC date is the day before from 23:00).
    const dayBefore = parisDate(new Date(Date.parse(created) - 2 * 24 * 3_600_000).toISOString());
    const early = await record({ reference: 'VIR-1', receivedOn: dayBefore, means: 'transfer' }).expect(400);
    expect(early.body.fields.paymentDate).toMatch(/ne peut pas précéder la création de la commande/);
    const noMeans = await record({ reference: 'VIR-1', receivedOn: parisDate(created) }).expect(400);
    expect(noMeans.body.fields.means).toBe('Le moyen de paiement est requis (virement, chèque ou espèces)');
    const tomorrow = parisDate(new Date(clock.now().getTime() + 2 * 24 * 3_600_000).toISOString());
    await record({ reference: 'VIR-1', receivedOn: tomorrow, means: 'cheque' }).expect(400);

    const received = parisDate(clock.now().toISOString());
    clock.advanceDays(3); // recorded three days after it came in
    await record({ reference: 'CHQ-42', receivedOn: received, means: 'cheque' }).expect(200);
    const [paid] = await dataOf<{ payment: { means: string; receivedOn: string } }>(orderId, 'DepositPaid');
    expect(paid!.payment).toMatchObject({ provider: 'offline', means: 'cheque', receivedOn: received });
    await projected(t);
    const panel = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
    expect(panel.body.firstPayment).toMatchObject({ receivedOn: received, means: 'cheque' });
    // A payment received by hand is not the provider's to refund.
    expect(panel.body.heldPayments[0].refundableLeft).toBe(0);
  }, 180_000);
});
