import { ErrorCode } from '@coseso/domain/shared/error-codes';
import type request from 'supertest';
import { ADMIN_ENV } from './admin/testing/back-office.js';
import { type RateLimitPolicy, isRateLimited, rateLimitPolicies } from './infra/http/rate-limit.js';
import { routeTable } from './infra/http/route-table.js';
import { type TestApp, startTestApp } from './testing/test-app.js';

// The limits docs/architecture.md §5 names (login, password reset, email check, draft creation; the back-office's
// login too), at the production figures: the request after the policy's allowance, within its
// window, answers 429 in French with Retry-After. Each case comes from an address of its own, as a
// trusted proxy (loopback here) forwards it, so the cases share no counter.

let t: TestApp;
beforeAll(async () => (t = await startTestApp({ ...ADMIN_ENV, RATE_LIMIT_MULTIPLIER: '1' })));
afterAll(() => t.close());

let addresses = 0;
const freshAddress = () => `198.51.100.${++addresses}`;

// Sign-ins aim at a new account each time: an account's own count (sign-in-abuse.e2e.spec.ts) is
// not what these cases measure.
let accounts = 0;
const anotherAccount = () => `cible.${++accounts}@exemple.fr`;

type Send = (http: TestApp['http'], address: string) => request.Test;
const from =
  (address: string) =>
  (test: request.Test): request.Test =>
    test.set('x-forwarded-for', address);

const limited: [string, RateLimitPolicy, Send, number][] = [
  [
    'POST /api/auth/login',
    'login',
    (http, ip) =>
      from(ip)(http.post('/api/auth/login')).send({ email: anotherAccount(), password: 'mauvais-essai' }),
    401,
  ],
  [
    'POST /api/auth/forgot-password',
    'passwordReset',
    (http, ip) => from(ip)(http.post('/api/auth/forgot-password')).send({ email: 'cible@exemple.fr' }),
    200,
  ],
  [
    'GET /api/check-email',
    'checkEmail',
    (http, ip) => from(ip)(http.get('/api/check-email')).query({ email: 'cible@exemple.fr' }),
    200,
  ],
  [
    'POST /api/create-order',
    'createOrder',
    (http, ip) => from(ip)(http.post('/api/create-order')).send({}),
    201,
  ],
  ['POST /api/orders', 'createOrder', (http, ip) => from(ip)(http.post('/api/orders')).send({}), 201],
  [
    'POST /api/admin/login',
    'adminLogin',
    (http, ip) =>
      from(ip)(http.post('/api/admin/login')).send({ email: anotherAccount(), password: 'mauvais-essai' }),
    401,
  ],
];

test('each of these routes carries its limit', () => {
  const routes = routeTable(t.app);
  for (const [name] of limited) {
    const route = routes.find((r) => `${r.method} ${r.path}` === name);
    expect([name, route && isRateLimited(route.controller, route.handlerName)]).toEqual([name, true]);
  }
});

