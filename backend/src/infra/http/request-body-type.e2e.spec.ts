import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { ADMIN_ENV, signInAdmin } from '../../admin/testing/back-office.js';
import { signedInClientWithOrder } from '../../testing/client-order.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { routeBodyType } from './request-body-type.js';
import { type Route, routeTable } from './route-table.js';

// Generated from the routes Nest registers: every write refuses a body of another type than its own
// with 415 in French, and every answer of the API says it must not be stored.

const t: TestApp = await startTestApp(ADMIN_ENV);
const routes = routeTable(t.app);
afterAll(() => t.close());

const name = (route: Route) => `${route.method} ${route.path}`;
const writes = routes.filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method));
const typed = (type: ReturnType<typeof routeBodyType>) =>
  writes.filter((route) => routeBodyType(route.controller, route.handlerName) === type);
const cases = (list: Route[]) => list.map((route) => [name(route), route] as const);

/** The path with every parameter filled: an order that exists, so a write would have somewhere to land. */
const pathOf = (route: Route, orderId: string) =>
  route.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    param === 'orderId' ? orderId : param === 'provider' ? 'sandbox' : randomUUID(),
  );

/** Signed in as the back-office and as a client at once: who may call is judged before the body. */
let signedIn: { authorization: string; cookie: string };
const send = (route: Route, path: string, type: string, body: string) =>
  t.http[route.method.toLowerCase() as 'post' | 'patch' | 'put' | 'delete'](path)
    .set(signedIn)
    .set('content-type', type)
    .send(body);

const UNSUPPORTED = {
  code: ErrorCode.REQUEST_UNSUPPORTED_MEDIA_TYPE,
  message:
    'Format de requête non pris en charge : le corps doit être du JSON (Content-Type: application/json).',
};

let orderId: string;
/** An order of the signed-in client, for the client's routes. */
let clientOrderId: string;
beforeAll(async () => {
  orderId = (await t.http.post('/api/create-order').send({ companyName: 'Boulangerie Martin' }).expect(201))
    .body.orderId;
  const client = await signedInClientWithOrder(t, 'en_revision');
  clientOrderId = client.orderId;
  signedIn = { ...(await signInAdmin(t)).auth, cookie: client.cookie };
});

describe('a body of another type than the route’s', () => {
  it('is tried on every write: JSON routes, the upload, the webhook', () => {
    expect(typed('json').length).toBeGreaterThan(30);
    expect(typed('multipart').map(name)).toEqual([
      'POST /api/admin/orders/{orderId}/messages',
      'POST /api/client/orders/{orderId}/messages',
      'POST /api/client/upload',
    ]);
    expect(typed('provider').map(name)).toEqual(['POST /api/payments/{provider}/webhook']);
  });

  it.each(cases(typed('json')))(
    '%s answers 415 in French to text/plain, writing nothing',
    async (_, route) => {
      const before = (await t.orderEvents(clientOrderId)).length;
      const { status, body } = await send(
        route,
        pathOf(route, clientOrderId),
        'text/plain',
        'step=2&companyName=X',
      );
      expect({ status, body }).toEqual({ status: 415, body: UNSUPPORTED });
      expect((await t.orderEvents(clientOrderId)).length).toBe(before);
    },
  );

  it.each([
    ['application/xml', '<order><step>2</step><companyName>Pirate</companyName></order>'],
    ['application/x-www-form-urlencoded', 'step=2&companyName=Pirate'],
    ['text/plain', '{"step":2,"companyName":"Pirate"}'],
  ])('the autosave answers 415 to %s instead of « saved: false »', async (type, body) => {
    const before = (await t.orderEvents(orderId)).length;
    const response = await t.http
      .post(`/api/orders/${orderId}/progress`)
      .set('content-type', type)
      .send(body);
    expect({ status: response.status, body: response.body }).toEqual({ status: 415, body: UNSUPPORTED });
    expect((await t.orderEvents(orderId)).length).toBe(before);
  });

  it('takes JSON, with its charset, and a write without a body', async () => {
    await t.http
      .post(`/api/orders/${orderId}/progress`)
      .set('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ step: 2, companyName: 'Boulangerie Martin et fils' }))
      .expect(200);
    // No body, no type: judged by the route (here, not signed in).
    await t.http.post('/api/auth/logout').expect((r) => expect(r.status).not.toBe(415));
  });

  it('the upload answers 415 to anything but multipart', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const { status, body } = await t.http
        .post('/api/client/upload')
        .set(signedIn)
        .set('content-type', type)
        .send(type === 'text/plain' ? 'x' : JSON.stringify({ orderId: clientOrderId }));
      expect({ status, code: body.code }).toEqual({
        status: 415,
        code: ErrorCode.REQUEST_UNSUPPORTED_MEDIA_TYPE,
      });
      expect(body.message).toContain('multipart/form-data');
    }
  });

  it('the payment webhook keeps its type: its signature is checked, whatever the type', async () => {
    const { status, body } = await t.http
      .post('/api/payments/sandbox/webhook')
      .set('content-type', 'text/plain')
      .send('{"type":"checkout.completed"}');
    expect({ status, code: body.code }).toEqual({ status: 400, code: ErrorCode.WEBHOOK_INVALID_SIGNATURE });
  });
});

describe('Cache-Control on the API', () => {
  it.each(cases(routes))('%s answers no-store, even refusing', async (_, route) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    const response = await t.http[method](pathOf(route, orderId));
    expect(response.headers['cache-control']).toMatch(/(^|, )no-store$/);
  });

  it('on the order read by its id, and on an unknown API path', async () => {
    const order = await t.http.get(`/api/orders/${orderId}`).expect(200);
    expect(order.headers['cache-control']).toBe('no-store');
    const unknown = await t.http.get('/api/nothing-here').expect(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
