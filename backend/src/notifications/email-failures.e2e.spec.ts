import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ADMIN_ENV, signInAdmin } from '../admin/testing/back-office.js';
import { completedOrder, eventually } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';

// A paid order whose emails all failed showed nothing of it. A real SMTP server on
// loopback refuses one mailbox (550), as a provider does for an address that does not exist.

const refused = 'boite.inexistante@exemple.fr';
let server: SMTPServer;
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (address.address !== refused) return callback();
      callback(
        Object.assign(new Error('5.1.1 <boite.inexistante@exemple.fr>: no such mailbox'), {
          responseCode: 550,
        }),
      );
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await startTestApp({ ...ADMIN_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` });
  ({ auth } = await signInAdmin(t));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('an order whose address the mail server refuses shows, on the order, which emails failed, to whom, since when', async () => {
  const orderId = await completedOrder(t, { contactEmail: refused });
  const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${body.paymentUrl.split('/').pop()}/pay`).expect(200);

  // The confirmation (before payment), then the receipt, the account and the contract (after it).
  const detail = await eventually(async () => {
    const order = (await t.http.get(`/api/admin/orders/${orderId}`).set(auth).expect(200)).body;
    return order.emailFailures.length >= 4 ? order : null;
  }, 240_000);
  expect(detail.emailFailures.map((f: { template: string }) => f.template).sort()).toEqual([
    'account-created',
    'contract-to-sign',
    'order-confirmation',
    'payment-receipt',
  ]);
  const receipt = detail.emailFailures.find((f: { template: string }) => f.template === 'payment-receipt');
  expect(receipt).toEqual({
    template: 'payment-receipt',
    label: 'Reçu de paiement',
    recipient: refused,
    since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    attempts: 1, // a 5xx is final: no hour of retries
    error: expect.stringContaining('no such mailbox'),
  });

  // The admin list's card (and the board's, from the same answer) flags the order.
  const { body: page } = await t.http
    .get('/api/admin/orders')
    .set(auth)
    .query({ search: refused })
    .expect(200);
  expect(page.orders).toEqual([expect.objectContaining({ id: orderId, failedEmails: 4 })]);

  // In the order's history too, once per email: the event is on the order's stream.
  const failed = (await t.orderEvents(orderId)).filter((e) => e.type === 'OrderEmailFailed');
  expect(failed).toHaveLength(4);
  const history = (await t.http.get(`/api/admin/orders/${orderId}/history`).set(auth).expect(200)).body;
  expect(JSON.stringify(history)).toContain('Email « Reçu de paiement » non remis après 1 tentative');
});
