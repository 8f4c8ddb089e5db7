import { createHash } from 'node:crypto';
import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { unzipSync } from 'fflate';
import type request from 'supertest';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../admin/testing/back-office.js';
import { EmailService } from '../emails/email-service.js';
import { paidOrderWithSignedInClient } from '../testing/client-order.js';
import { completeForm, completedOrder, eventually } from '../testing/order-journey.js';
import { SandboxDeliveries } from '../payments/sandbox/sandbox-deliveries.js';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { runOrderCommands, untilFinalPaymentAsked } from '../write-side/testing/order-commands.js';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { ledgerTotals } from '@coseso/domain/invoices/invoice-ledger';
import { parisDate } from '@coseso/domain/shared/calendar';
import { xmlAmount } from './cii-xml.js';
import {
  checkAgainstSchematron,
  checkAgainstXsd,
  compiledSchematron,
  visibleText,
} from './testing/en16931-validation.js';
import { parseBack } from './testing/parse-factur-x.js';
import { BACKGROUND_WAIT_MS } from '../testing/waits.js';

let t: TestApp;
let admin: { authorization: string };
let sef: string;
beforeAll(async () => {
  sef = compiledSchematron();
  t = await startTestApp(ADMIN_ENV);
  admin = (await signInAdmin(t)).auth;
}, 600_000);
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const checkoutIdOf = (url: string) => url.split('/').pop()!;
/** Supertest's parser for a body of bytes (a PDF, a zip). */
const binary = ((res: NodeJS.ReadableStream, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as never;

interface Listed {
  number: string;
  kind: string;
  kindLabel: string;
  issueDate: string;
  totalAmount: number;
  vatAmount: number;
  totalWithVat: number;
  depositsDeductedWithVat: number;
  corrects: string | null;
  pdfSha256: string;
  pdfUrl: string;
}

/** The workflow done with the order (its jobs, hence its documents), and the invoices read model caught up. */
async function documentsOf(agent: Agent, orderId: string, count: number): Promise<Listed[]> {
  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  const { body } = await agent.get(`/api/client/orders/${orderId}/invoices`).expect(200);
  expect(body.invoices).toHaveLength(count);
  return body.invoices as Listed[];
}

/** Downloads the PDF and checks it against the standard: PDF/A-3, factur-x.xml, XSD, Schematron. */
async function checkedPdf(agent: Agent, invoice: Listed) {
  const response = await agent.get(invoice.pdfUrl).buffer(true).parse(binary).expect(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const bytes = new Uint8Array(response.body as Buffer);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(invoice.pdfSha256);
  const back = await parseBack(bytes);
  expect(back.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
  expect(back.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  expect(back.attachment).toMatchObject({ fileName: 'factur-x.xml', relationship: '/Alternative' });
  const xml = back.attachment.xml;
  const xsd = checkAgainstXsd(xml);
  expect(xsd.output).toContain('validates');
  expect(xsd.valid).toBe(true);
  expect(checkAgainstSchematron(xml, sef).failures).toEqual([]);
  // The document's total is the whole sale; the lists count it without the deposits it deducts.
  const grandTotal = invoice.totalWithVat + invoice.depositsDeductedWithVat;
  expect(xml).toContain(`<ram:GrandTotalAmount>${xmlAmount(grandTotal)}</ram:GrandTotalAmount>`);
  // An invoice is paid when issued; a credit note refunded too, one not refunded leaves its amount due.
  const refunded = xml.includes('Montant remboursé le');
  const due = invoice.kind === 'credit_note' && !refunded ? invoice.totalWithVat : 0;
  expect(xml).toContain(`<ram:DuePayableAmount>${xmlAmount(due)}</ram:DuePayableAmount>`);
  expect(xml).toContain(`<ram:TotalPrepaidAmount>${xmlAmount(grandTotal - due)}</ram:TotalPrepaidAmount>`);
  return xml;
}

/** What a person reads on the document's PDF, spaces folded. */
async function pdfText(agent: Agent, invoice: Listed) {
  const response = await agent.get(invoice.pdfUrl).buffer(true).parse(binary).expect(200);
  return visibleText(new Uint8Array(response.body as Buffer)).replace(/\s+/g, ' ');
}

const admins = { kind: 'admin', id: 'admin-test' } as const;
const asAdmin = (orderId: string, ...commands: OrderCommandInput[]) =>
  runOrderCommands(t.app, orderId, admins, ...commands);

const untilFinalPayment = (orderId: string) => untilFinalPaymentAsked(t.app, orderId, admins);

const paidAmounts = async (orderId: string) =>
  (await t.orderEvents(orderId))
    .filter((e) =>
      [
        'DepositPaid',
        'SetupFeePaid',
        'BalancePaid',
        'FirstMonthlyPaymentPaid',
        'SubscriptionRenewed',
      ].includes(e.type),
    )
    .map((e) => (e.data as { amount: number }).amount);

describe('the invoices of a yearly order', () => {
  it('are a deposit invoice, then the final invoice deducting it, each a valid Factur-X of what was paid', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'annuel@boulangerie-martin.fr');
    await untilFinalPayment(orderId);
    const link = await agent.post(`/api/orders/${orderId}/regenerate-final-payment`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);

    const [deposit, final] = await documentsOf(agent, orderId, 2);
    const [depositPaid, balancePaid] = await paidAmounts(orderId);
    expect(deposit).toMatchObject({
      kind: 'deposit_invoice',
      kindLabel: "Facture d'acompte",
      totalWithVat: depositPaid,
    });
    // Listed at what it collected: the deposit is its own invoice's.
    expect(final).toMatchObject({
      kind: 'invoice',
      kindLabel: 'Facture',
      totalWithVat: balancePaid,
      depositsDeductedWithVat: depositPaid,
    });
    expect(deposit!.number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(Number(final!.number.slice(-6))).toBeGreaterThan(Number(deposit!.number.slice(-6)));
    expect(deposit!.totalAmount + deposit!.vatAmount).toBe(deposit!.totalWithVat);

    await checkedPdf(agent, deposit!);
    const xml = await checkedPdf(agent, final!);
    // The deposit invoice is deducted by name; what was paid on both covers the whole.
    expect(xml).toContain(`<ram:IssuerAssignedID>${deposit!.number}</ram:IssuerAssignedID>`);
    expect(xml).toContain(
      `<ram:TotalPrepaidAmount>${xmlAmount(depositPaid! + balancePaid!)}</ram:TotalPrepaidAmount>`,
    );

    // Each receipt carries its payment's invoice, the PDF whose SHA-256 the event recorded.
    const receipts = (await t.app.get(EmailService).mailbox(200)).filter(
      (e) => e.to === 'annuel@boulangerie-martin.fr' && e.template === 'payment-receipt',
    );
    expect(
      receipts.flatMap((e) => e.attachments).sort((a, b) => a.filename.localeCompare(b.filename)),
    ).toEqual([
      expect.objectContaining({
        filename: `${deposit!.number}.pdf`,
        contentType: 'application/pdf',
        sha256: deposit!.pdfSha256,
      }),
      expect.objectContaining({
        filename: `${final!.number}.pdf`,
        contentType: 'application/pdf',
        sha256: final!.pdfSha256,
      }),
    ]);

    // create-invoice answers the latest payment's invoice, and issues nothing new.
    const created = await agent.post(`/api/orders/${orderId}/create-invoice`).expect(200);
    expect(created.body).toMatchObject({
      success: true,
      invoice: { number: final!.number, totalWithVat: depositPaid! + balancePaid! },
    });
    expect(await documentsOf(agent, orderId, 2)).toEqual([deposit, final]);

    // Another client's session does not reach them.
    const other = await paidOrderWithSignedInClient(t, 'autre@boulangerie-martin.fr');
    await other.agent.get(`/api/client/orders/${orderId}/invoices`).expect(404);
    await other.agent.get(`/api/client/orders/${other.orderId}/invoices/${final!.number}/pdf`).expect(404);
  }, 180_000);
});

/** A monthly order paid through the sandbox (set-up fee, first month), its client signed in, its subscription running. */
async function subscribedOrder(email: string) {
  const orderId = await completedOrder(t, { billingPeriod: 'monthly', contactEmail: email });
  const { body } = await t.http.post(`/api/orders/${orderId}/payment-monthly`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(body.paymentUrl)}/pay`).expect(200);
  const accountEmail = await eventually(async () =>
    (await t.app.get(EmailService).mailbox(200)).find(
      (e) => e.to === email && e.template === 'account-created',
    ),
  );
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(accountEmail.text)![1]!);
  const agent = (await import('supertest')).default.agent(t.app.getHttpServer());
  await agent.post('/api/auth/set-password').send({ token, password: 'un mot de passe solide' }).expect(200);

  await untilFinalPayment(orderId);
  const link = await agent.post(`/api/orders/${orderId}/payment-first-month`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);
  const started = (await t.orderEvents(orderId)).find((e) => e.type === 'SubscriptionStarted')!;
  const subscriptionId = (started.data as { subscriptionId: string }).subscriptionId;
  // The set-up fee and the first month are invoiced before any renewal, as a month apart they would be:
  // a renewal paid while the first month's invoice is still being issued could take the earlier number.
  await documentsOf(agent, orderId, 2);
  return { orderId, agent, subscriptionId };
}

describe('the invoices of a monthly order', () => {
  it('are the set-up fee, the first month and each renewal, each a valid Factur-X of what was paid', async () => {
    const { orderId, agent, subscriptionId } = await subscribedOrder('mensuel@boulangerie-martin.fr');
    await t.http.post(`/api/sandbox/subscriptions/${subscriptionId}/renew`).expect(200);

    const documents = await documentsOf(agent, orderId, 3);
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'invoice', 'invoice']);
    expect(documents.map((d) => d.totalWithVat)).toEqual(await paidAmounts(orderId));
    for (const document of documents) await checkedPdf(agent, document);
  }, 180_000);
});

describe('a cancellation within the 14-day guarantee', () => {
  it('refunds the payment through the provider, whose report credits its invoice, naming it; the back-office lists both, the accountant exports them', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'annule@boulangerie-martin.fr');
    const [deposit] = await documentsOf(agent, orderId, 1);
    await asAdmin(orderId, { type: 'CancelOrder', reason: 'Le client renonce' });

    const [, credit] = await documentsOf(agent, orderId, 2);
    // The money moved: the credit note follows the provider's refund, never the cancellation alone.
    const types = (await t.orderEvents(orderId)).map((e) => e.type);
    expect(types.indexOf('RefundRequested')).toBeGreaterThan(types.indexOf('OrderCancelled'));
    expect(types.indexOf('PaymentRefunded')).toBeGreaterThan(types.indexOf('RefundRequested'));
    expect(credit).toMatchObject({
      kind: 'credit_note',
      kindLabel: 'Avoir',
      corrects: deposit!.number,
      totalWithVat: deposit!.totalWithVat,
    });
    expect(credit!.number).toMatch(/^A-\d{4}-\d{6}$/);
    const xml = await checkedPdf(agent, credit!);
    expect(xml).toContain('<rsm:ExchangedDocument>');
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');

    // The order's panel and the accountant's page, for admins and auditors alike.
    const panel = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    expect(panel.body.invoices.map((i: Listed) => i.number)).toEqual([deposit!.number, credit!.number]);
    const auditor = await signInAuditor(t);
    const day = credit!.issueDate;
    const period = await t.http.get(`/api/admin/invoices?from=${day}&to=${day}`).set(auditor).expect(200);
    expect(period.body.invoices.map((i: Listed) => i.number)).toEqual(
      expect.arrayContaining([deposit!.number, credit!.number]),
    );
    expect(period.body.totals.creditNotes).toBeGreaterThanOrEqual(1);

    const csv = await t.http
      .get(`/api/admin/invoices/export.csv?from=${day}&to=${day}`)
      .set(auditor)
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Numéro;Type;Date;Commande;Client;SIREN client;Taux TVA (%);Base HT (€);TVA (€);TTC (€);Facture corrigée',
    );
    expect(lines.find((l) => l.startsWith(`${credit!.number};Avoir;`))).toContain(`;${deposit!.number}`);

    const zip = await t.http
      .get(`/api/admin/invoices/export.zip?from=${day}&to=${day}`)
      .set(auditor)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([`${deposit!.number}.pdf`, `${credit!.number}.pdf`]),
    );
    expect(createHash('sha256').update(files[`${credit!.number}.pdf`]!).digest('hex')).toBe(
      credit!.pdfSha256,
    );

    // The order's evidence bundle carries each document's recorded SHA-256, and the PDF that has it.
    const bundle = await t.http
      .get(`/api/admin/orders/${orderId}/evidence`)
      .set(admin)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const bundled = unzipSync(new Uint8Array(bundle.body as Buffer));
    const recorded = JSON.parse(Buffer.from(bundled['invoices.json']!).toString('utf8')) as Listed[];
    expect(recorded.map((i) => [i.number, i.pdfSha256])).toEqual([
      [deposit!.number, deposit!.pdfSha256],
      [credit!.number, credit!.pdfSha256],
    ]);
    expect(createHash('sha256').update(bundled[`${deposit!.number}.pdf`]!).digest('hex')).toBe(
      deposit!.pdfSha256,
    );

    // A second cancellation of the same order credits nothing twice.
    await asAdmin(
      orderId,
      { type: 'ReactivateOrder', reason: 'Le client reprend' },
      { type: 'CancelOrder', reason: 'Encore' },
    );
    expect(await documentsOf(agent, orderId, 2)).toHaveLength(2);
  }, 180_000);
});

describe('a yearly order paid in full (deposit and balance), cancelled within the guarantee', () => {
  it('lists each credit note at its own amount everywhere, and the period reports each euro once', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'solde-annule@boulangerie-martin.fr');
    await untilFinalPayment(orderId);
    const link = await agent.post(`/api/orders/${orderId}/regenerate-final-payment`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(link.body.paymentUrl)}/pay`).expect(200);
    const [deposit, final] = await documentsOf(agent, orderId, 2);
    await asAdmin(orderId, { type: 'CancelOrder', reason: 'Le client renonce' });

    const documents = await documentsOf(agent, orderId, 4);
    const [depositPaid, balancePaid] = await paidAmounts(orderId);
    // Each refund's webhook credits its invoice: the two come in either order.
    const credits = documents
      .filter((d) => d.kind === 'credit_note')
      .sort((a, b) => a.corrects!.localeCompare(b.corrects!));
    // The credit note of the final invoice gives back what that invoice collected, not the whole sale.
    expect(credits.map((c) => [c.corrects, c.totalWithVat])).toEqual([
      [deposit!.number, depositPaid],
      [final!.number, balancePaid],
    ]);
    expect(credits.reduce((sum, c) => sum + c.totalWithVat, 0)).toBe(depositPaid! + balancePaid!);
    for (const credit of credits) {
      expect(credit.totalAmount + credit.vatAmount).toBe(credit.totalWithVat);
      await checkedPdf(agent, credit);
      const text = await pdfText(agent, credit);
      expect(text).toContain(
        `Montant de l’avoir TTC ${formatEuros(credit.totalWithVat).replace(/\s+/g, ' ')}`,
      );
      expect(text).not.toContain('retard de paiement');
    }

    // The order's panel and the accountant's period say the same amounts.
    const panel = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    expect(panel.body.invoices.map((i: Listed) => [i.number, i.totalWithVat])).toEqual(
      documents.map((d) => [d.number, d.totalWithVat]),
    );
    const day = credits[1]!.issueDate;
    const csv = await t.http
      .get(`/api/admin/invoices/export.csv?from=${day}&to=${day}`)
      .set(admin)
      .expect(200);
    const csvLines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const ttcOf = (number: string) =>
      csvLines.filter((l) => l.startsWith(`${number};`)).map((l) => l.split(';')[9]);
    expect(ttcOf(credits[1]!.number)).toEqual([`-${formatEuros(balancePaid!).replace(/[^\d,]/g, '')}`]);
    expect(ttcOf(final!.number)).toEqual([formatEuros(balancePaid!).replace(/[^\d,]/g, '')]);

    // The period's totals, VAT on receipts and the FEC sales journal agree with one another.
    const period = await t.http.get(`/api/admin/invoices?from=${day}&to=${day}`).set(admin).expect(200);
    const totals = period.body.totals as { totalAmount: number; vatAmount: number; totalWithVat: number };
    // A page at a time, each document once and in issue order, and the totals of the whole period
    // on every page: those the domain adds up from the documents themselves.
    const paged: Listed[] = [];
    for (let after: string | null = null, pages = 0; ; pages++) {
      const query: string = `from=${day}&to=${day}&limit=1${after ? `&after=${after}` : ''}`;
      const page = await t.http.get(`/api/admin/invoices?${query}`).set(admin).expect(200);
      expect(page.body.totals).toEqual(period.body.totals);
      expect(page.body.invoices).toHaveLength(1);
      paged.push(...(page.body.invoices as Listed[]));
      after = page.body.next as string | null;
      if (!after) break;
      expect(pages).toBeLessThan(50);
    }
    expect(paged.map((i) => i.number)).toEqual((period.body.invoices as Listed[]).map((i) => i.number));
    expect(ledgerTotals(paged as Parameters<typeof ledgerTotals>[0])).toEqual(period.body.totals);
    await t.http.get(`/api/admin/invoices?from=${day}&to=${day}&after=nope`).set(admin).expect(400);
    const receipts = await t.http
      .get(`/api/admin/invoices/receipts?from=${day}&to=${day}`)
      .set(admin)
      .expect(200);
    expect(receipts.body.invoicedWithVat).toBe(totals.totalWithVat);
    expect(receipts.body.paymentsWithVat).toBe(receipts.body.received.totalWithVat);
    expect(receipts.body.mismatches).toEqual([]);
    const differences = (receipts.body.differences as { amountWithVat: number }[]).reduce(
      (sum, d) => sum + d.amountWithVat,
      0,
    );
    expect(receipts.body.invoicedWithVat + differences).toBe(receipts.body.net.totalWithVat);

    const fec = await t.http
      .get(`/api/admin/invoices/export-fec.csv?from=${day}&to=${day}`)
      .set(admin)
      .expect(200);
    expect(fec.headers['content-disposition']).toContain(`journal-ventes-${day}-${day}.csv`);
    const rows = fec.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]!.split(';')).toHaveLength(18);
    const entries = rows.slice(1).map((row) => {
      const cells = [...`${row};`.matchAll(/("(?:[^"]|"")*"|[^;]*);/g)].map(([, cell]) => cell!);
      const cents = (text: string) => Number(text.replace(',', ''));
      return { entry: cells[2]!, account: cells[4]!, debit: cents(cells[11]!), credit: cents(cells[12]!) };
    });
    for (const entry of new Set(entries.map((e) => e.entry))) {
      const lines = entries.filter((e) => e.entry === entry);
      expect(lines.reduce((sum, l) => sum + l.debit, 0)).toBe(lines.reduce((sum, l) => sum + l.credit, 0));
    }
    const net = (...accounts: string[]) =>
      entries.filter((e) => accounts.includes(e.account)).reduce((sum, e) => sum + e.credit - e.debit, 0);
    expect(net('706', '4191')).toBe(totals.totalAmount);
    expect(net('44571')).toBe(totals.vatAmount);
    expect(0 - net('411')).toBe(totals.totalWithVat);
  }, 240_000);
});

