import { createHash } from 'node:crypto';
import { formatEuros, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import type request from 'supertest';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../admin/testing/back-office.js';
import { paidOrderWithSignedInClient } from '../testing/client-order.js';
import { eventually } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../testing/waits.js';
import { currentOrder } from '../write-side/testing/order-commands.js';
import { appendAsRecorded } from '../testing/append-as-recorded.js';

// The books of a reactivation walked over HTTP as the client and the team read them: the client's
// « Vos factures » answer, the order's panel, the dev mailbox the e2e suite reads, the PDFs. Two
// cancellations within the 14-day guarantee: today's, refunded through the sandbox (its webhook
// credits the deposit invoice; reactivated, the deposit is owed again and paid again), and version
// 1's, which credited on paper and moved no money (reactivated, the deposit the order kept is
// invoiced again, « Facture réémise … », named and attached in the reactivation's email). Each ends
// with invoiced − credited = received − refunded, TTC, and « Vérifier les comptes » clean.

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
/** Supertest's parser for a body of bytes (a PDF). */
const binary = ((res: NodeJS.ReadableStream, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as never;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Listed {
  number: string;
  kind: 'invoice' | 'deposit_invoice' | 'credit_note';
  totalAmount: number;
  vatAmount: number;
  totalWithVat: number;
  corrects: string | null;
  note: string | null;
  pdfSha256: string;
  pdfUrl: string;
}

interface Mail {
  to: string;
  template: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number; sha256: string }[];
}

/** The order's documents as the client reads them, once its jobs are done and the read model caught up. */
async function clientDocuments(agent: Agent, orderId: string, count: number): Promise<Listed[]> {
  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  const { body } = await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200);
  expect(body.invoices).toHaveLength(count);
  return body.invoices as Listed[];
}

/** The same documents on the order's panel (the team's list), without the links each side has. */
async function panelDocuments(orderId: string): Promise<Omit<Listed, 'pdfUrl'>[]> {
  const { body } = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
  return (body.invoices as Listed[]).map(({ pdfUrl: _, ...rest }) => rest);
}
const withoutLinks = (documents: Listed[]) => documents.map(({ pdfUrl: _, ...rest }) => rest);

/** The PDF the client downloads from « Vos factures ». */
const clientPdf = async (agent: Agent, document: Listed) =>
  (await agent.get(document.pdfUrl).buffer(true).parse(binary).expect(200)).body as Buffer;

/** The emails to `to` of `template` in the dev mailbox, read over HTTP with the team's token. */
async function mailsOf(to: string, template: string): Promise<Mail[]> {
  const { body } = await t.http.get('/api/test/mailbox').query({ limit: 100 }).set(admin).expect(200);
  return (body.emails as Mail[]).filter((e) => e.to === to && e.template === template);
}

/** What the order's log says was received and refunded, TTC (the provider's reports). */
async function moneyOf(orderId: string) {
  const events = await t.orderEvents(orderId);
  const paid = ['DepositPaid', 'SetupFeePaid', 'BalancePaid', 'FirstMonthlyPaymentPaid'];
  const received = events
    .filter((e) => paid.includes(e.type))
    .reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0);
  const refunded = events
    .filter((e) => e.type === 'PaymentRefunded')
    .reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0);
  return { received, refunded };
}

/** Invoiced and credited, TTC, as the client's list shows them (a credit note at its own amount). */
function booksOf(documents: Listed[]) {
  const invoiced = documents.filter((d) => d.kind !== 'credit_note').reduce((s, d) => s + d.totalWithVat, 0);
  const credited = documents.filter((d) => d.kind === 'credit_note').reduce((s, d) => s + d.totalWithVat, 0);
  return { invoiced, credited };
}

const patchStatus = (orderId: string, body: object) =>
  t.http.patch(`/api/admin/orders/${orderId}/status`).set(admin).send(body);

async function booksVerified() {
  const auditor = await signInAuditor(t);
  const books = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
  expect(books.body).toMatchObject({ ok: true, breaks: [], numbering: [] });
}

