import { orderStreamId } from '@coseso/domain/events/event-reader';
import pg from 'pg';
import { completedOrder } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { signInAuditor } from '../../admin/testing/back-office.js';

let t: TestApp;
let auditor: { authorization: string };

beforeAll(async () => {
  t = await startTestApp();
  auditor = await signInAuditor(t);
});
afterAll(() => t.close());

it('GET /api/admin/audit/verify says the log is intact, then names the event altered in the database', async () => {
  await t.http.get('/api/admin/audit/verify').expect(401);
  const orderId = await completedOrder(t);
  await completedOrder(t);
  const intact = await t.http.get('/api/admin/audit/verify').set(auditor).expect(200);
  expect(intact.body).toMatchObject({ ok: true, streams: 2, broken: [] });
  expect(intact.body.events).toBe((await t.events()).length);

  const stream = orderStreamId(orderId);
  const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 1 });
  try {
    await pool.query(
      `update "${t.config.DATABASE_SCHEMA}".events set data = jsonb_set(data, '{orderNumber}', '1') where stream_id = $1 and stream_revision = 0`,
      [stream],
    );
  } finally {
    await pool.end();
  }
  const [stored] = await t.orderEvents(orderId);
  const { body } = await t.http.get('/api/admin/audit/verify').set(auditor).expect(200);
  expect(body).toMatchObject({
    ok: false,
    broken: [
      {
        streamId: stream,
        revision: 0,
        kind: 'altered',
        found: stored!.hash,
        expected: expect.stringMatching(/^[0-9a-f]{64}$/),
        description: expect.stringContaining('a été modifié'),
      },
    ],
  });
  expect(body.broken[0].expected).not.toBe(stored!.hash);
});
