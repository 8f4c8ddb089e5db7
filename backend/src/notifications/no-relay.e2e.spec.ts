import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EmailService } from '../emails/email-service.js';
import { redisKeyPrefix } from '../infra/redis-key-prefix.js';
import { completedOrder, eventually } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';

// The email relay: anyone could make the product email their own text to any address, by typing
// the victim's address and a message as the company name, then asking for the payment link.

let t: TestApp;
let redis: Redis;
let jobs: Queue;
beforeAll(async () => {
  t = await startTestApp();
  redis = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: null });
  jobs = new Queue('jobs', { connection: redis, prefix: redisKeyPrefix(t.config) });
});
afterAll(async () => {
  await jobs.close();
  await redis.quit();
  await t.close();
});

const victim = 'victime@exemple.fr';
const lure = 'URGENT : votre compte est suspendu, reconnectez-vous sur https://coseso-securite.example/login';
const attack = {
  contactEmail: victim,
  companyName: lure,
  contactFirstName: 'URGENT',
  contactLastName: 'https://coseso-securite.example/login',
};
const checkoutIdOf = (url: string) => url.split('/').pop()!;

/** An order placed by the attacker: completed with the lure, its payment link asked for, never paid. */
async function placedOrder(): Promise<string> {
  const orderId = await completedOrder(t, attack);
  await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  return orderId;
}

/** Waits until the email job of the order's OrderPlaced has run (sent or not). */
async function confirmationHandled(orderId: string): Promise<void> {
  const placed = await eventually(async () =>
    (await t.orderEvents(orderId)).find((event) => event.type === 'OrderPlaced'),
  );
  await eventually(async () => (await jobs.getJobState(`order-email_${placed.eventId}`)) === 'completed');
}

const mailboxOf = async (to: string) =>
  (await t.app.get(EmailService).mailbox(200)).filter((email) => email.to === to);

it('three unpaid orders to one address: one email, with nothing the visitor typed in it', async () => {
  const orders = [await placedOrder(), await placedOrder(), await placedOrder()];
  for (const orderId of orders) await confirmationHandled(orderId);

  const received = await mailboxOf(victim);
  expect(received.map((email) => [email.template, email.orderId])).toEqual([
    ['order-confirmation', orders[0]],
  ]);
  const [email] = received;
  for (const part of [email!.subject, email!.text, email!.html]) {
    expect(part).not.toContain('URGENT');
    expect(part).not.toContain('coseso-securite.example');
  }
  expect(email!.subject).toMatch(/^Votre commande #\d+ est bien enregistrée$/);
  expect(email!.text).toContain("Vous n'êtes pas à l'origine de cette commande ?");

  // Paying proves the address: the emails that follow the payment are complete again.
  const { body } = await t.http.post(`/api/orders/${orders[2]}/payment-annual`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(body.paymentUrl)}/pay`).expect(200);
  const receipt = await eventually(async () =>
    (await mailboxOf(victim)).find((e) => e.template === 'payment-receipt' && e.orderId === orders[2]),
  );
  expect(receipt.text).toContain(lure);
});
