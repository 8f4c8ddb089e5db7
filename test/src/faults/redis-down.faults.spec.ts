import { randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { completeForm } from '@coseso/backend/testing/order-journey';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startCoseso } from './coseso-process.js';
import { faultPool, q, reactorLag, waitFor } from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { faultServers, jobsUnderWay, say, startRedis, stopRedis } from './fault-servers.js';
import { holdFault } from './fault-waits.js';

const servers = faultServers();

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
type Sent = Map<string, Map<string, number>>;

const count = (sent: Sent, recipient: string, template: string, n = 1) =>
  sent.set(
    recipient,
    (sent.get(recipient) ?? new Map<string, number>()).set(
      template,
      n + (sent.get(recipient)?.get(template) ?? 0),
    ),
  );

/** Where a run's emails go: the dev mailbox (the default), or SMTP through its delivery log (production's way). */
interface Delivery {
  readonly env: Readonly<Record<string, string>>;
  sent(): Promise<Sent>;
  close(): Promise<void>;
}

function devMailbox(pool: pg.Pool, schema: string): Delivery {
  return {
    env: {},
    async sent() {
      const { rows } = await pool.query<{ recipient: string; template: string; n: number }>(
        `select recipient, template, count(*)::int as n from ${q(schema)}.dev_mailbox group by 1, 2`,
      );
      const sent: Sent = new Map();
      for (const row of rows) count(sent, row.recipient, row.template, row.n);
      return sent;
    },
    close: () => Promise.resolve(),
  };
}

/** A real SMTP server on loopback, counting what it accepts by recipient and template (X-Coseso-Template). */
async function smtpServer(): Promise<Delivery> {
  const sent: Sent = new Map();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/)[0]!;
        const template = /^x-coseso-template:\s*(\S+)/im.exec(head)?.[1] ?? '?';
        for (const { address } of session.envelope.rcptTo) count(sent, address, template);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  say(`an SMTP server on 127.0.0.1:${port}`);
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    sent: () => Promise.resolve(sent),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One run of the scenario: a schema of its own, its processes, and where its emails go. */
interface Run {
  readonly pool: pg.Pool;
  readonly schema: string;
  readonly delivery: Delivery;
}

/** How many times each order was linked to its client account (the onboarding job's event). */
async function linksOf({ pool, schema }: Run, orders: readonly Paid[]): Promise<number[]> {
  const { rows } = await pool.query<{ stream_id: string; n: number }>(
    `select stream_id, count(*)::int as n from ${q(schema)}.events
      where type = 'OrderLinkedToClient' and stream_id = any($1) group by 1`,
    [orders.map((o) => `order-${o.orderId}`)],
  );
  return orders.map((o) => rows.find((r) => r.stream_id === `order-${o.orderId}`)?.n ?? 0);
}

/** Waits until each order is linked to its client account and its recipient has each of `templates`. */
async function settled(run: Run, orders: readonly Paid[], templates: readonly string[], timeoutMs: number) {
  let seen = '';
  try {
    await waitFor(
      'the jobs done',
      async () => {
        const box = await run.delivery.sent();
        const links = await linksOf(run, orders);
        seen = JSON.stringify(
          orders.map((o, i) => ({
            email: o.email,
            links: links[i],
            emails: Object.fromEntries(box.get(o.email) ?? []),
          })),
        );
        return orders.every(
          (o, i) => links[i]! >= 1 && templates.every((t) => (box.get(o.email)?.get(t) ?? 0) >= 1),
        );
      },
      timeoutMs,
      500,
    );
  } catch {
    throw new Error(`jobs not done after ${timeoutMs} ms: ${seen}`);
  }
}

/**
 * Waits until the jobs have nothing left to do: the reactors have read the whole log (every job its
 * events ask for is enqueued), no job waits, runs or retries, and the reactors' checkpoint has not
 * moved meanwhile (a job that appended an event would have moved it). A job run twice would be
 * in the mailbox by then, or still counted here.
 */
async function drained(run: Run, timeoutMs: number) {
  await waitFor(
    'the jobs done, the reactors at the end of the log',
    async () => {
      const before = await reactorLag(run.pool, run.schema);
      if (before.lag > 0 || jobsUnderWay(servers, run.schema) > 0) return false;
      const after = await reactorLag(run.pool, run.schema);
      return after.lag === 0 && after.checkpoint === before.checkpoint;
    },
    timeoutMs,
  );
}

/** The scenario, with the emails going out through `delivery`. */
async function redisOutage(name: string, delivery: (pool: pg.Pool, schema: string) => Promise<Delivery>) {
  const instance = faultInstance(name);
  const pool = faultPool(servers);
  const run: Run = { pool, schema: instance.schema, delivery: await delivery(pool, instance.schema) };
  try {
    const { env } = run.delivery;
    instance.track(await startCoseso(servers, instance, 'projector-worker', ['projector', 'worker'], env));
    const api = instance.track(await startCoseso(servers, instance, 'api', ['api'], env));

    // What a paid order's jobs do when nothing goes wrong: the emails its recipient gets.
    const baseline = await Promise.all([payOrder(api.url, 'before-1'), payOrder(api.url, 'before-2')]);
    await settled(run, baseline, [], 60_000);
    await drained(run, 60_000);
    const templates = [...((await run.delivery.sent()).get(baseline[0]!.email)?.keys() ?? [])].sort();
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

    // The outage lasts its length (the clients' back-offs growing over a minute is the fault under
    // test); meanwhile the jobs of the orders paid during it wait: none of them is linked yet.
    await holdFault(stoppedAt, OUTAGE_MS);
    expect(await linksOf(run, ready)).toEqual(ready.map(() => 0));
    startRedis(servers);
    say(`Redis was down for ${Math.round((Date.now() - stoppedAt) / 1000)} s`);

    const orders = [...inFlight, ...during];
    await settled(run, orders, templates, 180_000);
    await drained(run, 180_000);
    const box = await run.delivery.sent();
    for (const order of [...baseline, ...orders])
      expect({ email: order.email, sent: Object.fromEntries(box.get(order.email) ?? []) }).toEqual({
        email: order.email,
        sent: Object.fromEntries(templates.map((t) => [t, 1])),
      });
    expect(await linksOf(run, [...baseline, ...orders])).toEqual([...baseline, ...orders].map(() => 1));
    say(`after Redis came back: each of the ${orders.length} orders linked once, each email sent once`);
  } finally {
    await instance.close(pool);
    await run.delivery.close();
  }
}

it('Redis down for a minute: the jobs (onboarding, emails) wait, resume when it is back, and each runs once', () =>
  redisOutage('redis', (pool, schema) => Promise.resolve(devMailbox(pool, schema))));

it('the same with emails sent by SMTP: each email reaches the SMTP server once (the delivery log)', () =>
  redisOutage('redis_smtp', () => smtpServer()));
