import { paidOrderWithSignedInClient, signContract } from '../../testing/client-order.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const signedInClient = (email: string) => paidOrderWithSignedInClient(t, email);

describe('the timeline of a client order', () => {
  it('lists what happened to the order, oldest first, with the dates of the log', async () => {
    const { orderId, agent } = await signedInClient('frise@boulangerie-martin.fr');
    await signContract(agent, orderId);
    const before = Date.now();
    await runOrderCommands(t.app, orderId, { kind: 'admin', id: 'admin-1' }, { type: 'OpenBrief' });
    const opened = (await t.orderEvents(orderId)).at(-1)!;
    expect(opened.type).toBe('BriefOpened');

    const { body } = await agent
      .get(`/api/client/orders/${orderId}/timeline`)
      .set('X-Min-Position', String(opened.position))
      .expect(200);
    const types = body.map((entry: { type: string }) => entry.type);
    expect(types.slice(0, 4)).toEqual([
      'OrderDraftCreated',
      'WizardStepSaved',
      'OrderFormCompleted',
      'OrderPlaced',
    ]);
    expect(types).toEqual(expect.arrayContaining(['DepositPaid', 'ContractIssued', 'ContractSigned']));
    expect(types.at(-1)).toBe('BriefOpened');
    const briefOpened = body.at(-1) as { occurredAt: string };
    expect(new Date(briefOpened.occurredAt).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(briefOpened.occurredAt).toBe(opened.metadata['occurredAt']);
    expect(Object.keys(briefOpened).sort()).toEqual(['occurredAt', 'type']);
  });

  it("answers 404 for another client's order and for none, 401 without a session", async () => {
    const { orderId } = await signedInClient('proprietaire-frise@boulangerie-martin.fr');
    const { agent: stranger } = await signedInClient('intrus-frise@boulangerie-martin.fr');
    for (const id of [orderId, crypto.randomUUID()]) {
      const response = await stranger.get(`/api/client/orders/${id}/timeline`);
      expect([response.status, response.body]).toEqual([
        404,
        { message: 'Commande introuvable', code: 'ORDER.NOT_FOUND' },
      ]);
    }
    await t.http.get(`/api/client/orders/${orderId}/timeline`).expect(401);
  });
});
