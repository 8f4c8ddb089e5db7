import { ERASED } from '@coseso/event-schemas/personal-fields';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { type DataSource } from 'typeorm';
import { EmailQueue } from '../../emails/email-queue.js';
import { EmailService } from '../../emails/email-service.js';
import { rawEventStore } from '../../infra/personal-data/personal-data-event-store.js';
import { redisKeyPrefix } from '../../infra/redis-key-prefix.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
import { deleteRedisKeys } from '../../testing/redis-keys.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { expectNoneOf, readModelRows, rebuildReadModels, waitForProjectors } from '../testing/erasure.js';
import { ADMIN_ENV, signInAdmin, signInAuditor } from '../testing/back-office.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth } = await signInAdmin(t));
});
afterAll(() => t.close());

const EMAIL = 'gaspard.riviere@exemple.fr';
const visitor = {
  companyName: 'Atelier Rivière',
  companyAddress: '12 quai des Tanneurs, 67000 Strasbourg',
  companyId: '987654324',
  contactFirstName: 'Gaspard',
  contactLastName: 'Rivière',
  contactEmail: EMAIL,
  contactPhone: '07 11 22 33 44',
  clientRemarks: 'Joignable le matin',
};
/** What must not be readable anywhere once the contact is erased. */
const personal = [
  'Rivière',
  'Gaspard',
  EMAIL,
  '07 11 22 33 44',
  '987654324',
  'quai des Tanneurs',
  'Joignable le matin',
];
const REASON = 'Demande écrite du visiteur du 21 novembre';

const expectNoPersonalData = (text: string) => expectNoneOf(personal, text);
const caughtUp = () => waitForProjectors(t, auth);
const readModels = () => readModelRows(t);
const rebuildEveryReadModel = () => rebuildReadModels(t);

const erase = (orderId: string, body: object, as: Record<string, string> = auth) =>
  t.http.post(`/api/admin/orders/${orderId}/erase-contact`).set(as).send(body);
const detail = async (orderId: string) =>
  (await t.http.get(`/api/admin/orders/${orderId}`).set(auth).expect(200)).body;

