import { addCalendarMonths, parisDate } from '@coseso/domain/shared/calendar';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { adminStatusLabels, type OrderStatus } from '@coseso/domain/orders/order-status';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, projected, seedOrder, signInAdmin, signInAuditor } from '../testing/back-office.js';

// A payment received by hand is dated between the order's first payment request (today, for these
// seeded orders) and today, in Paris.
const receivedToday = parisDate(new Date().toISOString());

let t: TestApp;
let auth: { authorization: string };
let adminId: string;
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth, adminId } = await signInAdmin(t));
});
afterAll(() => t.close());

const patch = (orderId: string, body: object) =>
  t.http.patch(`/api/admin/orders/${orderId}/status`).set(auth).send(body);
const post = (path: string, body: object = {}) => t.http.post(path).set(auth).send(body);

/** Events the signed-in admin appended to the order (reactors append their own, e.g. after a payment). */
const byAdmin = async (orderId: string) =>
  (await t.orderEvents(orderId))
    .filter((e) => (e.metadata['actor'] as { id: string }).id === adminId)
    .map((e) => ({ type: e.type, data: e.data, actor: e.metadata['actor'] }));

describe('each allowed transition, run by the signed-in admin', () => {
  it.each<
    [string, OrderStatus, { drop?: number; billing?: 'yearly' | 'monthly' }, object, OrderStatus, string[]]
  >(
    // [what, seeded status, how, PATCH body, status after, events appended]
    [
      [
        'signs the contract once paid',
        'contract_signed',
        { drop: 1 },
        { status: 'contract_signed' },
        'contract_signed',
        ['ContractSigned'],
      ],
      [
        'forces the contract of a paid order, as a correction with its reason',
        'contract_signed',
        { drop: 1 },
        { status: 'contract_signed', reason: 'Contrat signé sur papier' },
        'contract_signed',
        ['StatusCorrected'],
      ],
      [
        'opens the brief',
        'contract_signed',
        {},
        { status: 'brief_pending' },
        'brief_pending',
        ['BriefOpened'],
      ],
      [
        'asks for more elements',
        'brief',
        {},
        { status: 'brief_pending', adminNote: 'Il manque le logo' },
        'brief_pending',
        ['MoreElementsRequested'],
      ],
      [
        'starts production once the brief is validated',
        'in_progress',
        { drop: 1 },
        { status: 'in_progress' },
        'in_progress',
        ['ProductionStarted'],
      ],
      [
        'sends the review URL, https:// added',
        'in_progress',
        {},
        { status: 'en_revision', reviewUrl: 'preview.coseso.fr/martin' },
        'en_revision',
        ['ReviewRequested'],
      ],
      [
        'corrects production back to brief',
        'in_progress',
        {},
        { status: 'brief', reason: 'Brief incomplet', briefValidatedByAdmin: false },
        'brief',
        ['StatusCorrected'],
      ],
      [
        'corrects a review back to production',
        'en_revision',
        {},
        { status: 'in_progress', reason: 'Mauvais lien' },
        'in_progress',
        ['StatusCorrected'],
      ],
      [
        'marks the changes done with a new URL and a note',
        'revision_changes_requested',
        {},
        { status: 'en_revision', reviewUrl: 'https://preview.coseso.fr/v2', adminNote: 'Logo agrandi' },
        'en_revision',
        ['ChangesCompleted'],
      ],
      [
        'moves an approved yearly order on to its balance',
        'awaiting_balance_payment',
        { drop: 1 },
        { status: 'awaiting_balance_payment' },
        'awaiting_balance_payment',
        ['FinalPaymentRequested'],
      ],
      [
        'moves an approved monthly order on to its first month',
        'awaiting_first_monthly_payment',
        { drop: 1 },
        { status: 'awaiting_first_monthly_payment' },
        'awaiting_first_monthly_payment',
        ['FinalPaymentRequested'],
      ],
      [
        'records the balance paid offline',
        'awaiting_balance_payment',
        {},
        {
          status: 'ready_for_delivery',
          paymentReference: 'VIR-2026-118',
          paymentDate: receivedToday,
          paymentMeans: 'transfer',
        },
        'ready_for_delivery',
        ['BalancePaid', 'MarkedReadyForDelivery'],
      ],
      [
        'corrects an awaited balance back to production',
        'awaiting_balance_payment',
        {},
        { status: 'in_progress', reason: 'Retouches' },
        'in_progress',
        ['StatusCorrected'],
      ],
      [
        'corrects an awaited first month back to production',
        'awaiting_first_monthly_payment',
        {},
        { status: 'in_progress', reason: 'Retouches' },
        'in_progress',
        ['StatusCorrected'],
      ],
      [
        'delivers',
        'ready_for_delivery',
        {},
        { status: 'delivered', deliveryUrl: 'boulangerie-martin.fr' },
        'delivered',
        ['Delivered'],
      ],
      [
        'cancels',
        'brief_pending',
        {},
        { status: 'cancelled', reason: 'Client injoignable' },
        'cancelled',
        ['OrderCancelled'],
      ],
      [
        // Where it was cancelled: in production (decision 126).
        'reactivates',
        'cancelled',
        {},
        { status: 'in_progress', reason: 'Le client reprend' },
        'in_progress',
        ['OrderReactivated'],
      ],
    ],
  )('%s', async (_, seeded, how, body, after, types) => {
    const { orderId } = await seedOrder(t, seeded, how);
    const { body: answer, headers } = await patch(orderId, body).expect(200);
    expect(answer).toMatchObject({ success: true, order: { id: orderId, status: after } });
    expect(Number(headers['x-event-position'])).toBe(answer.position);
    const events = await byAdmin(orderId);
    expect(events.map((e) => e.type)).toEqual(types);
    for (const event of events) expect(event.actor).toEqual({ kind: 'admin', id: adminId });

    // Read-your-writes: the detail panel shows the new status and what it allows next.
    const { body: detail } = await t.http
      .get(`/api/admin/orders/${orderId}`)
      .set(auth)
      .set('X-Min-Position', String(answer.position))
      .expect(200);
    expect(detail).toMatchObject({ status: after, statusLabel: adminStatusLabels[after] });
    expect(detail.allowedActions).toEqual(answer.order.allowedActions);
  });

  it('records what each transition carries', async () => {
    const review = await seedOrder(t, 'in_progress');
    await patch(review.orderId, { status: 'en_revision', reviewUrl: 'preview.coseso.fr/martin' }).expect(200);
    expect((await byAdmin(review.orderId))[0]!.data).toEqual({
      reviewUrl: 'https://preview.coseso.fr/martin',
      round: 1,
    });

    const forced = await seedOrder(t, 'contract_signed', { drop: 1 });
    await patch(forced.orderId, { status: 'contract_signed', reason: 'Contrat signé sur papier' }).expect(
      200,
    );
    expect((await byAdmin(forced.orderId))[0]!.data).toEqual({
      from: 'contract_ready_for_signature',
      to: 'contract_signed',
      reason: 'Contrat signé sur papier',
    });

    const paid = await seedOrder(t, 'awaiting_balance_payment');
    await patch(paid.orderId, {
      status: 'ready_for_delivery',
      paymentReference: 'VIR-2026-118',
      paymentDate: receivedToday,
      paymentMeans: 'transfer',
    }).expect(200);
    expect((await byAdmin(paid.orderId))[0]!.data).toMatchObject({
      payment: {
        provider: 'offline',
        paymentId: 'VIR-2026-118',
        receivedOn: receivedToday,
        means: 'transfer',
      },
    });

    const cancelled = await seedOrder(t, 'brief');
    const { body: cancelAnswer } = await patch(cancelled.orderId, {
      status: 'cancelled',
      reason: 'Le client renonce',
    }).expect(200);
    const { body: detail } = await t.http
      .get(`/api/admin/orders/${cancelled.orderId}`)
      .set(auth)
      .set('X-Min-Position', String(cancelAnswer.position))
      .expect(200);
    expect(detail.cancellation).toMatchObject({ reason: 'Le client renonce', previousStatus: 'brief' });
  });

  it('validates the brief (bearer token, adminId ignored), then starts production', async () => {
    const { orderId } = await seedOrder(t, 'brief');
    const { body } = await post(`/api/orders/${orderId}/validate-brief`, {
      adminId: 'admin',
      notes: 'Brief complet',
    }).expect(200);
    expect(body.order).toMatchObject({
      status: 'brief',
      briefValidatedByAdmin: true,
      briefNotes: 'Brief complet',
      briefValidatedBy: adminId,
    });
    expect(body.order.allowedActions.map((a: { action: string }) => a.action)).toContain('start_production');
    await patch(orderId, { status: 'in_progress', briefValidatedByAdmin: true }).expect(200);
  });

  it('asks for more elements with a required message', async () => {
    const { orderId } = await seedOrder(t, 'brief');
    const blank = await post(`/api/admin/orders/${orderId}/request-more-elements`, { notes: '  ' }).expect(
      400,
    );
    expect(blank.body).toMatchObject({
      code: ErrorCode.REQUEST_INVALID,
      fields: { notes: 'Le message est requis' },
    });
    const { body } = await post(`/api/admin/orders/${orderId}/request-more-elements`, {
      notes: 'Merci d’envoyer le logo',
    }).expect(200);
    expect(body.order).toMatchObject({
      status: 'brief_pending',
      moreElementsMessage: 'Merci d’envoyer le logo',
    });
  });

  it('finalizes the delivery with a required, valid URL', async () => {
    const { orderId } = await seedOrder(t, 'ready_for_delivery');
    const path = `/api/admin/orders/${orderId}/finalize-delivery`;
    expect((await post(path, { deliveryUrl: '' }).expect(400)).body).toMatchObject({
      message: "L'URL du site livré est requise pour finaliser la livraison",
      fields: { deliveryUrl: "L'URL du site livré est requise pour finaliser la livraison" },
    });
    expect((await post(path, { deliveryUrl: 'pas une url' }).expect(400)).body).toMatchObject({
      code: ErrorCode.ORDER_INVALID_URL,
      message: 'Veuillez saisir une URL valide (ex: monsite.fr)',
    });
    const { body } = await post(path, { deliveryUrl: 'boulangerie-martin.fr' }).expect(200);
    expect(body.order).toMatchObject({ status: 'delivered', deliveryUrl: 'https://boulangerie-martin.fr/' });
  });

  it('records the first month paid offline, with its reference and day, and starts no subscription', async () => {
    const { orderId } = await seedOrder(t, 'awaiting_first_monthly_payment');
    const path = `/api/admin/orders/${orderId}/offline-payment`;
    expect((await post(path, { receivedOn: receivedToday, means: 'cheque' }).expect(400)).body).toMatchObject(
      {
        fields: { reference: 'La référence du paiement est requise (virement, chèque…)' },
      },
    );
    expect((await post(path, { reference: 'CHQ-42', means: 'cheque' }).expect(400)).body).toMatchObject({
      fields: { receivedOn: 'La date de réception du paiement est requise (jj/mm/aaaa)' },
    });
    const tomorrow = addCalendarMonths(new Date().toISOString(), 1).slice(0, 10);
    expect(
      (await post(path, { reference: 'CHQ-42', receivedOn: tomorrow, means: 'cheque' }).expect(400)).body,
    ).toMatchObject({
      message: 'La date de réception du paiement ne peut pas être dans le futur',
    });
    const { body } = await post(path, {
      reference: 'CHQ-42',
      receivedOn: receivedToday,
      means: 'cheque',
    }).expect(200);
    expect(body.order).toMatchObject({
      status: 'ready_for_delivery',
      finalPaid: true,
      subscriptionStatus: 'none',
      finalPayment: { provider: 'offline', reference: 'CHQ-42' },
    });
    expect((await byAdmin(orderId)).map((e) => e.type)).toEqual([
      'FirstMonthlyPaymentPaid',
      'MarkedReadyForDelivery',
    ]);
  });

  it('carries on a contract forced unpaid: the first payment received offline opens the client’s account', async () => {
    const { orderId } = await seedOrder(t, 'contract_ready_for_signature');
    await patch(orderId, { status: 'contract_signed', reason: 'Virement annoncé' }).expect(200);
    const { body: opened } = await patch(orderId, { status: 'brief_pending' }).expect(200);
    expect(opened.order).toMatchObject({ status: 'brief_pending', depositPaid: false, clientId: null });
    expect(opened.order.allowedActions).toContainEqual(
      expect.objectContaining({
        action: 'record_offline_first_payment',
        label: "Enregistrer l'acompte (hors ligne)",
      }),
    );
    const { body } = await post(`/api/admin/orders/${orderId}/offline-payment`, {
      reference: 'VIR-2026-7',
      receivedOn: receivedToday,
      means: 'transfer',
    }).expect(200);
    expect(body.order).toMatchObject({
      status: 'brief_pending',
      depositPaid: true,
      firstPayment: { provider: 'offline', reference: 'VIR-2026-7' },
    });
    expect((await byAdmin(orderId)).map((e) => e.type)).toEqual([
      'StatusCorrected',
      'BriefOpened',
      'DepositPaid',
    ]);
    // As after a card payment, the client's account, its email and the contract follow.
    const detail = async () =>
      (
        await t.http
          .get(`/api/admin/orders/${orderId}`)
          .set(auth)
          .set('X-Min-Position', String(body.position))
          .expect(200)
      ).body;
    await eventually(async () => (await detail()).clientId);
    await eventually(async () => (await detail()).contractIssued);
  });

  it('refuses a review URL that is missing or invalid, and a correction without a reason', async () => {
    const { orderId } = await seedOrder(t, 'in_progress');
    expect((await patch(orderId, { status: 'en_revision' }).expect(400)).body).toEqual({
      code: ErrorCode.ORDER_INVALID_INPUT,
      message: 'Une URL de révision est requise pour passer en phase de révision',
      fields: { reviewUrl: 'Une URL de révision est requise pour passer en phase de révision' },
    });
    expect(
      (await patch(orderId, { status: 'en_revision', reviewUrl: 'http://' }).expect(400)).body,
    ).toMatchObject({
      code: ErrorCode.ORDER_INVALID_URL,
    });
    expect((await patch(orderId, { status: 'brief' }).expect(400)).body).toMatchObject({
      fields: { reason: 'La raison de la correction est requise' },
    });
    const changes = await seedOrder(t, 'revision_changes_requested');
    expect(
      (await patch(changes.orderId, { status: 'en_revision', reviewUrl: ' ' }).expect(400)).body.message,
    ).toBe('Une URL de révision est requise pour relancer la validation');
    expect(await byAdmin(orderId)).toEqual([]);
  });
});