describe.each(limited)('%s (%s)', (_, policy, send, allowed) => {
  const { points, seconds } = rateLimitPolicies[policy];
  let address: string;
  beforeAll(() => (address = freshAddress()));

  it(`answers the allowance of the window, then 429 in French with Retry-After`, async () => {
    for (let i = 0; i < points; i++) await send(t.http, address).expect(allowed);
    const refused = await send(t.http, address).expect(429);
    expect(refused.body).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: expect.stringMatching(/^Trop de requêtes\. Veuillez réessayer dans \d+ s\.$/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    // The window started with the first request of this case, a few seconds ago at most.
    expect(retryAfter).toBeGreaterThan(seconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
    expect(refused.body.message).toContain(`${retryAfter} s`);
  });

  it('stays refused when the caller puts another address in front of the forwarded chain', async () => {
    // A trusted proxy appends the address it saw: whatever the caller wrote before it is not believed.
    await send(t.http, `203.0.113.7, ${address}`).expect(429);
  });

  it('serves another address as usual', async () => {
    await send(t.http, freshAddress()).expect(allowed);
  });
});

test('the two draft creations share one count: alternating them gains nothing', async () => {
  const address = freshAddress();
  const { points } = rateLimitPolicies.createOrder;
  for (let i = 0; i < points; i++)
    await from(address)(t.http.post(i % 2 === 0 ? '/api/create-order' : '/api/orders'))
      .send({})
      .expect(201);
  await from(address)(t.http.post('/api/create-order')).send({}).expect(429);
  await from(address)(t.http.post('/api/orders')).send({}).expect(429);
});

describe('the autosave of one draft flooded (150 saves in 4.6 s, 4,900 characters each)', () => {
  const { perOrder } = rateLimitPolicies.wizardSave;
  const remarks = (i: number) => `${i} `.padEnd(4_900, 'x');
  const newDraft = async () =>
    (await from(freshAddress())(t.http.post('/api/create-order')).send({}).expect(201)).body
      .orderId as string;

  it('refuses a flood in French once the order’s allowance is spent, from any number of addresses, and logs every save it acknowledged', async () => {
    const orderId = await newDraft();
    const answers: request.Response[] = [];
    // Five at a time, each from an address of its own: only the order's own count can stop it.
    for (let i = 0; i < 150; i += 5)
      answers.push(
        ...(await Promise.all(
          [0, 1, 2, 3, 4].map((j) =>
            from(freshAddress())(t.http.post(`/api/orders/${orderId}/progress`)).send({
              step: 8,
              clientRemarks: remarks(i + j),
            }),
          ),
        )),
      );

    const acknowledged = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(acknowledged.length + refused.length).toBe(150);
    expect(acknowledged.length).toBe(perOrder.points);
    expect(refused[0]!.body).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: expect.stringMatching(/^Trop de requêtes\. Veuillez réessayer dans \d+ s\.$/),
    });
    expect(Number(refused[0]!.headers['retry-after'])).toBeLessThanOrEqual(perOrder.seconds);

    // Each acknowledged save is in the log (nothing answered before its event was committed), and
    // nothing of the refused ones.
    const saved = (await t.orderEvents(orderId)).filter((event) => event.type === 'WizardStepSaved');
    expect(saved.map((event) => Number(event.position)).sort((a, b) => a - b)).toEqual(
      acknowledged.map((answer) => answer.body.position as number).sort((a, b) => a - b),
    );
    expect(acknowledged.every((answer) => answer.body.saved === true)).toBe(true);
  });

  it('never refuses a person: a minute of saves at one a second, sent at once, is served whole', async () => {
    // The counts are fixed windows, so no window ever holds more than 61 saves of someone saving
    // once a second; sending them back to back is the worst such a person can do.
    const orderId = await newDraft();
    const address = freshAddress();
    for (let i = 0; i < 61; i++)
      await from(address)(t.http.post(`/api/orders/${orderId}/progress`))
        .send({ step: 8, clientRemarks: remarks(i) })
        .expect(200, /"saved":true/);
    // The explicit save shares the count: the same person may still use it.
    await from(address)(t.http.post(`/api/orders/${orderId}/form`))
      .send({ clientRemarks: 'fin' })
      .expect(200);
  });

  it('leaves another draft alone while one is flooded', async () => {
    const flooded = await newDraft();
    const address = freshAddress();
    for (let i = 0; i < perOrder.points; i++)
      await from(address)(t.http.post(`/api/orders/${flooded}/progress`))
        .send({ step: 8, clientRemarks: remarks(i) })
        .expect(200);
    await from(address)(t.http.post(`/api/orders/${flooded}/form`))
      .send({ clientRemarks: 'x' })
      .expect(429);
    const other = await newDraft();
    await from(address)(t.http.post(`/api/orders/${other}/progress`))
      .send({ step: 2 })
      .expect(200);
  });
});

describe('an IPv6 client', () => {
  it('is counted by its /64: rotating addresses inside it gains nothing, another /64 is served', async () => {
    const { points } = rateLimitPolicies.createOrder;
    const inside = (i: number) => `2001:db8:30:64:${(i + 1).toString(16)}::${i + 7}`;
    for (let i = 0; i < points; i++)
      await from(inside(i))(t.http.post('/api/create-order')).send({}).expect(201);
    const refused = await from(inside(points))(t.http.post('/api/create-order')).send({}).expect(429);
    expect(refused.body.code).toBe(ErrorCode.RATE_LIMITED);
    await from('2001:db8:30:65::1')(t.http.post('/api/create-order')).send({}).expect(201);
  });
});
