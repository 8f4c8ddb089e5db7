import { completedOrder } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';
import { signInAuditor } from '../../admin/testing/back-office.js';

let t: TestApp;
let auditor: { authorization: string };
let orderId: string;
let adminId: string;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' });
  auditor = await signInAuditor(t);
  adminId = (
    await t.http
      .post('/api/admin/login')
      .send({ email: 'admin@coseso.test', password: 'un-secret-de-test' })
      .expect(200)
  ).body.user.id;
  orderId = await completedOrder(t);
  // An admin's step, so that the history names the admin.
  await runOrderCommands(
    t.app,
    orderId,
    { kind: 'admin', id: adminId },
    { type: 'LinkOrderToClient', clientId: crypto.randomUUID() },
  );
});
afterAll(() => t.close());

const history = (id: string, query: Record<string, string> = {}) =>
  t.http.get(`/api/admin/orders/${id}/history`).query(query).set(auditor);

describe('GET /api/admin/orders/:orderId/history', () => {
  it("gives every event of the order's stream: when, who by name, what in French, the state after it and what changed", async () => {
    const { body } = await history(orderId).expect(200);
    const stream = await t.orderEvents(orderId);
    expect(body.orderId).toBe(orderId);
    expect(body.events.map((e: { type: string }) => e.type)).toEqual(stream.map((e) => e.type));
    expect(body.events.map((e: { hash: string }) => e.hash)).toEqual(stream.map((e) => e.hash));

    const [created, ...rest] = body.events;
    expect(created).toMatchObject({
      revision: 0,
      type: 'OrderDraftCreated',
      description: `Commande #${body.orderNumber} créée`,
      actor: { kind: 'visitor', name: 'Le visiteur' },
      state: { exists: true, orderNumber: body.orderNumber, status: 'pending' },
    });
    expect(created.changes).toEqual(
      expect.arrayContaining([{ path: 'exists', label: 'Commande créée', before: false, after: true }]),
    );

    const completed = rest.find((e: { type: string }) => e.type === 'OrderFormCompleted');
    expect(completed.state).toMatchObject({ status: 'contract_ready_for_signature', formCompleted: true });
    expect(completed.changes).toEqual(
      expect.arrayContaining([
        { path: 'status', label: 'Statut', before: 'pending', after: 'contract_ready_for_signature' },
        { path: 'formCompleted', label: 'Formulaire finalisé', before: false, after: true },
      ]),
    );
    const named = body.events
      .flatMap((e: { changes: { path: string }[] }) => e.changes)
      .filter((c: { path: string }) => c.path === 'form.companyName');
    expect(named[named.length - 1]).toEqual({
      path: 'form.companyName',
      label: "Nom de l'entreprise",
      before: expect.anything(),
      after: 'Boulangerie Martin',
    });

    const linked = body.events[body.events.length - 1];
    expect(linked).toMatchObject({
      type: 'OrderLinkedToClient',
      actor: { kind: 'admin', id: adminId, name: 'admin@coseso.test' },
    });
    expect(linked.changes.map((c: { path: string }) => c.path)).toEqual(['clientId']);
    expect(body.at).toBeNull();
  });

  it('answers the state at a date: before the order, during, and after its last event', async () => {
    const { body: all } = await history(orderId).expect(200);
    const before = await history(orderId, { at: '2000-01-01' }).expect(200);
    expect(before.body.at).toEqual({ at: '2000-01-01T00:00:00.000Z', revision: null, state: null });

    const first = all.events[0];
    const during = await history(orderId, { at: first.occurredAt }).expect(200);
    expect(during.body.at.revision).toBeGreaterThanOrEqual(0);
    expect(during.body.at.state).toEqual(all.events[during.body.at.revision].state);
    expect(during.body.at.revision).toBeLessThan(all.events.length - 1);

    const later = await history(orderId, { at: '2999-01-01T00:00:00Z' }).expect(200);
    expect(later.body.at.revision).toBe(all.events.length - 1);
    expect(later.body.at.state).toEqual(all.events[all.events.length - 1].state);
  });

  it('answers 404 for an unknown order, 400 for a bad id or date, 401 without a token', async () => {
    expect((await history(crypto.randomUUID()).expect(404)).body.code).toBe('ORDER.NOT_FOUND');
    await history('pas-un-id').expect(400);
    expect((await history(orderId, { at: 'hier' }).expect(400)).body.fields.at).toEqual(expect.any(String));
    await t.http.get(`/api/admin/orders/${orderId}/history`).expect(401);
  });
});
