import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { settled, signInAuditor } from '../../admin/testing/back-office.js';
import { paidOrderWithSignedInClient } from '../../testing/client-order.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';
import { OrderInvoicing } from '../issuing/order-invoicing.js';

// « Vérifier les comptes » over the log the real app wrote: orders paid through the sandbox, one
// cancelled within the 14-day guarantee, one after it. Time is the app's Clock: a ManualClock moved
// 15 days, no sleeping.

const clock = new ManualClock(new Date());
let t: TestApp;
let auditor: { authorization: string };
const admin = { kind: 'admin', id: 'admin-test' } as const;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  auditor = await signInAuditor(t);
});
afterAll(() => t.close());

const invoiced = (orderId: string, count: number) =>
  eventually(async () => {
    const documents = await t.app.get(OrderInvoicing).invoicesOf(orderId);
    return documents.length >= count ? documents : null;
  });

it('a payment link is given again while it is open on the app’s clock, and a new one once the clock has passed its end', async () => {
  const orderId = await completedOrder(t);
  const first = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  const again = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  expect(again.body.paymentUrl).toBe(first.body.paymentUrl);
  clock.advance(24 * 3_600_000);
  const after = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  expect(after.body.paymentUrl).not.toBe(first.body.paymentUrl);
});

it('GET /api/admin/invoices/verify-books: the books of paid orders balance; a cancellation after the guarantee credits nothing; one within it refunds through the provider and credits what came back', async () => {
  await t.http.get('/api/admin/invoices/verify-books').expect(401);
  const late = await paidOrderWithSignedInClient(t, 'apres-garantie@boulangerie-martin.fr');
  const early = await paidOrderWithSignedInClient(t, 'dans-garantie@boulangerie-martin.fr');
  await invoiced(late.orderId, 1);
  await invoiced(early.orderId, 1);

  const paid = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
  expect(paid.body).toMatchObject({ ok: true, orders: 3, documents: 2, breaks: [], numbering: [] });

  // Within the guarantee: the deposit is refunded through the provider, whose report credits it.
  await runOrderCommands(t.app, early.orderId, admin, { type: 'CancelOrder', reason: 'Demande du client' });
  await settled(t);
  // 15 days later, on the app's clock: past the guarantee, the cancellation credits nothing.
  clock.advanceDays(15);
  await runOrderCommands(t.app, late.orderId, admin, { type: 'CancelOrder', reason: 'Demande du client' });
  await settled(t);

  const { body } = await t.http.get('/api/admin/invoices/verify-books').set(auditor).expect(200);
  expect(body).toMatchObject({ ok: true, orders: 3, documents: 3, breaks: [], numbering: [] });
  expect(Date.parse(body.checkedAt)).toBeGreaterThanOrEqual(Date.now() + 15 * 24 * 3_600_000);
});