describe('the books of a reactivation, as the client and the team read them', () => {
  it('refunded by the guarantee through the sandbox: the credit note at its own amount, the deposit owed again and paid again on a new invoice, nothing said issued again', async () => {
    const email = 'livres-rembourse@boulangerie-martin.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    const [deposit] = await clientDocuments(agent, orderId, 1);
    expect(deposit).toMatchObject({ kind: 'deposit_invoice', note: null, corrects: null });
    expect(deposit!.totalAmount + deposit!.vatAmount).toBe(deposit!.totalWithVat);
    const before = (await currentOrder(t.app, orderId)).status;

    // The team cancels within the 14 days: the sandbox refunds, its webhook credits the invoice.
    await patchStatus(orderId, { status: 'cancelled', reason: 'Le client renonce' }).expect(200);
    await eventually(async () =>
      (await t.orderEvents(orderId)).some((e) => e.type === 'PaymentRefunded') ? true : null,
    );
    const [, credit] = await clientDocuments(agent, orderId, 2);
    // At its own amount, HT, VAT and TTC: the deposit's, once.
    expect(credit).toMatchObject({
      kind: 'credit_note',
      corrects: deposit!.number,
      totalAmount: deposit!.totalAmount,
      vatAmount: deposit!.vatAmount,
      totalWithVat: deposit!.totalWithVat,
      note: null,
    });

    // Reactivated with the team's reason, where it was.
    await patchStatus(orderId, { status: before, reason: 'Le client reprend' }).expect(200);
    const [reactivated] = await eventually(async () => {
      const found = await mailsOf(email, 'order-reactivated');
      return found.length > 0 ? found : null;
    });
    const text = reactivated!.text.replace(/\s+/g, ' ');
    // Refunded, the deposit is owed again, TTC; nothing was issued again, nothing is attached.
    expect(text).toContain(
      `L'acompte de ${formatEurosTTC(deposit!.totalWithVat)} n'est pas réglé (ou vous a été remboursé)`.replace(
        /\s+/g,
        ' ',
      ),
    );
    expect(text).not.toContain('Facture réémise');
    expect(text).not.toContain("L'avoir émis lors de l'annulation reste valable");
    expect(reactivated!.attachments).toEqual([]);
    // The books as they stand: the deposit received and refunded, invoiced and credited.
    const between = await clientDocuments(agent, orderId, 2);
    expect(booksOf(between)).toEqual({ invoiced: deposit!.totalWithVat, credited: deposit!.totalWithVat });
    expect(await moneyOf(orderId)).toEqual({
      received: deposit!.totalWithVat,
      refunded: deposit!.totalWithVat,
    });

    // The client pays it again from the client area: a new payment, its own invoice, no note.
    const link = await agent.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);
    const documents = await clientDocuments(agent, orderId, 3);
    expect(documents.slice(0, 2)).toEqual(between);
    expect(documents[2]).toMatchObject({
      kind: 'deposit_invoice',
      totalWithVat: deposit!.totalWithVat,
      corrects: null,
      note: null,
    });
    expect(documents[2]!.number).not.toBe(deposit!.number);
    // The team reads the same three documents on the panel.
    expect(await panelDocuments(orderId)).toEqual(withoutLinks(documents));
    // The client downloads each PDF: the very document listed.
    for (const document of documents)
      expect(sha256(await clientPdf(agent, document))).toBe(document.pdfSha256);

    // invoiced − credited = received − refunded, TTC.
    const books = booksOf(documents);
    const money = await moneyOf(orderId);
    expect(money).toEqual({ received: 2 * deposit!.totalWithVat, refunded: deposit!.totalWithVat });
    expect(books.invoiced - books.credited).toBe(money.received - money.refunded);
    await booksVerified();
  }, 240_000);

  it('credited on paper by a version 1 cancellation: the deposit kept is invoiced again with its note, named and attached in the email, on both sides', async () => {
    const email = 'livres-reemise@boulangerie-martin.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    const [deposit] = await clientDocuments(agent, orderId, 1);
    // Cancelled within the guarantee as version 1 recorded it: credit notes, no refund.
    const previousStatus = (await currentOrder(t.app, orderId)).status;
    await appendAsRecorded(
      t.store,
      orderId,
      { type: 'OrderCancelled', schemaVersion: 1, data: { reason: 'Le client renonce', previousStatus } },
      team,
    );
    const [, credit] = await clientDocuments(agent, orderId, 2);
    expect(credit).toMatchObject({
      kind: 'credit_note',
      corrects: deposit!.number,
      totalAmount: deposit!.totalAmount,
      vatAmount: deposit!.vatAmount,
      totalWithVat: deposit!.totalWithVat,
    });

    // The team reactivates it with a reason: the order kept the deposit, it is invoiced again.
    await patchStatus(orderId, { status: previousStatus, reason: 'Le client reprend' }).expect(200);
    const documents = await clientDocuments(agent, orderId, 3);
    const reissued = documents[2]!;
    expect(documents.slice(0, 2)).toEqual([deposit, credit]);
    expect(reissued).toMatchObject({
      kind: 'deposit_invoice',
      totalAmount: deposit!.totalAmount,
      vatAmount: deposit!.vatAmount,
      totalWithVat: deposit!.totalWithVat,
      corrects: null,
    });
    expect(documents.map((d) => d.note)).toEqual([
      null,
      null,
      'Facture réémise suite à la réactivation de votre commande',
    ]);
    // The team reads the same, note included, on the panel.
    expect(await panelDocuments(orderId)).toEqual(withoutLinks(documents));

    // The reactivation's email, as the dev mailbox has it: the invoice named, HT and TTC, « déjà
    // réglée », its PDF attached: the very bytes the client downloads.
    const [mail, ...more] = await eventually(async () => {
      const found = await mailsOf(email, 'order-reactivated');
      return found.length > 0 ? found : null;
    });
    expect(more).toEqual([]);
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      `Facture ${reissued.number} : ${formatEuros(reissued.totalAmount)} HT, soit ${formatEurosTTC(reissued.totalWithVat)}, déjà réglée`.replace(
        /\s+/g,
        ' ',
      ),
    );
    expect(text).toContain("L'avoir émis lors de l'annulation reste valable");
    expect(text).toContain('rien de plus ne vous est demandé');
    const pdf = await clientPdf(agent, reissued);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(mail!.attachments).toEqual([
      {
        filename: `${reissued.number}.pdf`,
        contentType: 'application/pdf',
        size: pdf.length,
        sha256: reissued.pdfSha256,
      },
    ]);
    expect(sha256(pdf)).toBe(reissued.pdfSha256);

    // invoiced − credited = received − refunded, TTC: the deposit, received once, refunded never.
    const books = booksOf(documents);
    const money = await moneyOf(orderId);
    expect(money).toEqual({ received: deposit!.totalWithVat, refunded: 0 });
    expect(books).toEqual({ invoiced: 2 * deposit!.totalWithVat, credited: deposit!.totalWithVat });
    expect(books.invoiced - books.credited).toBe(money.received - money.refunded);
    await booksVerified();
  }, 240_000);
});
