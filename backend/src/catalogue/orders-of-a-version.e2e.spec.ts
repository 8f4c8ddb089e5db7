import { ADMIN_ENV, signInAdmin, signInAuditor } from '../admin/testing/back-office.js';
import { completedOrder } from '../testing/order-journey.js';
import { type TestApp, startTestApp } from '../testing/test-app.js';

// « Offres et tarifs » says which orders were sold at each version: the history counts the orders
// priced at each (from the order summaries, not the streams), and the admin list filters by it.

let t: TestApp;
let admin: { authorization: string };
let auditor: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  admin = (await signInAdmin(t)).auth;
  auditor = await signInAuditor(t);
});
afterAll(() => t.close());

interface Listed {
  id: string;
  catalogueVersion: number | null;
}

it('counts the orders priced at each version and lists them by version; a draft is priced at none', async () => {
  const atFirst = await completedOrder(t, { catalogueVersion: 1, companyName: 'Boulangerie Version Un' });
  const { body: draft } = await t.http.post('/api/create-order').send({}).expect(201);
  await t.http
    .post('/api/admin/catalogue/versions')
    .set(admin)
    .send({
      changes: [{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 }],
      reason: 'Hausse des coûts d’hébergement',
    })
    .expect(201);
  const atSecond = [
    await completedOrder(t, { catalogueVersion: 2, companyName: 'Fleuriste Version Deux' }),
    await completedOrder(t, { catalogueVersion: 2, companyName: 'Garage Version Deux' }),
  ];

  const history = (await t.http.get('/api/admin/catalogue').set(auditor).expect(200)).body;
  expect(history.versions.map((v: { version: number; orders: number }) => [v.version, v.orders])).toEqual([
    [2, 2],
    [1, 1],
  ]);

  const second = (await t.http.get('/api/admin/orders?catalogueVersion=2').set(auditor).expect(200)).body;
  expect(second.total).toBe(2);
  expect(new Set(second.orders.map((o: Listed) => o.id))).toEqual(new Set(atSecond));
  expect(second.orders.map((o: Listed) => o.catalogueVersion)).toEqual([2, 2]);
  const first = (await t.http.get('/api/admin/orders?catalogueVersion=1').set(admin).expect(200)).body;
  expect(first.orders.map((o: Listed) => o.id)).toEqual([atFirst]);
  // Filters combine: the search narrows the version's orders.
  const searched = (
    await t.http.get('/api/admin/orders?catalogueVersion=2&search=garage').set(admin).expect(200)
  ).body;
  expect(searched.orders.map((o: Listed) => o.id)).toEqual([atSecond[1]]);
  // The draft started but never completed is priced at no version.
  const drafts = (await t.http.get('/api/admin/orders?drafts=true').set(admin).expect(200)).body;
  expect(drafts.orders.find((o: Listed) => o.id === draft.orderId)?.catalogueVersion).toBeNull();
  expect((await t.http.get('/api/admin/orders?catalogueVersion=3').set(admin).expect(200)).body.total).toBe(
    0,
  );

  const refused = await t.http.get('/api/admin/orders?catalogueVersion=deux').set(admin).expect(400);
  expect(refused.body.message).toMatch(/catalogueVersion/);
});
