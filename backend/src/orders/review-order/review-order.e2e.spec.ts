import { createHash } from 'node:crypto';
import { TEST_ADMIN, signedInClientWithOrder } from '../../testing/client-order.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { runOrderCommands } from '../../write-side/testing/order-commands.js';
import { FEEDBACK_REQUIRED } from './review-order.request.dto.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const review = (cookie: string, orderId: string, body: object) =>
  t.http.post(`/api/client/orders/${orderId}/review`).set('cookie', cookie).send(body);

describe('POST /api/client/orders/:orderId/review', () => {
  it('asks for changes with the client’s comments, then approves the next round with a receipt', async () => {
    const { orderId, cookie, clientId } = await signedInClientWithOrder(t, 'en_revision');

    const changes = await review(cookie, orderId, {
      reviewStatus: 'changes_requested',
      reviewFeedback: '  Agrandir le logo  ',
    }).expect(200);
    expect(changes.body).toMatchObject({
      success: true,
      message: 'Retour envoyé',
      status: 'revision_changes_requested',
      reviewStatus: 'changes_requested',
      reviewRound: 1,
      reviewApproval: null,
    });
    expect((await t.orderEvents(orderId)).at(-1)).toMatchObject({
      type: 'ChangesRequested',
      data: { feedback: 'Agrandir le logo', round: 1 },
    });

    await runOrderCommands(t.app, orderId, TEST_ADMIN, {
      type: 'CompleteChanges',
      reviewUrl: 'preview.coseso.fr/martin-v2',
      note: 'Logo agrandi',
    });
    const approved = await review(cookie, orderId, { reviewStatus: 'approved' }).expect(200);
    const receipt = {
      round: 2,
      reviewUrl: 'https://preview.coseso.fr/martin-v2',
      approvedBy: clientId,
      approvedAt: expect.any(String),
      sessionRef: expect.stringMatching(/^[0-9a-f]{32}$/),
    };
    expect(approved.body).toMatchObject({
      status: 'en_revision',
      reviewStatus: 'approved',
      reviewRound: 2,
      reviewApproval: receipt,
    });
    // The receipt names the session without being it, or the digest sessions are stored under.
    const session = cookie.split('=')[1]!;
    const { sessionRef } = approved.body.reviewApproval;
    expect([session, createHash('sha256').update(session).digest('hex')].join()).not.toContain(sessionRef);

    const event = (await t.orderEvents(orderId)).at(-1)!;
    expect(event).toMatchObject({
      type: 'ReviewApproved',
      schemaVersion: 2,
      data: { round: 2, reviewUrl: 'https://preview.coseso.fr/martin-v2', sessionRef },
      metadata: { actor: { kind: 'client', id: clientId } },
    });

    const { body: order } = await t.http
      .get(`/api/client/orders/${orderId}`)
      .set('cookie', cookie)
      .set('x-min-position', String(approved.body.position))
      .expect(200);
    expect(order).toMatchObject({ reviewStatus: 'approved', reviewApproval: receipt });

    // Approving again changes nothing; changes after approval are refused.
    const again = await review(cookie, orderId, { reviewStatus: 'approved' }).expect(200);
    expect(again.body).toMatchObject({ reviewStatus: 'approved', position: null });
    const late = await review(cookie, orderId, {
      reviewStatus: 'changes_requested',
      reviewFeedback: 'Finalement, non',
    }).expect(409);
    expect(late.body.code).toBe('ORDER.REVIEW_ALREADY_ANSWERED');
  });

  it.each([
    ['no comments', { reviewStatus: 'changes_requested' }, 'reviewFeedback', FEEDBACK_REQUIRED],
    [
      'blank comments',
      { reviewStatus: 'changes_requested', reviewFeedback: '   ' },
      'reviewFeedback',
      FEEDBACK_REQUIRED,
    ],
    [
      'an unknown answer',
      { reviewStatus: 'pending' },
      'reviewStatus',
      'Choix inconnu : approved, changes_requested',
    ],
  ])(
    'refuses a change request with %s (400, in French), recording nothing',
    async (_, body, field, message) => {
      const { orderId, cookie } = await signedInClientWithOrder(t, 'en_revision');
      const before = (await t.orderEvents(orderId)).length;
      const { body: refused } = await review(cookie, orderId, body).expect(400);
      expect(refused).toMatchObject({ code: 'REQUEST.INVALID', fields: { [field]: message } });
      expect(await t.orderEvents(orderId)).toHaveLength(before);
    },
  );

  it('is refused while no preview awaits the client’s answer (409)', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await review(cookie, orderId, { reviewStatus: 'approved' }).expect(409);
    expect(body.code).toBe('ORDER.TRANSITION_FORBIDDEN');
  });
});
