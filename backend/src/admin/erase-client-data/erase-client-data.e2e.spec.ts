import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { toNewEvent } from '@coseso/projections/testing/order-fixtures';
import request from 'supertest';
import { type DataSource } from 'typeorm';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { SESSION_COOKIE } from '../../accounts/shared/session-cookie.js';
import { EmailService } from '../../emails/email-service.js';
import { FinishClientErasure } from './finish-client-erasure.js';
import { EraseClientDataHandler } from './erase-client-data.handler.js';
import { rawEventStore } from '../../infra/personal-data/personal-data-event-store.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
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

const EMAIL = 'hortense.lemoine@exemple.fr';
const person = {
  companyName: 'Fromagerie Lemoine',
  companyAddress: '3 place du Marché, 21000 Dijon',
  companyId: '123456782',
  contactFirstName: 'Hortense',
  contactLastName: 'Lemoine',
  contactEmail: EMAIL,
  contactPhone: '06 98 76 54 32',
  clientRemarks: 'Rappelez-moi après 18 h',
};
/** What must not be readable anywhere once the client is erased. */
const personal = [
  'Lemoine',
  'Hortense',
  EMAIL,
  '06 98 76 54 32',
  '123456782',
  'place du Marché',
  'après 18 h',
];
const PASSWORD = 'comté-affiné-24-mois';

const expectNoPersonalData = (text: string) => expectNoneOf(personal, text);
const caughtUp = () => waitForProjectors(t, auth);
const readModels = () => readModelRows(t);
const rebuildEveryReadModel = () => rebuildReadModels(t);

