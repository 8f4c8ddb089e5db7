import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parisDate } from '@coseso/domain/shared/calendar';
import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { ADMIN_ENV, projected, settled, signInAdmin } from '@coseso/backend/admin/testing/back-office';
import { EmailService } from '@coseso/backend/emails/email-service';
import { paidOrderWithSignedInClient } from '@coseso/backend/testing/client-order';
import { completedOrder, eventually } from '@coseso/backend/testing/order-journey';
import { type TestApp, startTestApp } from '@coseso/backend/testing/test-app';
import { BACKGROUND_WAIT_MS } from '@coseso/backend/testing/waits';
import {
  currentOrder,
  runOrderCommands,
  untilFinalPaymentAsked,
  untilPreviewSent,
} from '@coseso/backend/write-side/testing/order-commands';
import request from 'supertest';

// Issue 40's « Done means »: the period totals of e2e data reconciled by hand against the payments.
// A fortnight of books is made through the real app (HTTP, the sandbox provider and its webhooks,
// the back-office's routes; a ManualClock moves the days): yearly and monthly orders, card and
// offline payments, a failed payment, a cancellation within the guarantee refunded, a reactivation
// paid again, partial and full refunds from the back-office, a renewal. Then the payments and refunds
// are read from the order events alone and summed here, independently of the app's ledger code
// (HT from TTC at the grid's one rate, 20 %), and compared with what the accountant's routes export:
// the period's totals, VAT on receipts, the CSV register and the FEC sales journal.
// RECONCILE_REPORT_DIR=<folder> writes the exports and the tables (docs/books/ was written so).

const VAT_RATE_PERCENT = 20;
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV, { clock });
  admin = (await signInAdmin(t)).auth;
}, 600_000);
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const team = { kind: 'admin', id: 'admin-test' } as const;
const checkoutIdOf = (url: string) => url.split('/').pop()!;
const today = () => parisDate(clock.now().toISOString());
const pay = (url: string) => t.http.post(`/api/sandbox/checkout/${checkoutIdOf(url)}/pay`).expect(200);
const patchStatus = (orderId: string, body: object) =>
  t.http.patch(`/api/admin/orders/${orderId}/status`).set(admin).send(body).expect(200);
const offline = (orderId: string, reference: string, means: string, receivedOn = today()) =>
  t.http
    .post(`/api/admin/orders/${orderId}/offline-payment`)
    .set(admin)
    .send({ reference, receivedOn, means })
    .expect(200);
const refund = (orderId: string, paymentId: string, amount: number, reason: string) =>
  t.http
    .post(`/api/admin/orders/${orderId}/refunds`)
    .set(admin)
    .send({ paymentId, amount, reason })
    .expect(200);
const until = (orderId: string, type: string, count = 1) =>
  eventually(async () =>
    (await t.orderEvents(orderId)).filter((e) => e.type === type).length >= count ? true : null,
  );
const paymentIdOf = async (orderId: string, type: string) =>
  (
    (await t.orderEvents(orderId)).findLast((e) => e.type === type)!.data as {
      payment: { paymentId: string };
    }
  ).payment.paymentId;

async function signedInAgent(email: string): Promise<Agent> {
  const accountEmail = await eventually(async () =>
    (await t.app.get(EmailService).mailbox(500)).find(
      (e) => e.to === email && e.template === 'account-created',
    ),
  );
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(accountEmail.text)![1]!);
  const agent = request.agent(t.app.getHttpServer());
  await agent.post('/api/auth/set-password').send({ token, password: 'un mot de passe solide' }).expect(200);
  return agent;
}

/** A yearly order whose deposit is paid by card in the sandbox; no client session (none is needed). */
async function paidDeposit(email: string): Promise<string> {
  const orderId = await completedOrder(t, { contactEmail: email });
  await pay((await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200)).body.paymentUrl);
  await until(orderId, 'DepositPaid');
  return orderId;
}

/** The orders of the period, by the label the tables give them. */
const orders = new Map<string, string>();

