import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type Route, routeTable } from '../infra/http/route-table.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { ADMIN_ENV, seedOrder, signInAdmin } from './testing/back-office.js';

// Generated from the routes Nest registers: every back-office call, without a token and with a
// garbage one, is refused with 401 and writes nothing. A new back-office route is covered by itself.

const t: TestApp = await startTestApp(ADMIN_ENV);
const backOffice = routeTable(t.app).filter((route) => route.guards.includes(AdminGuard));
afterAll(() => t.close());

let orderId: string;
beforeAll(async () => {
  orderId = (await seedOrder(t, 'ready_for_delivery')).orderId;
});

const call = (route: Route) => {
  const path = route.path.replace('{orderId}', orderId).replace(/\{\w+\}/g, 'x');
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  return t.http[method](path).send(
    method === 'get' ? undefined : { status: 'delivered', deliveryUrl: 'site.fr' },
  );
};

describe('every back-office route', () => {
  it('includes the order routes of the back-office', () => {
    const names = backOffice.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders',
        'GET /api/admin/orders/{orderId}',
        'GET /api/admin/statistics',
        'PATCH /api/admin/orders/{orderId}/status',
        'POST /api/admin/orders/{orderId}/finalize-delivery',
        'POST /api/admin/orders/{orderId}/request-more-elements',
        'POST /api/admin/orders/{orderId}/offline-payment',
        'POST /api/admin/orders/{orderId}/contact-email',
        'POST /api/orders/{orderId}/validate-brief',
      ]),
    );
  });

  describe.each(backOffice.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_, route) => {
    it('answers 401 without a token', async () => {
      const { body } = await call(route).expect(401);
      expect(body).toEqual({
        code: ErrorCode.ADMIN_UNAUTHENTICATED,
        message: 'Accès restreint : connectez-vous au back-office.',
      });
    });

    it('answers 401 with a garbage token, and to a malformed header', async () => {
      await call(route).set('authorization', 'Bearer not-a-real-token-at-all-000').expect(401);
      await call(route).set('authorization', 'Basic YWRtaW46YWRtaW4=').expect(401);
    });
  });

  it('wrote nothing while refusing', async () => {
    const events = await t.orderEvents(orderId);
    expect(
      events.some(
        (e) => (e.metadata['actor'] as { kind: string }).kind === 'admin' && e.type === 'Delivered',
      ),
    ).toBe(false);
    // The same call with a real token does write.
    const { auth } = await signInAdmin(t);
    await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auth)
      .send({ status: 'delivered', deliveryUrl: 'site.fr' })
      .expect(200);
  });
});