/** A client who ordered, paid, opened the account and signed the contract: its data is in every view. */
async function paidClient() {
  const orderId = await completedOrder(t, person);
  const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${body.paymentUrl.split('/').pop()}/pay`).expect(200);
  const mail = await eventually(async () =>
    (await t.app.get(EmailService).mailbox(200)).find(
      (e) => e.to === EMAIL && e.template === 'account-created',
    ),
  );
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
  const agent = request.agent(t.app.getHttpServer());
  const set = await agent.post('/api/auth/set-password').send({ token, password: PASSWORD }).expect(200);
  const contract = await eventually(async () => {
    const response = await agent.get(`/api/client/orders/${orderId}/contract`);
    return response.status === 200 ? (response.body as { documentSha256: string }) : null;
  });
  await agent
    .post(`/api/client/orders/${orderId}/contract/sign`)
    .send({ signerName: 'Hortense Lemoine', accepted: true, documentSha256: contract.documentSha256 })
    .expect(200);
  return { orderId, clientId: set.body.user.id as string, agent };
}

const erase = (clientId: string, body: object) =>
  t.http.post(`/api/admin/clients/${clientId}/erase`).set(auth).send(body);

describe('POST /api/admin/clients/:clientId/erase (the right to be forgotten)', () => {
  it('leaves "données effacées" in every view, export and replay, amounts and dates kept, equal after a rebuild, the chain intact', async () => {
    const { orderId, clientId, agent } = await paidClient();

    // Nothing personal is stored in clear, even before any erasure.
    // (Streams read directly: the global log shows a commit only once older transactions settle.)
    const streams = [`order-${orderId}`, `client-${clientId}`];
    const raw = (await Promise.all(streams.map((s) => rawEventStore(t.store).readStream(s)))).flat();
    expect(raw.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ContractSigned', 'ClientAccountCreated']),
    );
    expectNoPersonalData(JSON.stringify(raw.map((e) => [e.data, e.metadata])));
    const readable = JSON.stringify(
      [...(await t.orderEvents(orderId)), ...(await t.store.readStream(`client-${clientId}`))].map(
        (e) => e.data,
      ),
    );
    expect(readable).toContain(EMAIL);
    expect(readable).toContain('Hortense Lemoine');

    // An order still running needs its contact.
    const open = await erase(clientId, { reason: 'Demande du client', confirmation: true }).expect(409);
    expect(open.body.code).toBe('CLIENT.ORDERS_OPEN');
    expect(open.body.message).toMatch(
      /^Les données ne peuvent pas être effacées tant qu’une commande est en cours/,
    );
    await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auth)
      .send({ status: 'cancelled', reason: 'Le client renonce' })
      .expect(200);

    const unconfirmed = await erase(clientId, { reason: 'Demande du client' }).expect(400);
    expect(unconfirmed.body.message).toContain('Confirmez l’effacement définitif des données du client');
    const noReason = await erase(clientId, { reason: '  ', confirmation: true }).expect(400);
    expect(noReason.body.message).toContain('Indiquez la raison de l’effacement');

    await caughtUp();
    const before = (await t.http.get(`/api/admin/orders/${orderId}`).set(auth).expect(200)).body;

    const erased = await erase(clientId, {
      reason: 'Demande écrite du client du 20 novembre',
      confirmation: true,
    }).expect(200);
    expect(erased.body).toMatchObject({ success: true, clientId, orderIds: [orderId], plaintextEvents: 0 });
    expect(erased.body.message).toBe('Données du client effacées (1 commande).');
    const again = await erase(clientId, { reason: 'Encore', confirmation: true }).expect(409);
    expect(again.body.code).toBe('CLIENT.ALREADY_ERASED');
    await caughtUp();

    // The back-office: detail and list.
    const after = (
      await t.http
        .get(`/api/admin/orders/${orderId}`)
        .set(auth)
        .set('X-Min-Position', String(erased.body.position))
        .expect(200)
    ).body;
    expectNoPersonalData(JSON.stringify(after));
    expect(after).toMatchObject({ displayName: ERASED, status: 'cancelled' });
    expect(JSON.stringify(after)).toContain(ERASED);
    for (const kept of [
      'orderNumber',
      'totalAmount',
      'firstPayment',
      'createdAt',
      'cancellation',
      'selectedTemplate',
    ])
      expect([kept, after[kept]]).toEqual([kept, before[kept]]);
    const list = (await t.http.get('/api/admin/orders').query({ status: 'cancelled' }).set(auth).expect(200))
      .body;
    expectNoPersonalData(JSON.stringify(list));
    expect(JSON.stringify(list)).toContain(ERASED);
    const found = await t.http.get('/api/admin/orders').query({ search: 'lemoine' }).set(auth).expect(200);
    expect(JSON.stringify(found.body)).not.toContain(orderId);

    // The replay of the history, the event log explorer and its exports.
    const history = (await t.http.get(`/api/admin/orders/${orderId}/history`).set(auth).expect(200)).body;
    expectNoPersonalData(JSON.stringify(history));
    expect(JSON.stringify(history)).toContain(`Contrat signé par ${ERASED}`);
    // The erasure is a step of the order's history: who, when, why; the order reads erased after it.
    const erasure = history.events.at(-1);
    expect(erasure).toMatchObject({
      type: 'ClientDataErased',
      description: 'Données du client effacées : Demande écrite du client du 20 novembre',
      actor: { kind: 'admin', name: 'admin@coseso.test' },
      state: { clientDataErasedAt: erasure.occurredAt, status: 'cancelled' },
      changes: [],
    });
    const detail = (await t.http.get(`/api/admin/orders/${orderId}`).set(auth).expect(200)).body;
    expect(detail.clientDataErasedAt).toBe(erasure.occurredAt);
    const page = (await t.http.get('/api/admin/events').query({ limit: 200 }).set(auth).expect(200)).body;
    expect(page.events.map((e: { type: string }) => e.type)).toContain('ClientDataErased');
    // Invoices are kept as issued, buyer included: ten years' legal retention (decision 77).
    const invoiceEvent = (e: { streamId: string }) => e.streamId.startsWith('invoice-');
    const invoices = page.events.filter(invoiceEvent);
    expect(invoices.map((e: { type: string }) => e.type)).toContain('InvoiceIssued');
    expect(JSON.stringify(invoices)).not.toContain(ERASED);
    expectNoPersonalData(
      JSON.stringify({ ...page, events: page.events.filter((e: { streamId: string }) => !invoiceEvent(e)) }),
    );
    for (const format of ['ndjson', 'csv']) {
      const exported = await t.http
        .get(`/api/admin/events/export.${format}`)
        .set(auth)
        .buffer(true)
        .expect(200);
      expectNoPersonalData(
        exported.text
          .split('\n')
          .filter((line) => !line.includes('"streamId":"invoice-') && !/^\d+;invoice-/.test(line))
          .join('\n'),
      );
      expect(exported.text).toContain(ERASED);
      expect(exported.text).toContain('DepositPaid');
    }

    // The client can no longer sign in; the emails kept for the address are gone.
    await agent.get('/api/client/orders').expect(401);
    // Were a session still open somewhere, the client area itself would show nothing personal.
    const session = { cookie: `${SESSION_COOKIE}=${await t.app.get(AccountStore).openSession(clientId)}` };
    const area = await t.http.get('/api/client/orders').set(session).expect(200);
    expect(area.body.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const areaDetail = await t.http.get(`/api/client/orders/${orderId}`).set(session).expect(200);
    const areaTimeline = await t.http.get(`/api/client/orders/${orderId}/timeline`).set(session).expect(200);
    for (const body of [area.body, areaDetail.body, areaTimeline.body])
      expectNoPersonalData(JSON.stringify(body));
    expect(JSON.stringify(areaDetail.body)).toContain(ERASED);
    await t.http.post('/api/auth/login').send({ email: EMAIL, password: PASSWORD }).expect(401);
    const preview = await t.http.post(`/api/test/contract-email/${orderId}`).set(auth).expect(200);
    expect(preview.body).toMatchObject({
      success: false,
      message: 'Les données de ce client ont été effacées : il n’y a plus personne à qui écrire.',
    });
    const mailbox = (await t.http.get('/api/test/mailbox').query({ limit: 200 }).set(auth).expect(200)).body;
    expect(mailbox.emails.filter((e: { to: string }) => e.to === EMAIL)).toEqual([]);

    // The rows are what a rebuild of every read model gives.
    const live = await readModels();
    expectNoPersonalData(JSON.stringify(live));
    expect(JSON.stringify(live.timeline)).toContain(`Contrat signé par ${ERASED}`);
    expect(live.accounts).toEqual([]);
    await rebuildEveryReadModel();
    expect(await readModels()).toEqual(live);

    // The chain, computed over the ciphertext, still holds; the log itself holds no plaintext.
    const chain = (await t.http.get('/api/admin/audit/verify').set(auth).expect(200)).body;
    expect(chain).toMatchObject({ ok: true, broken: [] });
    expect((await verifyHashChain(rawEventStore(t.store))).ok).toBe(true);
    const stored = await rawEventStore(t.store).readAll({ after: null, limit: 10_000 });
    expectNoPersonalData(
      JSON.stringify(stored.events.filter((e) => !invoiceEvent(e)).map((e) => [e.data, e.metadata])),
    );
    const db = t.app.get<DataSource>(READ_MODELS);
    // The clients' and orders' keys; the team's members have their own (the first admin's, sealed at start).
    const keys = await db.query(
      `select subject_id, wrapped_key is null as destroyed from "${t.config.DATABASE_SCHEMA}".data_subject_keys where subject_id not like 'member:%' order by subject_id`,
    );
    // Read back, every event still conforms to its schema, the erased values and the erasure included.
    expect((await t.events()).map((e) => e.type)).toContain('ClientDataErased');
    expect(keys).toEqual([
      { subject_id: `client:${clientId}`, destroyed: true },
      { subject_id: `order:${orderId}`, destroyed: true },
    ]);
  });

  it('is honest about events stored in clear before encryption existed: counted, shown erased, kept as written', async () => {
    // A delivered order and its account, as a version without encryption wrote them.
    const orderId = crypto.randomUUID();
    const clientId = crypto.randomUUID();
    const legacy = rawEventStore(t.store);
    // Without its payments: the onboarding reactor would open a second account for the address, and
    // a balance without its deposit is a log no version wrote (its invoice deducts a deposit never
    // invoiced: the books this file's app checks as it closes would not balance).
    const history = orderIn('delivered', {
      orderId,
      orderNumber: 70_001,
      form: { contactEmail: 'ancien@exemple.fr' },
    }).history.filter((e) => e.type !== 'DepositPaid' && e.type !== 'BalancePaid');
    const linked = { ...history.at(-1)!, type: 'OrderLinkedToClient', data: { clientId } } as const;
    await legacy.appendToStream(
      `order-${orderId}`,
      [...history, linked].map((e, i) => toNewEvent(e as never, i)),
      { expectedRevision: 'no_stream' },
    );
    await legacy.appendToStream(
      `client-${clientId}`,
      [
        {
          type: 'ClientAccountCreated',
          schemaVersion: 1,
          data: {
            clientId,
            email: 'ancien@exemple.fr',
            firstName: 'Claire',
            lastName: 'Martin',
            firstOrderId: orderId,
          },
          metadata: toNewEvent(linked as never, 0).metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await caughtUp();

    const erased = await erase(clientId, { reason: 'Demande du client', confirmation: true }).expect(200);
    expect(erased.body.plaintextEvents).toBeGreaterThanOrEqual(3); // the form, the signature, the account
    expect(erased.body.message).toContain(
      `${erased.body.plaintextEvents} événement(s) enregistré(s) avant le chiffrement gardent leurs données en clair`,
    );
    await caughtUp();

    // Every reader shows them erased; the table keeps them as written (never rewritten, chain intact).
    const readable = JSON.stringify((await t.orderEvents(orderId)).map((e) => [e.data, e.metadata]));
    expect(readable).not.toContain('ancien@exemple.fr');
    expect(readable).not.toContain('Claire Martin');
    expect(readable).toContain(ERASED);
    const detail = (await t.http.get(`/api/admin/orders/${orderId}`).set(auth).expect(200)).body;
    expect(JSON.stringify(detail)).not.toContain('ancien@exemple.fr');
    const live = await readModels();
    expect(JSON.stringify(live)).not.toContain('ancien@exemple.fr');
    await rebuildEveryReadModel();
    expect(await readModels()).toEqual(live);
    const stored = await legacy.readStream(`order-${orderId}`);
    expect(JSON.stringify(stored.map((e) => e.data))).toContain('ancien@exemple.fr');
    expect((await t.http.get('/api/admin/audit/verify').set(auth).expect(200)).body.ok).toBe(true);
  });

  it('finishes once even when the command dies between ClientDataErased and its effects: the job the event called for erases the keys', async () => {
    const { orderId, clientId } = await paidClient();
    await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auth)
      .send({ status: 'cancelled', reason: 'Le client renonce' })
      .expect(200);
    await caughtUp();
    const keysOf = async () =>
      (await t.app
        .get<DataSource>(READ_MODELS)
        .query(
          `select subject_id, wrapped_key is null as destroyed from "${t.config.DATABASE_SCHEMA}".data_subject_keys where subject_id = any($1::text[]) order by subject_id`,
          [[`client:${clientId}`, `order:${orderId}`]],
        )) as { subject_id: string; destroyed: boolean }[];
    expect((await keysOf()).map((k) => k.destroyed)).toEqual([false, false]);

    // The process « dies » right after the append: nothing of what follows the fact is done by the command.
    // Only the command's: the job the event calls for holds its own reference and may run first or after.
    const handler = t.app.get(EraseClientDataHandler) as unknown as { erasure: FinishClientErasure };
    const erasure = handler.erasure;
    handler.erasure = Object.assign(Object.create(erasure) as FinishClientErasure, {
      finish: () => Promise.reject(new Error('killed between the fact and its effects')),
    });
    try {
      await erase(clientId, { reason: 'Demande du client', confirmation: true }).expect(500);
    } finally {
      handler.erasure = erasure;
    }
    const erasures = async () =>
      (await t.store.readStream(`client-${clientId}`)).filter((e) => e.type === 'ClientDataErased');
    expect(await erasures()).toHaveLength(1);

    // No retry by anyone: the job keyed by the event's id destroys the keys and forgets the account.
    await eventually(async () => (await keysOf()).every((k) => k.destroyed) || null);
    const accounts = t.app.get(AccountStore);
    await eventually(async () => (await accounts.emailOf(clientId)) === null || null);
    await t.http.post('/api/auth/login').send({ email: EMAIL, password: PASSWORD }).expect(401);
    expect((await t.app.get(EmailService).mailbox(200)).filter((e) => e.to === EMAIL)).toEqual([]);

    // The fact is final: the command run again is refused, and the follow-up run again changes nothing.
    await erase(clientId, { reason: 'Demande du client', confirmation: true }).expect(409);
    await erasure.finish({ clientId, orderIds: [orderId], addresses: [] });
    expect(await erasures()).toHaveLength(1);
    expect((await keysOf()).map((k) => k.destroyed)).toEqual([true, true]);
  });

  it('is refused to an auditor, who only reads', async () => {
    const auditor = await signInAuditor(t);
    await t.http
      .post(`/api/admin/clients/${crypto.randomUUID()}/erase`)
      .set(auditor)
      .send({ reason: 'Demande', confirmation: true })
      .expect(403);
  });

  it('answers 404 for an unknown client', async () => {
    const unknown = await erase(crypto.randomUUID(), { reason: 'Demande', confirmation: true }).expect(404);
    expect(unknown.body.code).toBe('CLIENT.NOT_FOUND');
  });
});
