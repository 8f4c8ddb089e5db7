import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ADMIN_ENV } from '../../admin/testing/back-office.js';
import { EmailService } from '../../emails/email-service.js';
import { paidOrderWithSignedInClient } from '../../testing/client-order.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

// A reset link lasts an hour by the app's Clock, not the database's: a ManualClock moved past the
// hour ends it (the SQL now() it replaced would still see it valid), and one moved less keeps it.

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => (t = await startTestApp(ADMIN_ENV, { clock })));
afterAll(() => t.close());

const linkSentTo = async (email: string, after: Date) => {
  const [mail] = await eventually(async () => {
    const found = (await t.app.get(EmailService).mailbox(100)).filter(
      (e) => e.to === email && e.template === 'password-reset' && e.sentAt > after,
    );
    return found.length > 0 ? found : null;
  });
  return decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
};

it("a back-office reset link ends an hour later by the app's Clock", async () => {
  const asked = new Date();
  await t.http.post('/api/admin/forgot-password').send({ email: ADMIN_ENV.ADMIN_EMAIL }).expect(200);
  const token = await linkSentTo(ADMIN_ENV.ADMIN_EMAIL, asked);
  clock.advance(59 * 60_000);
  await t.http.post('/api/admin/check-token').send({ token }).expect(200);
  clock.advance(2 * 60_000);
  await t.http.post('/api/admin/check-token').send({ token }).expect(400);
  await t.http.post('/api/admin/set-password').send({ token, password: 'un secret trop tardif' }).expect(400);
});

it("a client's reset link ends an hour later by the app's Clock", async () => {
  const email = 'horloge@compte.example';
  await paidOrderWithSignedInClient(t, email);
  const asked = new Date();
  await t.http.post('/api/auth/forgot-password').send({ email }).expect(200);
  const token = await linkSentTo(email, asked);
  clock.advance(59 * 60_000);
  await t.http.post('/api/auth/check-token').send({ token }).expect(200);
  clock.advance(2 * 60_000);
  await t.http.post('/api/auth/check-token').send({ token }).expect(400);
});
