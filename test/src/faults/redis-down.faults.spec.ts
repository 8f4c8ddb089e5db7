import { randomBytes } from 'node:crypto';
import { completeForm } from '@coseso/backend/testing/order-journey';
import { startCoseso } from './coseso-process.js';
import { faultPool, q, sleep } from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { faultServers, say, startRedis, stopRedis } from './fault-servers.js';

const servers = faultServers();
const instance = faultInstance('redis');
const pool = faultPool(servers);
afterAll(() => instance.close(pool));

const OUTAGE_MS = Number(process.env['FAULTS_REDIS_OUTAGE_MS'] ?? 60_000);

interface Paid {
  readonly orderId: string;
  readonly email: string;
}

const post = async (url: string, body: unknown = {}) => {
  const started = Date.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000), // past that, a hang
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, string>,
    ms: Date.now() - started,
  };
};

/** The journey up to the payment page, through the API: order, form, payment link (its expiry is a job). */
async function orderWithPaymentLink(apiUrl: string, label: string) {
  const email = `${label}-${randomBytes(3).toString('hex')}@faults.test`;
  const ok = async (path: string, body: unknown = {}) => {
    const answer = await post(`${apiUrl}${path}`, body);
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const { orderId } = await ok('/api/create-order');
  await ok(`/api/orders/${orderId}/complete`, completeForm({ contactEmail: email }));
  const { paymentUrl } = await ok(`/api/orders/${orderId}/payment-annual`);
  return {
    orderId: orderId!,
    email,
    /** The sandbox page's "Payer": the payment is recorded as the provider's webhook would. */
    pay: () => ok(`/api/sandbox/checkout/${paymentUrl!.split('/').pop()}/pay`),
  };
}

async function payOrder(apiUrl: string, label: string): Promise<Paid> {
  const order = await orderWithPaymentLink(apiUrl, label);
  await order.pay();
  return order;
}

/** Each recipient's emails by template, with how many times each was sent. */
async function mailbox(): Promise<Map<string, Map<string, number>>> {
  const { rows } = await pool.query<{ recipient: string; template: string; n: number }>(
    `select recipient, template, count(*)::int as n from ${q(instance.schema)}.dev_mailbox group by 1, 2`,
  );
  const byRecipient = new Map<string, Map<string, number>>();
  for (const row of rows)
    byRecipient.set(row.recipient, (byRecipient.get(row.recipient) ?? new Map()).set(row.template, row.n));
  return byRecipient;
}

/** How many times each order was linked to its client account (the onboarding job's event). */
async function linksOf(orders: readonly Paid[]): Promise<number[]> {
  const { rows } = await pool.query<{ stream_id: string; n: number }>(
    `select stream_id, count(*)::int as n from ${q(instance.schema)}.events
      where type = 'OrderLinkedToClient' and stream_id = any($1) group by 1`,
    [orders.map((o) => `order-${o.orderId}`)],
  );
  return orders.map((o) => rows.find((r) => r.stream_id === `order-${o.orderId}`)?.n ?? 0);
}

async function settled(orders: readonly Paid[], templates: readonly string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const box = await mailbox();
    const links = await linksOf(orders);
    const done = orders.every(
      (o, i) => links[i]! >= 1 && templates.every((t) => (box.get(o.email)?.get(t) ?? 0) >= 1),
    );
    if (done) return;
    if (Date.now() > deadline)
      throw new Error(
        `jobs not done after ${timeoutMs} ms: ${JSON.stringify(orders.map((o, i) => ({ email: o.email, links: links[i], emails: Object.fromEntries(box.get(o.email) ?? []) })))}`,
      );
    await sleep(500);
  }
}

it('Redis down for a minute: the jobs (onboarding, emails) wait, resume when it is back, and each runs once', async () => {
  instance.track(await startCoseso(servers, instance, 'projector-worker', ['projector', 'worker']));
  const api = instance.track(await startCoseso(servers, instance, 'api', ['api']));

  // What a paid order's jobs do when nothing goes wrong: the emails its recipient gets.
  const baseline = await Promise.all([payOrder(api.url, 'before-1'), payOrder(api.url, 'before-2')]);
  await settled(baseline, [], 60_000);
  await sleep(5_000);
  const templates = [...((await mailbox()).get(baseline[0]!.email)?.keys() ?? [])].sort();
  say(`a paid order's jobs, Redis up: linked to its client account, emails ${templates.join(', ')}`);
  expect(templates.length).toBeGreaterThanOrEqual(2);

  // Paid just before Redis goes: their jobs are queued or running when it stops.
  const ready = await Promise.all([1, 2, 3].map((n) => orderWithPaymentLink(api.url, `during-${n}`)));
  const inFlight = await Promise.all([1, 2, 3].map((n) => payOrder(api.url, `in-flight-${n}`)));
  stopRedis(servers, { keepData: true });
  const stoppedAt = Date.now();

  // Paid while Redis is away: the payment is recorded; its jobs wait for Redis.
  for (const order of ready) await order.pay();
  const during: Paid[] = ready;
  say(`${during.length} orders paid while Redis was down`);
  // What needs Redis in the request itself (a payment link's expiry job) is refused at once, in French.
  const { orderId } = (await post(`${api.url}/api/create-order`)).body;
  await post(`${api.url}/api/orders/${orderId}/complete`, completeForm());
  const refused = await post(`${api.url}/api/orders/${orderId}/payment-annual`);
  say(`a payment link asked for while Redis was down: ${refused.status} in ${refused.ms} ms`);
  expect(refused).toMatchObject({
    status: 503,
    body: { message: 'Service momentanément indisponible, réessayez dans un instant.' },
  });
  expect(refused.ms).toBeLessThan(5_000);

  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
  startRedis(servers);
  say(`Redis was down for ${Math.round((Date.now() - stoppedAt) / 1000)} s`);

  const orders = [...inFlight, ...during];
  await settled(orders, templates, 180_000);
  await sleep(10_000); // a job run twice would have shown by now
  const box = await mailbox();
  for (const order of [...baseline, ...orders])
    expect({ email: order.email, sent: Object.fromEntries(box.get(order.email) ?? []) }).toEqual({
      email: order.email,
      sent: Object.fromEntries(templates.map((t) => [t, 1])),
    });
  expect(await linksOf([...baseline, ...orders])).toEqual([...baseline, ...orders].map(() => 1));
  say(`after Redis came back: each of the ${orders.length} orders linked once, each email sent once`);
});
