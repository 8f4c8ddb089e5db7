import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Reflector } from '@nestjs/core';
import { AdminAccounts } from '../auth/admin-accounts.js';
import { type Route, routeTable } from '../infra/http/route-table.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { isOpenToAuditors } from '../auth/auditor-read-only.guard.js';

// Generated from the routes Nest registers: every route that is not a read, called with an
// auditor's bearer token, answers 403, so a route added later is covered without a new test.
//
// "Every write answers 403" includes routes that take no bearer at all (the public wizard, the
// client area, webhooks): a request carrying an auditor's token is refused there too, before the
// route's own checks. What no server can refuse is the same person writing *without* the token,
// as a visitor or as a client of their own: that is not acting as an auditor, and those routes
// then answer by their own rules. The one write open to auditors ends their own session; the
// last test lists every such exception, so a new one cannot go unnoticed.

const ADMIN = { ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' };
const t: TestApp = await startTestApp(ADMIN);
const routes = routeTable(t.app);
afterAll(() => t.close());

const reflector = new Reflector();
const openToAuditors = (route: Route) =>
  isOpenToAuditors(
    reflector,
    (route.controller.prototype as Record<string, () => unknown>)[route.handlerName]!,
    route.controller,
  );
const writes = routes.filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method));

async function signIn(email: string, password: string): Promise<string> {
  const { body } = await t.http.post('/api/admin/login').send({ email, password }).expect(200);
  return body.token;
}

let auditor: string;
beforeAll(async () => {
  await t.app.get(AdminAccounts).create('auditrice@coseso.test', 'un-secret-d-audit', 'auditor');
  auditor = await signIn('auditrice@coseso.test', 'un-secret-d-audit');
});

/** Any value fits a path parameter here: the refusal comes before the route reads its inputs. */
const pathOf = (route: Route) => route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

test.each(
  writes
    .filter((route) => !openToAuditors(route))
    .map((route) => [`${route.method} ${route.path}`, route] as const),
)('%s answers 403 to an auditor and writes nothing', async (_, route) => {
  const before = (await t.events()).length;
  const response = await t.http[route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](
    pathOf(route),
  )
    .set('authorization', `Bearer ${auditor}`)
    .send({});
  expect({ status: response.status, code: response.body.code }).toEqual({
    status: 403,
    code: ErrorCode.ADMIN_FORBIDDEN,
  });
  expect(response.body.message).toMatch(/auditeur/);
  expect((await t.events()).length).toBe(before);
});

test('the table holds the whole API, its public and client writes included', () => {
  expect(routes.length).toBeGreaterThan(40);
  const paths = writes.map((route) => `${route.method} ${route.path}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      'POST /api/create-order',
      'POST /api/admin/login',
      expect.stringMatching(/^POST \/api\/client\//),
      expect.stringMatching(/^POST \/api\/payments\/.*webhook/),
    ]),
  );
});

test('an auditor still reads, and the same write from an admin is not refused by this rule', async () => {
  await t.http.get('/api/orders').set('authorization', `Bearer ${auditor}`).expect(200);
  const admin = await signIn(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  await t.http.post('/api/create-order').set('authorization', `Bearer ${admin}`).send({}).expect(201);
  // Without the token the same person is a visitor like any other.
  await t.http.post('/api/create-order').send({}).expect(201);
});

test('the only write open to auditors is logging out, and it works', async () => {
  expect(writes.filter(openToAuditors).map((route) => `${route.method} ${route.path}`)).toEqual([
    'POST /api/admin/logout',
  ]);
  const token = await signIn('auditrice@coseso.test', 'un-secret-d-audit');
  await t.http.post('/api/admin/logout').set('authorization', `Bearer ${token}`).expect(200);
  await t.http
    .get('/api/admin/check')
    .set('authorization', `Bearer ${token}`)
    .expect(200, { isAuthenticated: false, user: null });
});