describe('a refund at the provider (the sandbox)', () => {
  const refundAtProvider = async (paymentId: string, refundedTotal: number) =>
    t.app
      .get(SandboxDeliveries)
      .deliver(await t.app.get(SandboxPaymentProvider).refundAtProvider(paymentId, refundedTotal));
  const depositPaymentId = async (orderId: string) =>
    (
      (await t.orderEvents(orderId)).find((e) => e.type === 'DepositPaid')!.data as {
        payment: { paymentId: string };
      }
    ).payment.paymentId;

  it('credits the invoice for each part refunded, once whatever the deliveries, and never beyond what it collected', async () => {
    const { orderId, agent } = await paidOrderWithSignedInClient(t, 'rembourse@boulangerie-martin.fr');
    const [deposit] = await documentsOf(agent, orderId, 1);
    const paymentId = await depositPaymentId(orderId);

    const deliveries = t.app.get(SandboxDeliveries);
    const delivery = await t.app.get(SandboxPaymentProvider).refundAtProvider(paymentId, 10_000);
    expect(await deliveries.deliver(delivery)).toEqual({ received: true, outcome: 'recorded' });
    expect(await deliveries.deliver(delivery)).toEqual({ received: true, outcome: 'duplicate' });
    // Another delivery saying the same running total: nothing new was refunded.
    expect(await refundAtProvider(paymentId, 10_000)).toEqual({ received: true, outcome: 'ignored' });
    const [, partial] = await documentsOf(agent, orderId, 2);
    expect(partial).toMatchObject({
      kind: 'credit_note',
      kindLabel: 'Avoir',
      corrects: deposit!.number,
      totalWithVat: 10_000,
    });
    expect(partial!.totalAmount + partial!.vatAmount).toBe(10_000);
    const xml = await checkedPdf(agent, partial!);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${deposit!.number}</ram:IssuerAssignedID>`);

    // The rest refunded: a second credit note for the rest only.
    expect(await refundAtProvider(paymentId, deposit!.totalWithVat)).toEqual({
      received: true,
      outcome: 'recorded',
    });
    const [, , rest] = await documentsOf(agent, orderId, 3);
    expect(rest).toMatchObject({ corrects: deposit!.number, totalWithVat: deposit!.totalWithVat - 10_000 });
    await checkedPdf(agent, rest!);

    // Cancelled within the guarantee afterwards: nothing is left of the invoice to credit.
    await asAdmin(orderId, { type: 'CancelOrder', reason: 'Le client renonce' });
    expect(await documentsOf(agent, orderId, 3)).toHaveLength(3);
  }, 180_000);

  it("credits a renewal for the part refunded, naming the renewal's invoice; a refund reported before the renewal is taken once it is in", async () => {
    const { orderId, agent, subscriptionId } = await subscribedOrder('renouvele@boulangerie-martin.fr');
    const sandbox = t.app.get(SandboxPaymentProvider);
    const deliveries = t.app.get(SandboxDeliveries);
    // The month is renewed and paid at the provider; its webhook has not arrived yet.
    const renewed = (await sandbox.renew(subscriptionId, { now: true }))!;
    const renewalInvoice = (JSON.parse(renewed.rawBody.toString()) as { data: { object: { id: string } } })
      .data.object.id;
    const refund = (await sandbox.refundAtProvider(renewalInvoice, 1_000))!;
    // Reported first, it is refused for now: the provider delivers it again, as Stripe does a non-2xx.
    await expect(deliveries.deliver(refund)).rejects.toMatchObject({
      code: 'ORDER.PAYMENT_NOT_RECORDED_YET',
    });
    expect(await deliveries.deliver(renewed)).toEqual({ received: true, outcome: 'recorded' });
    expect(await deliveries.deliver(refund)).toEqual({ received: true, outcome: 'recorded' });
    expect(await deliveries.deliver(refund)).toEqual({ received: true, outcome: 'duplicate' });
    expect(await refundAtProvider(renewalInvoice, 1_000)).toEqual({ received: true, outcome: 'ignored' });

    const [, , renewal, credit] = await documentsOf(agent, orderId, 4);
    const month = (await paidAmounts(orderId)).at(-1)!;
    expect(renewal).toMatchObject({ kind: 'invoice', totalWithVat: month });
    expect(credit).toMatchObject({
      kind: 'credit_note',
      kindLabel: 'Avoir',
      corrects: renewal!.number,
      totalWithVat: 1_000,
    });
    expect(credit!.totalAmount + credit!.vatAmount).toBe(1_000);
    const xml = await checkedPdf(agent, credit!);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${renewal!.number}</ram:IssuerAssignedID>`);
    const text = await pdfText(agent, credit!);
    expect(text).toContain(`Avoir sur la facture ${renewal!.number}`);
    expect(text).toContain('Motif : Remboursement partiel effectué chez le prestataire de paiement');

    // Refunded beyond what it paid: only the rest of the month is credited, never more.
    expect(await refundAtProvider(renewalInvoice, month + 5_000)).toEqual({
      received: true,
      outcome: 'recorded',
    });
    const [, , , , rest] = await documentsOf(agent, orderId, 5);
    expect(rest).toMatchObject({ corrects: renewal!.number, totalWithVat: month - 1_000 });
    await checkedPdf(agent, rest!);
  }, 180_000);

  it('issues no credit note for a stale link paid and refunded at once: that payment was never invoiced', async () => {
    const orderId = await completedOrder(t);
    const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    const paymentId = checkoutIdOf(body.paymentUrl);
    const paid = (await t.app.get(SandboxPaymentProvider).act(paymentId, 'pay'))!;
    await t.http
      .post(`/api/orders/${orderId}/complete`)
      .send(completeForm({ selectedTemplate: 'ecommerce' }))
      .expect(200);
    expect(await t.app.get(SandboxDeliveries).deliver(paid.delivery)).toEqual({
      received: true,
      outcome: 'refused',
    });
    // The refusal's job refunds it; the provider reports the order's own refund back.
    const refunded = await eventually(async () =>
      (await t.orderEvents(orderId)).find((e) => e.type === 'PaymentRefunded'),
    );
    expect(await refundAtProvider(paymentId, (refunded.data as { amount: number }).amount)).toEqual({
      received: true,
      outcome: 'ignored',
    });

    await settled(t);
    if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
      throw new Error('the invoices read model did not catch up');
    const panel = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    expect(panel.body.invoices).toEqual([]);
    expect((await t.orderEvents(orderId)).filter((e) => e.type === 'PaymentRefunded')).toHaveLength(1);
  }, 180_000);
});

