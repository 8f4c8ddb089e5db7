import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import type request from 'supertest';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../admin/testing/back-office.js';
import { paidOrderWithSignedInClient } from '../testing/client-order.js';
import { eventually } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../testing/waits.js';
import { currentOrder, runOrderCommands } from '../write-side/testing/order-commands.js';
import { formatEuros, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { EmailService } from '../emails/email-service.js';
import { OrderInvoicing } from './issuing/order-invoicing.js';
import { appendAsRecorded } from '../testing/append-as-recorded.js';

// Decision 126, end to end over HTTP: an order in production cancelled within the 14-day guarantee,
// its deposit refunded through the sandbox (whose webhook credits the deposit invoice), reactivated
// by the team: it resumes in production, owes its deposit again, the client pays it from the client
// area as the first time, it is invoiced once (the refunded invoice and its credit note stay), the
// balance is refused until then and deducts the deposit paid again, and « Vérifier les comptes » finds
// no break.

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = (await signInAdmin(t)).auth;
}, 600_000);
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const checkoutIdOf = (url: string) => url.split('/').pop()!;
const team = { kind: 'admin', id: 'admin-test' } as const;

interface Listed {
  number: string;
  kind: string;
  totalWithVat: number;
  depositsDeductedWithVat: number;
  corrects: string | null;
  note: string | null;
}

/** The order's documents once its jobs are done and the invoices read model caught up. */
async function documentsOf(agent: Agent, orderId: string, count: number): Promise<Listed[]> {
  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  const { body } = await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200);
  expect(body.invoices).toHaveLength(count);
  return body.invoices as Listed[];
}

const patchStatus = (orderId: string, body: object) =>
  t.http.patch(`/api/admin/orders/${orderId}/status`).set(admin).send(body);

/** The panel as the team reads it, once it has seen `position`. */
const panelAt = async (orderId: string, position: number) =>
  (
    await t.http
      .get(`/api/admin/orders/${orderId}`)
      .set(admin)
      .set('X-Min-Position', String(position))
      .expect(200)
  ).body;