/** Makes the period: ten orders over a fortnight, each path of the money once at least. */
async function makePeriod() {
  // Day 1. A yearly deposit by card; a failed card payment, then paid on a new link; a monthly
  // order's set-up fee and first month; a deposit received by transfer.
  const annual = await paidOrderWithSignedInClient(t, 'annuel@reconcile.test');
  orders.set('annuel', annual.orderId);

  const failedFirst = await completedOrder(t, { contactEmail: 'echec@reconcile.test' });
  orders.set('echec-puis-paye', failedFirst);
  const failed = await t.http.post(`/api/orders/${failedFirst}/payment-annual`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(failed.body.paymentUrl)}/fail`).expect(200);
  const retried = await t.http.post(`/api/orders/${failedFirst}/payment-annual`).expect(200);
  expect(retried.body.paymentUrl).not.toBe(failed.body.paymentUrl);
  await pay(retried.body.paymentUrl);
  // The failed payment is in the log as a closed checkout, never as money: only the retry is paid.
  await until(failedFirst, 'DepositPaid');
  const failedLog = await t.orderEvents(failedFirst);
  expect(failedLog.find((e) => e.type === 'CheckoutClosed')?.data).toMatchObject({
    paymentId: checkoutIdOf(failed.body.paymentUrl),
    outcome: 'failed',
  });
  expect(await paymentIdOf(failedFirst, 'DepositPaid')).toBe(checkoutIdOf(retried.body.paymentUrl));

  const monthly = await completedOrder(t, {
    billingPeriod: 'monthly',
    contactEmail: 'mensuel@reconcile.test',
  });
  orders.set('mensuel', monthly);
  await pay((await t.http.post(`/api/orders/${monthly}/payment-monthly`).expect(200)).body.paymentUrl);
  const monthlyAgent = await signedInAgent('mensuel@reconcile.test');
  await until(monthly, 'OrderLinkedToClient');
  await untilFinalPaymentAsked(t.app, monthly, team);
  await pay(
    (await monthlyAgent.post(`/api/orders/${monthly}/payment-first-month`).expect(200)).body.paymentUrl,
  );

  const transfer = await completedOrder(t, { contactEmail: 'virement@reconcile.test' });
  orders.set('virement-puis-cheque', transfer);
  await offline(transfer, 'VIR-2026-0001', 'transfer');

  // Day 3. A deposit cancelled within the guarantee (refunded by the sandbox, credited); a deposit
  // partly refunded from the back-office; the first order's balance by card.
  clock.advanceDays(2);
  const cancelled = await paidDeposit('annule@reconcile.test');
  orders.set('annule-garantie', cancelled);
  await patchStatus(cancelled, { status: 'cancelled', reason: 'Le client renonce' });
  await until(cancelled, 'PaymentRefunded');

  const gesture = await paidDeposit('geste@reconcile.test');
  orders.set('remboursement-partiel', gesture);
  await refund(gesture, await paymentIdOf(gesture, 'DepositPaid'), 5_000, 'Geste commercial');
  await until(gesture, 'PaymentRefunded');

  await untilFinalPaymentAsked(t.app, annual.orderId, team);
  await pay(
    (await annual.agent.post(`/api/orders/${annual.orderId}/regenerate-final-payment`).expect(200)).body
      .paymentUrl,
  );

  // Day 5. A deposit refunded by a cancellation within the guarantee, the order reactivated, the
  // deposit paid again and the balance; the transfer order's balance by cheque; a renewal.
  clock.advanceDays(2);
  const resumed = await paidOrderWithSignedInClient(t, 'reprise@reconcile.test');
  orders.set('annule-reactive', resumed.orderId);
  await until(resumed.orderId, 'DepositPaid');
  await runOrderCommands(
    t.app,
    resumed.orderId,
    team,
    ...untilPreviewSent('https://preview.coseso.fr/reprise').slice(0, 5),
  );
  await patchStatus(resumed.orderId, { status: 'cancelled', reason: 'Le client renonce' });
  await until(resumed.orderId, 'PaymentRefunded');
  await patchStatus(resumed.orderId, { status: 'in_progress', reason: 'Le client reprend' });
  await pay(
    (await resumed.agent.post(`/api/orders/${resumed.orderId}/payment-annual`).expect(200)).body.paymentUrl,
  );
  await until(resumed.orderId, 'DepositPaid', 2);
  await runOrderCommands(t.app, resumed.orderId, team, {
    type: 'SendReviewLink',
    reviewUrl: 'https://preview.coseso.fr/reprise',
  });
  const client = (await currentOrder(t.app, resumed.orderId)).clientId!;
  await runOrderCommands(t.app, resumed.orderId, { kind: 'client', id: client }, { type: 'ApproveReview' });
  await patchStatus(resumed.orderId, { status: 'awaiting_balance_payment' });
  await pay(
    (await resumed.agent.post(`/api/orders/${resumed.orderId}/regenerate-final-payment`).expect(200)).body
      .paymentUrl,
  );

  await until(transfer, 'OrderLinkedToClient');
  await untilFinalPaymentAsked(t.app, transfer, team);
  await offline(transfer, 'CHQ-0042', 'cheque');

  const started = (await t.orderEvents(monthly)).find((e) => e.type === 'SubscriptionStarted')!;
  const { subscriptionId } = started.data as { subscriptionId: string };
  await t.http.post(`/api/sandbox/subscriptions/${subscriptionId}/renew`).expect(200);

  // Day 8. The first order's balance refunded in full from the back-office (its invoice deducts the
  // deposit: the credit note gives back what the balance collected, not the whole sale); a monthly
  // set-up fee paid in cash; a yearly deposit by card left as it is.
  clock.advanceDays(3);
  await until(annual.orderId, 'BalancePaid');
  const balancePaid = (await t.orderEvents(annual.orderId)).find((e) => e.type === 'BalancePaid')!;
  const { amount: balance } = balancePaid.data as { amount: number };
  await refund(
    annual.orderId,
    await paymentIdOf(annual.orderId, 'BalancePaid'),
    balance,
    'Site non livré à temps',
  );
  await until(annual.orderId, 'PaymentRefunded');

  const cash = await completedOrder(t, {
    billingPeriod: 'monthly',
    contactEmail: 'especes@reconcile.test',
    additionalOptions: {},
  });
  orders.set('mensuel-especes', cash);
  await offline(cash, 'ESP-0007', 'cash');

  orders.set('acompte-seul', await paidDeposit('simple@reconcile.test'));

  await settled(t);
  if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
    throw new Error('the invoices read model did not catch up');
  await projected(t);
}

// ----------------------------------------------------------------------------------------------
// The books read by hand from the log: no ledger function of the app is called below.

const MONEY_EVENTS: Record<string, string> = {
  DepositPaid: 'acompte',
  SetupFeePaid: 'frais de mise en place',
  BalancePaid: 'solde',
  FirstMonthlyPaymentPaid: 'premier mois',
  SubscriptionRenewed: 'renouvellement',
  AccountManagerAdded: 'chargé de compte',
};

const MEANS: Record<string, string> = {
  card: 'carte',
  transfer: 'virement',
  cheque: 'chèque',
  cash: 'espèces',
  offline: 'hors ligne',
};

interface Movement {
  readonly eventId: string;
  readonly orderId: string;
  readonly kind: string;
  readonly day: string;
  readonly means: string;
  readonly paymentId: string;
  readonly amountWithVat: number;
  readonly amount: number;
  readonly vat: number;
  /** The document the log issued for it (its number), and how many it issued. */
  documents: string[];
  /** For a refund: the invoice of the payment it gives back. */
  refundedInvoice?: string;
}

/** HT of an amount TTC at one rate, to the nearest cent (half away from zero): VAT is the rest. */
const split = (withVat: number) => {
  const amount = Math.round((withVat * 100) / (100 + VAT_RATE_PERCENT));
  return { amount, vat: withVat - amount };
};

interface LoggedDocument {
  readonly streamId: string;
  readonly type: 'InvoiceIssued' | 'CreditNoteIssued';
  readonly causeEventId: string;
  readonly number: string;
  readonly kind: string;
  readonly issueDate: string;
  readonly orderId: string;
  readonly orderNumber: number;
  readonly correctsNumber: string | null;
  readonly paymentId: string | null;
}

async function booksByHand() {
  const events = await t.events();
  const payments: Movement[] = [];
  const refunds: Movement[] = [];
  const documents: LoggedDocument[] = [];
  for (const e of events) {
    const occurredDay = parisDate(e.metadata['occurredAt'] as string);
    if (e.streamId.startsWith('order-')) {
      const orderId = e.streamId.slice('order-'.length);
      if (e.type in MONEY_EVENTS) {
        const data = e.data as {
          amount: number;
          payment: { paymentId: string; provider: string; receivedOn?: string; means?: string };
        };
        payments.push({
          eventId: e.eventId,
          orderId,
          kind: MONEY_EVENTS[e.type]!,
          day: data.payment.receivedOn ?? occurredDay,
          means: MEANS[data.payment.means ?? (data.payment.provider === 'offline' ? 'offline' : 'card')]!,
          paymentId: data.payment.paymentId,
          amountWithVat: data.amount,
          ...split(data.amount),
          documents: [],
        });
      } else if (e.type === 'PaymentRefunded') {
        const data = e.data as { amount: number; payment: { paymentId: string }; purpose: string };
        refunds.push({
          eventId: e.eventId,
          orderId,
          kind: `remboursement (${data.purpose})`,
          day: occurredDay,
          means: 'carte',
          paymentId: data.payment.paymentId,
          amountWithVat: data.amount,
          ...split(data.amount),
          documents: [],
        });
      }
    } else if (e.type === 'InvoiceIssued' || e.type === 'CreditNoteIssued') {
      const { document, issuedFrom } = e.data as {
        document: {
          number: string;
          kind: string;
          issueDate: string;
          order: { orderId: string; orderNumber: number };
          corrects: { number: string } | null;
          payment: { paymentId: string } | null;
        };
        issuedFrom: { eventId: string };
      };
      documents.push({
        streamId: e.streamId,
        type: e.type,
        causeEventId: issuedFrom.eventId,
        number: document.number,
        kind: document.kind,
        issueDate: document.issueDate,
        orderId: document.order.orderId,
        orderNumber: document.order.orderNumber,
        correctsNumber: document.corrects?.number ?? null,
        paymentId: document.payment?.paymentId ?? null,
      });
    }
  }
  for (const p of payments)
    p.documents = documents
      .filter((d) => d.type === 'InvoiceIssued' && d.causeEventId === p.eventId)
      .map((d) => d.number);
  for (const r of refunds) {
    r.documents = documents
      .filter((d) => d.type === 'CreditNoteIssued' && d.causeEventId === r.eventId)
      .map((d) => d.number);
    // The payment it gives back: the last one with its provider id before it (a payment paid again
    // after a reactivation has a new id).
    const paid = payments.filter((p) => p.paymentId === r.paymentId && p.orderId === r.orderId);
    r.refundedInvoice = paid.at(-1)?.documents[0];
  }
  const orderNumbers = new Map(documents.map((d) => [d.orderId, d.orderNumber]));
  return { payments, refunds, documents, orderNumbers };
}

const sum = (items: readonly { amountWithVat: number; amount: number; vat: number }[]) => ({
  totalWithVat: items.reduce((s, i) => s + i.amountWithVat, 0),
  totalAmount: items.reduce((s, i) => s + i.amount, 0),
  vatAmount: items.reduce((s, i) => s + i.vat, 0),
});

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
/** Cells of a line of the app's CSV (semicolons; quoted cells may hold them). */
const cellsOf = (line: string) =>
  [...`${line};`.matchAll(/("(?:[^"]|"")*"|[^;]*);/g)].map(([, c]) => c!.replace(/^"|"$/g, ''));
const centsOf = (cell: string) => Math.round(Number(cell.replace(/\s/g, '').replace(',', '.')) * 100);
const linesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

it('the period of books made through the app reconciles by hand with its payments and refunds: every export, to the cent', async () => {
  const first = today();
  await makePeriod();
  const last = today();
  const { payments, refunds, documents, orderNumbers } = await booksByHand();
  const label = new Map([...orders].map(([name, id]) => [id, name]));

  // Every payment invoiced exactly once, every refund credited exactly once, by the document that
  // names its event, and nothing else issued: each document answers one money event.
  expect(payments.filter((p) => p.documents.length !== 1)).toEqual([]);
  expect(refunds.filter((r) => r.documents.length !== 1)).toEqual([]);
  expect(documents).toHaveLength(payments.length + refunds.length);
  expect(new Set(documents.map((d) => d.number)).size).toBe(documents.length);
  // Each credit note corrects the invoice of the payment its refund gives back.
  for (const r of refunds) {
    const credit = documents.find((d) => d.number === r.documents[0])!;
    expect(credit.correctsNumber).toBe(r.refundedInvoice);
  }
  expect(payments.every((p) => p.day >= first && p.day <= last)).toBe(true);
  expect(refunds.every((r) => r.day >= first && r.day <= last)).toBe(true);

  const received = sum(payments);
  const refunded = sum(refunds);
  const net = {
    totalWithVat: received.totalWithVat - refunded.totalWithVat,
    totalAmount: received.totalAmount - refunded.totalAmount,
    vatAmount: received.vatAmount - refunded.vatAmount,
  };

  // The accountant's page: the period's documents, each listed at its payment or refund; the totals.
  const period = `from=${first}&to=${last}`;
  const page = await t.http.get(`/api/admin/invoices?${period}&limit=500`).set(admin).expect(200);
  const listed = page.body.invoices as {
    number: string;
    kind: string;
    totalAmount: number;
    vatAmount: number;
    totalWithVat: number;
  }[];
  expect(page.body.next).toBeNull();
  expect(listed.map((i) => i.number).sort()).toEqual(documents.map((d) => d.number).sort());
  const byNumber = new Map(listed.map((i) => [i.number, i]));
  const listing = [...payments, ...refunds].map((m) => {
    const item = byNumber.get(m.documents[0]!)!;
    return {
      number: item.number,
      listed: [item.totalWithVat, item.totalAmount, item.vatAmount],
      byHand: [m.amountWithVat, m.amount, m.vat],
    };
  });
  expect(listing.filter((l) => l.listed.join() !== l.byHand.join())).toEqual([]);
  const totals = page.body.totals as { invoices: number; creditNotes: number } & typeof net;
  expect(totals).toEqual({ invoices: payments.length, creditNotes: refunds.length, ...net });

  // VAT on receipts: received and refunded by rate, the payments the invoices acknowledge.
  const receipts = (await t.http.get(`/api/admin/invoices/receipts?${period}`).set(admin).expect(200)).body;
  expect(receipts.rates).toEqual([{ vatRatePercent: VAT_RATE_PERCENT, received, refunded, net }]);
  expect({ received: receipts.received, refunded: receipts.refunded, net: receipts.net }).toEqual({
    received,
    refunded,
    net,
  });
  expect(receipts.paymentsWithVat).toBe(received.totalWithVat);
  expect(receipts.invoicedWithVat).toBe(net.totalWithVat);
  expect(receipts.differences).toEqual([]);
  expect(receipts.mismatches).toEqual([]);

  // The CSV register: one line per document (one rate), credit notes negative; its sums.
  const csv = await t.http.get(`/api/admin/invoices/export.csv?${period}`).set(admin).expect(200);
  const csvRows = linesOf(csv.text).slice(1).map(cellsOf);
  expect(csvRows).toHaveLength(documents.length);
  const csvSum = (column: number) => csvRows.reduce((s, row) => s + centsOf(row[column]!), 0);
  expect(csvRows.every((row) => row[6] === String(VAT_RATE_PERCENT))).toBe(true);
  expect({ totalAmount: csvSum(7), vatAmount: csvSum(8), totalWithVat: csvSum(9) }).toEqual({
    totalAmount: net.totalAmount,
    vatAmount: net.vatAmount,
    totalWithVat: net.totalWithVat,
  });

  // The FEC sales journal: each entry balanced; by account, what the payments say. A deposit is
  // credited to 4191 when received and moved to 706 by its final invoice: 706 + 4191 is the sales
  // HT once, and 4191 keeps the deposits received whose balance is not invoiced yet.
  const fec = await t.http.get(`/api/admin/invoices/export-fec.csv?${period}`).set(admin).expect(200);
  const fecRows = linesOf(fec.text);
  expect(cellsOf(fecRows[0]!)).toHaveLength(18);
  const entries = fecRows.slice(1).map((row) => {
    const cells = cellsOf(row);
    return {
      entry: cells[2]!,
      account: cells[4]!,
      piece: cells[8]!,
      debit: centsOf(cells[11]!),
      credit: centsOf(cells[12]!),
    };
  });
  const unbalanced = [...new Set(entries.map((e) => e.entry))].filter((entry) => {
    const lines = entries.filter((e) => e.entry === entry);
    return lines.reduce((s, l) => s + l.debit - l.credit, 0) !== 0;
  });
  expect(unbalanced).toEqual([]);
  expect(new Set(entries.map((e) => e.piece)).size).toBe(documents.length);
  const creditNet = (...accounts: string[]) =>
    entries.filter((e) => accounts.includes(e.account)).reduce((s, e) => s + e.credit - e.debit, 0);
  const debits = entries.reduce((s, e) => s + e.debit, 0);
  const credits = entries.reduce((s, e) => s + e.credit, 0);
  expect(debits).toBe(credits);
  expect(-creditNet('411')).toBe(net.totalWithVat);
  expect(creditNet('44571')).toBe(net.vatAmount);
  expect(creditNet('706', '4191')).toBe(net.totalAmount);
  // Deposits still held: received as deposits, less refunded, less those a final invoice still
  // standing deducted. A final invoice credited in full puts its deposit back in 4191 (its credit
  // note reverses the whole entry: the sale leaves 706, the deposit is held again).
  const finalInvoiceOf = (orderId: string) =>
    payments
      .filter((p) => p.orderId === orderId && p.kind === 'solde')
      .reduce((s, p) => s + p.amountWithVat, 0) >
    refunds
      .filter((r) => r.orderId === orderId && r.kind === 'remboursement (balance)')
      .reduce((s, r) => s + r.amountWithVat, 0);
  const depositsHeld = payments
    .filter((p) => p.kind === 'acompte' && !finalInvoiceOf(p.orderId))
    .reduce((s, p) => s + p.amount, 0);
  const depositsRefunded = refunds
    .filter((r) => r.kind === 'remboursement (deposit)' && !finalInvoiceOf(r.orderId))
    .reduce((s, r) => s + r.amount, 0);
  expect(creditNet('4191')).toBe(depositsHeld - depositsRefunded);

  // And the app's own check of the whole log.
  const books = (await t.http.get('/api/admin/invoices/verify-books').set(admin).expect(200)).body;
  expect(books).toMatchObject({ ok: true, breaks: [], numbering: [] });

  const dir = process.env['RECONCILE_REPORT_DIR'];
  if (dir) {
    await mkdir(dir, { recursive: true });
    const row = (m: Movement, signed: number) =>
      `| n° ${orderNumbers.get(m.orderId)} (${label.get(m.orderId) ?? '?'}) | ${m.kind} | ${m.means} | ${m.day} | ${euros(signed * m.amountWithVat)} | ${euros(signed * m.amount)} | ${euros(signed * m.vat)} | ${m.documents.join(', ')}${m.refundedInvoice ? ` (sur ${m.refundedInvoice})` : ''} |`;
    const table = [
      '| Commande | Nature | Moyen | Date | TTC (€) | HT (€) | TVA 20 % (€) | Pièce |',
      '|---|---|---|---|--:|--:|--:|---|',
      ...payments.map((p) => row(p, 1)),
      ...refunds.map((r) => row(r, -1)),
    ];
    const amounts = (a: typeof net) =>
      `${euros(a.totalWithVat)} TTC = ${euros(a.totalAmount)} HT + ${euros(a.vatAmount)} TVA`;
    await writeFile(
      join(dir, 'reconcile-period.md'),
      [
        `Période du ${first} au ${last}; ${payments.length} paiements, ${refunds.length} remboursements, ${documents.length} pièces.`,
        '',
        ...table,
        '',
        `Encaissé : ${amounts(received)}`,
        `Remboursé : ${amounts(refunded)}`,
        `Net : ${amounts(net)}`,
        `App, totaux de la période : ${JSON.stringify(totals)}`,
        `App, TVA sur les encaissements : ${JSON.stringify({ rates: receipts.rates, paymentsWithVat: receipts.paymentsWithVat, invoicedWithVat: receipts.invoicedWithVat, differences: receipts.differences, mismatches: receipts.mismatches })}`,
        `CSV : HT ${euros(csvSum(7))}, TVA ${euros(csvSum(8))}, TTC ${euros(csvSum(9))}`,
        `FEC : débits ${euros(debits)}, crédits ${euros(credits)}, 411 ${euros(-creditNet('411'))} (débit net), 706 ${euros(creditNet('706'))}, 4191 ${euros(creditNet('4191'))}, 44571 ${euros(creditNet('44571'))} (crédit net)`,
        `verify-books : ${JSON.stringify(books)}`,
        '',
      ].join('\n'),
    );
    await writeFile(join(dir, 'export.csv'), csv.text);
    await writeFile(join(dir, 'export-fec.csv'), fec.text);
    await writeFile(join(dir, 'invoices.json'), JSON.stringify(page.body, null, 2));
    await writeFile(join(dir, 'receipts.json'), JSON.stringify(receipts, null, 2));
    await writeFile(join(dir, 'movements.json'), JSON.stringify({ payments, refunds }, null, 2));
  }
}, 300_000);
