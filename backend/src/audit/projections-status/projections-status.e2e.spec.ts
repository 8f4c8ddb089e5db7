import { allProjectors } from '@coseso/projections/all-projectors';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { AdminAccounts } from '../../admin/auth/admin-accounts.js';
import { completedOrder } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

let t: TestApp;
const signIn = async (email: string, password: string) => ({
  authorization: `Bearer ${(await t.http.post('/api/admin/login').send({ email, password }).expect(200)).body.token}`,
});

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' });
  await t.app.get(AdminAccounts).create('audit@coseso.test', 'un-secret-d-audit', 'auditor');
});
afterAll(() => t.close());

it("GET /api/admin/projections shows each projector's checkpoint and lag, to admins only", async () => {
  await completedOrder(t);
  await t.app.get(ProjectionWaiter).waitForCatchUp('order-views', 5_000);
  const admin = await signIn('admin@coseso.test', 'un-secret-de-test');
  const { body } = await t.http.get('/api/admin/projections').set(admin).expect(200);
  expect(body.map((p: { name: string }) => p.name).sort()).toEqual(allProjectors.map((p) => p.name).sort());
  const views = body.find((p: { name: string }) => p.name === 'order-views');
  expect(views).toMatchObject({ state: 'running', error: null, errorPosition: null });
  expect(views.position).toBeGreaterThan(0);

  const auditor = await signIn('audit@coseso.test', 'un-secret-d-audit');
  await t.http.get('/api/admin/projections').set(auditor).expect(403);
  await t.http.get('/api/admin/projections').expect(401);
});