describe('a reactivation after the guarantee refunded the deposit', () => {
  it('resumes in production, owes the deposit again, takes it from the client area, invoices it once, and the books balance', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'reprise@boulangerie-martin.fr');
    const [deposit] = await documentsOf(agent, orderId, 1);
    await runOrderCommands(
      t.app,
      orderId,
      team,
      { type: 'CorrectStatus', to: 'contract_signed', reason: 'Contrat signé sur papier' },
      { type: 'OpenBrief' },
      { type: 'SubmitBrief', nothingToSend: true },
      { type: 'ValidateBrief', notes: 'Complet' },
      { type: 'StartProduction' },
    );

    // Cancelled within the guarantee: the sandbox refunds, its webhook credits the deposit invoice.
    await patchStatus(orderId, { status: 'cancelled', reason: 'Le client renonce' }).expect(200);
    await eventually(async () =>
      (await t.orderEvents(orderId)).some((e) => e.type === 'PaymentRefunded') ? true : null,
    );
    const [, credit] = await documentsOf(agent, orderId, 2);
    expect(credit).toMatchObject({ kind: 'credit_note', corrects: deposit!.number });

    // Reactivated where it was (the board's drag to « Production »), with the team's reason.
    const reactivated = await patchStatus(orderId, {
      status: 'in_progress',
      reason: 'Le client reprend',
    }).expect(200);
    expect(reactivated.body.order).toMatchObject({ status: 'in_progress' });
    const event = (await t.orderEvents(orderId)).findLast((e) => e.type === 'OrderReactivated')!;
    expect(event).toMatchObject({
      schemaVersion: 3,
      data: {
        reason: 'Le client reprend',
        status: 'in_progress',
        firstPaymentOwed: true,
        finalPaymentOwed: false,
      },
    });

    // The panel says the deposit is owed again, TTC, and the team may record it received by hand.
    const panel = await panelAt(orderId, reactivated.body.position);
    expect(panel).toMatchObject({
      status: 'in_progress',
      depositPaid: false,
      firstPaymentOwedAgain: { kind: 'deposit', amountWithVat: deposit!.totalWithVat },
      payment: {
        stage: 'unpaid',
        label: expect.stringMatching(/^Acompte remboursé, dû à nouveau : 588,60\s€\sTTC$/),
      },
    });
    // The list (and the board, which reads it) says the same badge, not « Aucun paiement ».
    const listed = await t.http
      .get('/api/admin/orders')
      .query({ search: 'reprise@boulangerie-martin.fr' })
      .set(admin)
      .set('X-Min-Position', String(reactivated.body.position))
      .expect(200);
    expect(listed.body.orders).toHaveLength(1);
    expect(listed.body.orders[0]).toMatchObject({ id: orderId, payment: panel.payment });
    expect(panel.allowedActions.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['send_review_link', 'record_offline_first_payment']),
    );
    // So does the client area.
    const area = await eventually(async () => {
      const { body } = await agent.get(`/api/client/orders/${orderId}`).expect(200);
      return body.firstPaymentOwedAgain ? body : null;
    });
    expect(area).toMatchObject({
      status: 'in_progress',
      firstPaymentOwedAgain: { kind: 'deposit', amountWithVat: deposit!.totalWithVat },
    });

    // Review approved: the balance is refused while the deposit is owed.
    await runOrderCommands(t.app, orderId, team, {
      type: 'SendReviewLink',
      reviewUrl: 'https://preview.coseso.fr/reprise',
    });
    const client = (await currentOrder(t.app, orderId)).clientId!;
    await runOrderCommands(t.app, orderId, { kind: 'client', id: client }, { type: 'ApproveReview' });
    const refused = await patchStatus(orderId, { status: 'awaiting_balance_payment' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'ORDER.PAYMENT_REQUIRED' });
    expect(refused.body.message).toMatch(/^L'acompte de 588,60\s€\sTTC n'est pas encore réglé/);

    // The client pays it again from the client area, on the same checkout as the first time.
    const link = await agent.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);
    const again = await documentsOf(agent, orderId, 3);
    // A new deposit invoice; the refunded one and its credit note stay as issued.
    expect(again.slice(0, 2)).toEqual([deposit, credit]);
    expect(again[2]).toMatchObject({ kind: 'deposit_invoice', totalWithVat: deposit!.totalWithVat });
    expect(again[2]!.number).not.toBe(deposit!.number);
    expect((await currentOrder(t.app, orderId)).depositPaid).toBe(true);

    // Now the balance is asked and paid; its invoice deducts the deposit paid again, once.
    await patchStatus(orderId, { status: 'awaiting_balance_payment' }).expect(200);
    const balance = await agent.post(`/api/orders/${orderId}/regenerate-final-payment`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(balance.body.paymentUrl)}/pay`).expect(200);
    const all = await documentsOf(agent, orderId, 4);
    expect(all[3]).toMatchObject({ kind: 'invoice', depositsDeductedWithVat: deposit!.totalWithVat });

    // « Vérifier les comptes »: no break over the log.
    const auditor = await signInAuditor(t);
    const books = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
    expect(books.body).toMatchObject({ ok: true, breaks: [], numbering: [] });
  }, 240_000);
});

describe('a reactivation after a version 1 cancellation (credit notes, no refund)', () => {
  it('invoices again the deposit it kept, once, beside the credit note; the books balance', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(
      t,
      'ancienne-annulation@boulangerie-martin.fr',
    );
    const [deposit] = await documentsOf(agent, orderId, 1);
    // Cancelled as version 1 recorded it, before refunds went through the provider: its credit
    // note says « à rembourser », and no money moved.
    const previousStatus = (await currentOrder(t.app, orderId)).status;
    await appendAsRecorded(
      t.store,
      orderId,
      { type: 'OrderCancelled', schemaVersion: 1, data: { reason: 'Le client renonce', previousStatus } },
      team,
    );
    const [, credit] = await documentsOf(agent, orderId, 2);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      corrects: deposit!.number,
      totalWithVat: deposit!.totalWithVat,
    });
    expect((await currentOrder(t.app, orderId)).cancellation).toMatchObject({ guaranteeRefund: 'legacy' });

    // Reactivated where it was: the order kept the deposit, owes nothing again, and invoices it again.
    const reactivated = await patchStatus(orderId, {
      status: previousStatus,
      reason: 'Le client reprend',
    }).expect(200);
    const event = (await t.orderEvents(orderId)).findLast((e) => e.type === 'OrderReactivated')!;
    expect(event.data).toMatchObject({ firstPaymentOwed: false, finalPaymentOwed: false });
    const documents = await documentsOf(agent, orderId, 3);
    // The deposit invoice and its credit note stay as issued; a new deposit invoice stands for the deposit.
    expect(documents.slice(0, 2)).toEqual([deposit, credit]);
    expect(documents[2]).toMatchObject({
      kind: 'deposit_invoice',
      totalWithVat: deposit!.totalWithVat,
      corrects: null,
    });
    expect(documents[2]!.number).not.toBe(deposit!.number);
    // The client area says why: the new invoice is the one issued again, the others say nothing.
    expect(documents.map((d) => d.note)).toEqual([
      null,
      null,
      'Facture réémise suite à la réactivation de votre commande',
    ]);
    const panel = await panelAt(orderId, reactivated.body.position);
    expect(panel).toMatchObject({ depositPaid: true, firstPaymentOwedAgain: null });

    // The client is told, in the reactivation's email: the invoice's number, HT and TTC, attached.
    const [mail, ...more] = await eventually(async () => {
      const found = (await t.app.get(EmailService).mailbox(500)).filter(
        (e) => e.to === 'ancienne-annulation@boulangerie-martin.fr' && e.template === 'order-reactivated',
      );
      return found.length > 0 ? found : null;
    });
    expect(more).toEqual([]);
    const [listedAgain] = (
      await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200)
    ).body.invoices.slice(2) as (Listed & { totalAmount: number })[];
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      `Facture ${documents[2]!.number} : ${formatEuros(listedAgain!.totalAmount)} HT, soit ${formatEurosTTC(documents[2]!.totalWithVat)}, déjà réglée`.replace(
        /\s+/g,
        ' ',
      ),
    );
    expect(text).toContain('« Facture réémise suite à la réactivation de votre commande »');
    expect(text).toContain("L'avoir émis lors de l'annulation reste valable");
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`${documents[2]!.number}.pdf`]);

    // Asked again (a retry, a replay of the reactivation): the same invoice, no new number.
    const again = await t.app.get(OrderInvoicing).reinvoiceReactivation(orderId, event.eventId);
    expect(again.map((d) => d.document.number)).toEqual([documents[2]!.number]);
    expect(await documentsOf(agent, orderId, 3)).toEqual(documents);

    const auditor = await signInAuditor(t);
    const books = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
    expect(books.body).toMatchObject({ ok: true, breaks: [], numbering: [] });
  }, 240_000);
});

describe('an order cancelled by version 1 that stays cancelled, settled from the back-office', () => {
  it('is named by « Vérifier les comptes » with what to do; « Rembourser » refunds through the sandbox with no second credit note, and the books balance', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'reglement-v1@boulangerie-martin.fr');
    const [deposit] = await documentsOf(agent, orderId, 1);
    // Cancelled as version 1 recorded it: the deposit invoice credited, no money moved.
    const previousStatus = (await currentOrder(t.app, orderId)).status;
    await appendAsRecorded(
      t.store,
      orderId,
      { type: 'OrderCancelled', schemaVersion: 1, data: { reason: 'Le client renonce', previousStatus } },
      team,
    );
    const [, credit] = await documentsOf(agent, orderId, 2);
    expect(credit).toMatchObject({ kind: 'credit_note', corrects: deposit!.number });

    // « Vérifier les comptes » names the order once: what happened, what is left, what to do.
    const auditor = await signInAuditor(t);
    const before = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
    const named = (before.body.breaks as { orderId: string; why: string }[]).filter(
      (b) => b.orderId === orderId,
    );
    expect(named).toHaveLength(1);
    const why = named[0]!.why.replace(/\s+/g, ' ');
    expect(why).toContain(
      `Commande annulée par la version 1 de l'application dans le délai de garantie : ses factures ont été créditées (avoir ${credit!.number}) sans que rien ne soit remboursé`,
    );
    expect(why).toContain(
      `${formatEurosTTC(deposit!.totalWithVat)} reçus restent à rendre`.replace(/\s+/g, ' '),
    );
    expect(why).toContain('« Rembourser »');
    expect(why).toContain('réactiver la commande');

    // « Rembourser » on the deposit, in full: the sandbox refunds and reports it.
    const panel = await t.http.get(`/api/admin/orders/${orderId}`).set(admin).expect(200);
    const [held] = panel.body.heldPayments as { paymentId: string; refundableLeft: number }[];
    expect(held!.refundableLeft).toBe(deposit!.totalWithVat);
    await t.http
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set(admin)
      .send({ paymentId: held!.paymentId, amount: held!.refundableLeft, reason: "Règlement de l'annulation" })
      .expect(200);
    await eventually(async () =>
      (await t.orderEvents(orderId)).some((e) => e.type === 'PaymentRefunded') ? true : null,
    );
    // The version 1 credit note stands for the refund: no second one.
    expect(await documentsOf(agent, orderId, 2)).toEqual([deposit, credit]);
    const after = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
    expect(after.body).toMatchObject({ ok: true, breaks: [], numbering: [] });
  }, 240_000);
});