describe('a transition the current status does not allow', () => {
  it.each<[OrderStatus, object]>([
    ['pending', { status: 'in_progress' }],
    ['contract_ready_for_signature', { status: 'brief_pending' }],
    ['contract_signed', { status: 'in_progress' }],
    ['brief_pending', { status: 'en_revision', reviewUrl: 'preview.coseso.fr' }],
    ['brief', { status: 'en_revision', reviewUrl: 'preview.coseso.fr' }],
    ['in_progress', { status: 'delivered', deliveryUrl: 'site.fr' }],
    ['en_revision', { status: 'ready_for_delivery' }],
    ['revision_changes_requested', { status: 'ready_for_delivery' }],
    ['awaiting_balance_payment', { status: 'delivered', deliveryUrl: 'site.fr' }],
    ['awaiting_first_monthly_payment', { status: 'brief', reason: 'Erreur' }],
    ['ready_for_delivery', { status: 'in_progress', reason: 'Erreur' }],
    ['delivered', { status: 'cancelled' }],
    // A reactivation resumes where the order was cancelled (in production), not elsewhere.
    ['cancelled', { status: 'brief_pending' }],
  ])('from %s, %j: 409 naming the current status, nothing written', async (status, body) => {
    const { orderId } = await seedOrder(t, status);
    const { body: refusal } = await patch(orderId, body).expect(409);
    expect(refusal.code).toBe(ErrorCode.ORDER_TRANSITION_FORBIDDEN);
    expect(refusal.message).toMatch(/^Impossible (de |d')/);
    // In French words: the label, never the raw status.
    expect(refusal.message).toContain(`la commande est au statut « ${adminStatusLabels[status]} ».`);
    expect(refusal.message).not.toContain(`(${status})`);
    expect(await byAdmin(orderId)).toEqual([]);
  });

  it('refuses a status no action leads to, and an order that does not exist', async () => {
    const { orderId } = await seedOrder(t, 'brief');
    expect((await patch(orderId, { status: 'pending' }).expect(409)).body.message).toBe(
      'Impossible de passer la commande au statut « En cours » : la commande est au statut « Brief ».',
    );
    await patch('3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f', { status: 'cancelled' }).expect(404);
    await post('/api/orders/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f/validate-brief').expect(404);
    await patch(orderId, { status: 'livré' }).expect(400);
  });
});

describe('two admins acting on the same order at once', () => {
  it('one wins, the other gets a 409 and nothing of theirs is written', async () => {
    for (let round = 0; round < 5; round++) {
      const { orderId } = await seedOrder(t, 'in_progress');
      const answers = await Promise.all([
        patch(orderId, { status: 'en_revision', reviewUrl: 'https://preview.coseso.fr/a' }),
        patch(orderId, { status: 'brief', reason: 'Brief incomplet' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body.code).toBe(ErrorCode.ORDER_TRANSITION_FORBIDDEN);
      expect(await byAdmin(orderId)).toHaveLength(1);
    }
  });

  it('the same action twice: the second is refused by the status the first left', async () => {
    const { orderId } = await seedOrder(t, 'ready_for_delivery');
    const answers = await Promise.all(
      [1, 2].map(() =>
        post(`/api/admin/orders/${orderId}/finalize-delivery`, { deliveryUrl: 'https://site.fr' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await t.orderEvents(orderId)).filter((e) => e.type === 'Delivered')).toHaveLength(1);
  });

  it('a refusal names where the order stood, so the panel read next shows what refused it', async () => {
    const { orderId } = await seedOrder(t, 'ready_for_delivery');
    const { body: delivered } = await post(`/api/admin/orders/${orderId}/finalize-delivery`, {
      deliveryUrl: 'https://site.fr',
    }).expect(200);
    const refused = await patch(orderId, { status: 'cancelled', reason: 'Trop tard' }).expect(409);
    // Where the order stood: at its delivery, or at an event the reactors appended after it.
    const named = Number(refused.headers['x-event-position']);
    expect(named).toBeGreaterThanOrEqual(delivered.position);
    expect((await t.orderEvents(orderId)).map((e) => Number(e.position))).toContain(named);
    const { body: detail } = await t.http
      .get(`/api/admin/orders/${orderId}`)
      .set(auth)
      .set('X-Min-Position', refused.headers['x-event-position']!)
      .expect(200);
    expect(detail).toMatchObject({ status: 'delivered' });
    // A refusal before any order was read names nothing.
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { status: 'cancelled', reason: 'x' });
    expect(unknown.headers['x-event-position']).toBeUndefined();
  });
});

describe('an auditor', () => {
  it('reads the orders but changes none (403)', async () => {
    const auditor = await signInAuditor(t);
    const { orderId } = await seedOrder(t, 'contract_signed');
    await projected(t);
    await t.http.get(`/api/admin/orders/${orderId}`).set(auditor).expect(200);
    await t.http.get('/api/admin/orders').set(auditor).expect(200);
    await t.http.get('/api/admin/statistics').set(auditor).expect(200);
    await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auditor)
      .send({ status: 'brief_pending' })
      .expect(403);
    await t.http.post(`/api/orders/${orderId}/validate-brief`).set(auditor).send({}).expect(403);
  });
});