describe('POST /api/admin/orders/:orderId/erase-contact (the right to be forgotten of a visitor who never paid)', () => {
  it('leaves « données effacées » in the detail, the list, the timeline, the exports and a rebuild, amounts kept, the chain intact', async () => {
    const orderId = await completedOrder(t, visitor);
    // Asking for the payment link places the order: its confirmation goes to the visitor.
    const { body: link } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    await eventually(async () => (await t.app.get(EmailService).mailbox(200)).find((e) => e.to === EMAIL));
    await caughtUp();
    expect(await detail(orderId)).toMatchObject({ clientId: null, contactErasable: false });

    // While the link is open, the visitor could still pay and become a client.
    const open = await erase(orderId, { reason: REASON, confirmation: true }).expect(409);
    expect(open.body.code).toBe('ORDER.PAYMENT_LINK_OPEN');
    expect(open.body.message).toMatch(/^Un lien de paiement de cette commande est encore ouvert/);
    await t.http.post(`/api/sandbox/checkout/${link.paymentUrl.split('/').pop()}/fail`).expect(200);
    await eventually(async () => (await detail(orderId)).contactErasable === true);

    const unconfirmed = await erase(orderId, { reason: REASON }).expect(400);
    expect(unconfirmed.body.message).toContain('Confirmez l’effacement définitif des données du contact');
    const noReason = await erase(orderId, { reason: '  ', confirmation: true }).expect(400);
    expect(noReason.body.message).toContain('Indiquez la raison de l’effacement');

    const before = await detail(orderId);
    for (const value of personal) expect(JSON.stringify(before)).toContain(value);
    const erased = await erase(orderId, { reason: REASON, confirmation: true }).expect(200);
    expect(erased.body).toMatchObject({
      success: true,
      orderId,
      plaintextEvents: 0,
      message: 'Données du contact effacées.',
      // Nothing can change it any more but its cancellation.
      order: {
        displayName: ERASED,
        contactErasable: false,
        allowedActions: [expect.objectContaining({ action: 'cancel' })],
      },
    });
    expectNoPersonalData(JSON.stringify(erased.body));
    const again = await erase(orderId, { reason: 'Encore', confirmation: true }).expect(409);
    expect(again.body).toMatchObject({
      code: 'ORDER.CONTACT_ALREADY_ERASED',
      message: 'Les données du contact de cette commande ont déjà été effacées.',
    });
    await caughtUp();

    // The back-office: detail, list and its search.
    const after = (
      await t.http
        .get(`/api/admin/orders/${orderId}`)
        .set(auth)
        .set('X-Min-Position', String(erased.body.position))
        .expect(200)
    ).body;
    expectNoPersonalData(JSON.stringify(after));
    expect(after).toMatchObject({
      displayName: ERASED,
      contactEmail: ERASED,
      status: 'contract_ready_for_signature',
      contactErasable: false,
      contactErasedAt: expect.any(String),
      allowedActions: [expect.objectContaining({ action: 'cancel' })],
    });
    for (const kept of ['orderNumber', 'totalAmount', 'createdAt', 'selectedTemplate', 'payment', 'price'])
      expect([kept, after[kept]]).toEqual([kept, before[kept]]);
    const list = (await t.http.get('/api/admin/orders').set(auth).expect(200)).body;
    expect(JSON.stringify(list)).toContain(orderId);
    expectNoPersonalData(JSON.stringify(list));
    const found = await t.http.get('/api/admin/orders').query({ search: 'rivière' }).set(auth).expect(200);
    expect(JSON.stringify(found.body)).not.toContain(orderId);

    // The visitor's own link shows nothing personal, and changes nothing any more.
    const wizard = await t.http.get(`/api/orders/${orderId}`).expect(200);
    expectNoPersonalData(JSON.stringify(wizard.body));
    const change = await t.http
      .post(`/api/orders/${orderId}/progress`)
      .send({ currentStep: 3, companyName: 'Atelier Rivière' });
    expect([change.status, change.body.code]).toEqual([409, 'ORDER.CONTACT_ERASED']);

    // The replay of the history, the event log explorer and its exports.
    const history = (await t.http.get(`/api/admin/orders/${orderId}/history`).set(auth).expect(200)).body;
    expectNoPersonalData(JSON.stringify(history));
    expect(JSON.stringify(history)).toContain(`Données du contact effacées : ${REASON}`);
    const page = (await t.http.get('/api/admin/events').query({ limit: 200 }).set(auth).expect(200)).body;
    expect(page.events.map((e: { type: string }) => e.type)).toContain('OrderContactErased');
    expectNoPersonalData(JSON.stringify(page));
    for (const format of ['ndjson', 'csv']) {
      const exported = await t.http
        .get(`/api/admin/events/export.${format}`)
        .set(auth)
        .buffer(true)
        .expect(200);
      expectNoPersonalData(exported.text);
      expect(exported.text).toContain(ERASED);
      expect(exported.text).toContain('OrderContactErased');
    }

    // The emails kept for the address are gone.
    const mailbox = (await t.http.get('/api/test/mailbox').query({ limit: 200 }).set(auth).expect(200)).body;
    expect(mailbox.emails.filter((e: { to: string }) => e.to === EMAIL)).toEqual([]);

    // The rows are what a rebuild of every read model gives.
    const live = await readModels();
    expectNoPersonalData(JSON.stringify(live));
    expect(JSON.stringify(live.timeline)).toContain(`Données du contact effacées : ${REASON}`);
    await rebuildEveryReadModel();
    expect(await readModels()).toEqual(live);

    // The chain, computed over the ciphertext, still holds; the log itself holds no plaintext.
    const chain = (await t.http.get('/api/admin/audit/verify').set(auth).expect(200)).body;
    expect(chain).toMatchObject({ ok: true, broken: [] });
    expect((await verifyHashChain(rawEventStore(t.store))).ok).toBe(true);
    const stored = await rawEventStore(t.store).readStream(`order-${orderId}`);
    expect(stored.at(-1)!.type).toBe('OrderContactErased');
    expectNoPersonalData(JSON.stringify(stored.map((e) => [e.data, e.metadata])));
    const db = t.app.get<DataSource>(READ_MODELS);
    const keys = await db.query(
      `select wrapped_key is null as destroyed from "${t.config.DATABASE_SCHEMA}".data_subject_keys where subject_id = $1`,
      [`order:${orderId}`],
    );
    expect(keys).toEqual([{ destroyed: true }]);
    // Read back, every event still conforms to its schema, the erasure included.
    expect((await t.events()).map((e) => e.type)).toContain('OrderContactErased');
  });

  it('forgets the emails about the erased order, not those the same address received for another order', async () => {
    const address = 'hortense.vidal@exemple.fr';
    const person = {
      ...visitor,
      contactFirstName: 'Hortense',
      contactLastName: 'Vidal',
      contactEmail: address,
    };
    const placed = async () => {
      const orderId = await completedOrder(t, person);
      const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
      await eventually(async () =>
        (await t.app.get(EmailService).mailbox(200)).find((e) => e.orderId === orderId),
      );
      return { orderId, token: body.paymentUrl.split('/').pop() as string };
    };
    const erased = await placed();
    // The next day: an unpaid order's address gets one email a day (decision 52).
    await deleteRedisKeys(`${redisKeyPrefix(t.config)}:emails:unproven:*`, t.config.REDIS_URL);
    const kept = await placed();
    await t.http.post(`/api/sandbox/checkout/${erased.token}/fail`).expect(200);
    await eventually(async () => (await detail(erased.orderId)).contactErasable === true);

    await erase(erased.orderId, { reason: REASON, confirmation: true }).expect(200);

    const mailbox = (await t.http.get('/api/test/mailbox').query({ limit: 200 }).set(auth).expect(200)).body;
    const toAddress = mailbox.emails.filter((e: { to: string }) => e.to === address);
    expect(toAddress.map((e: { orderId: string }) => e.orderId)).toEqual([kept.orderId]);
    expect(toAddress[0]).toMatchObject({ template: 'order-confirmation' });
    // The sent jobs Redis keeps for idempotency hold the address too: the erased order's are gone.
    const jobs = await t.app
      .get(EmailQueue)
      .queue.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed']);
    expect(jobs.filter((job) => job.data.to === address).map((job) => job.data.orderId)).toEqual([
      kept.orderId,
    ]);
  });

  it('leaves an order that has a client to the client’s erasure', async () => {
    const orderId = await completedOrder(t, { ...visitor, contactEmail: 'romane.client@exemple.fr' });
    const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${body.paymentUrl.split('/').pop()}/pay`).expect(200);
    const linked = await eventually(async () => {
      const order = await detail(orderId);
      return order.clientId ? order : null;
    }, 240_000);
    expect(linked.contactErasable).toBe(false);
    const refused = await erase(orderId, { reason: REASON, confirmation: true }).expect(409);
    expect(refused.body).toMatchObject({
      code: 'ORDER.CONTACT_IS_CLIENT',
      message: expect.stringMatching(
        /^Cette commande appartient à un client : effacez ses données avec « Effacer les données du client »/,
      ),
    });
  });

  it('leaves an erased never-paid order out of « En attente de paiement », and lets the team cancel it', async () => {
    const statistics = async () => {
      await caughtUp();
      return (await t.http.get('/api/admin/statistics').set(auth).expect(200)).body;
    };
    const orderId = await completedOrder(t, { ...visitor, contactEmail: 'annulee@exemple.fr' });
    const before = await statistics();
    await erase(orderId, { reason: REASON, confirmation: true }).expect(200);
    expect((await statistics()).awaitingPayment).toBe(before.awaitingPayment - 1);
    const { body } = await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auth)
      .send({ status: 'cancelled', reason: 'Contact effacé à sa demande' })
      .expect(200);
    expect(body.order).toMatchObject({
      status: 'cancelled',
      cancellation: { reason: 'Contact effacé à sa demande' },
      allowedActions: [],
    });
    expect(await statistics()).toMatchObject({ awaitingPayment: before.awaitingPayment - 1 });
  });

  it('is refused to an auditor, who only reads, and to anyone without a back-office token', async () => {
    const orderId = await completedOrder(t);
    const auditor = await signInAuditor(t);
    await erase(orderId, { reason: REASON, confirmation: true }, auditor).expect(403);
    await erase(orderId, { reason: REASON, confirmation: true }, {}).expect(401);
    expect((await detail(orderId)).contactErasedAt).toBeNull();
  });

  it('answers 404 for an unknown order, 400 for an id that is not one', async () => {
    const unknown = await erase(crypto.randomUUID(), { reason: REASON, confirmation: true }).expect(404);
    expect(unknown.body.code).toBe('ORDER.NOT_FOUND');
    await erase('pas-un-uuid', { reason: REASON, confirmation: true }).expect(400);
  });
});