describe('an offline payment recorded in the back-office', () => {
  it('issues its invoice dated by the day received, naming its reference, in the client’s and the back-office’s lists', async () => {
    const email = 'virement@boulangerie-martin.fr';
    const orderId = await completedOrder(t, { contactEmail: email });
    // As the panel's dialog sends it: the reference, how and the day the transfer came in (today: a
    // payment is never received before the order was made).
    const today = new Date();
    const receivedOn = parisDate(today.toISOString());
    const receivedDay = new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }).format(today);
    const recorded = await t.http
      .post(`/api/admin/orders/${orderId}/offline-payment`)
      .set(admin)
      .send({ reference: 'VIR-2026-118', receivedOn, means: 'transfer' })
      .expect(200);
    expect(recorded.body.order).toMatchObject({
      depositPaid: true,
      firstPayment: { provider: 'offline', reference: 'VIR-2026-118' },
    });
    const accountEmail = await eventually(async () =>
      (await t.app.get(EmailService).mailbox(200)).find(
        (e) => e.to === email && e.template === 'account-created',
      ),
    );
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(accountEmail.text)![1]!);
    const agent = (await import('supertest')).default.agent(t.app.getHttpServer());
    await agent
      .post('/api/auth/set-password')
      .send({ token, password: 'un mot de passe solide' })
      .expect(200);

    const [deposit] = await documentsOf(agent, orderId, 1);
    const [paid] = await paidAmounts(orderId);
    expect(deposit).toMatchObject({ kind: 'deposit_invoice', totalWithVat: paid });
    const xml = await checkedPdf(agent, deposit!);
    // Paid by the team's record of a transfer: payment means SEPA credit transfer, the invoice acquitted.
    expect(xml).toContain('<ram:TypeCode>58</ram:TypeCode>');
    expect(xml).not.toContain('<ram:TypeCode>ZZZ</ram:TypeCode>');
    const text = await pdfText(agent, deposit!);
    expect(text).toContain(
      `Facture acquittée : payée par virement (référence « VIR-2026-118 ») le ${receivedDay}.`,
    );
    expect(text).toContain(`Date de paiement : ${receivedDay}`);
    const euros = (cents: number) => formatEuros(cents).replace(/\s+/g, ' ');
    expect(text).toContain(`Total HT ${euros(deposit!.totalAmount)}`);
    expect(text).toContain(`TVA 20 % sur ${euros(deposit!.totalAmount)} ${euros(deposit!.vatAmount)}`);
    expect(text).toContain(`Total TTC ${euros(deposit!.totalWithVat)}`);

    const panel = await t.http.get(`/api/admin/orders/${orderId}/invoices`).set(admin).expect(200);
    const { pdfUrl: _clientUrl, ...listed } = deposit!;
    expect(panel.body.invoices).toEqual([
      { ...listed, pdfUrl: `/api/admin/invoices/${deposit!.number}/pdf` },
    ]);
    const auditor = await signInAuditor(t);
    const day = deposit!.issueDate;
    const period = await t.http.get(`/api/admin/invoices?from=${day}&to=${day}`).set(auditor).expect(200);
    expect(period.body.invoices.map((i: Listed) => i.number)).toContain(deposit!.number);
  }, 180_000);
});
