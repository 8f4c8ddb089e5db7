import { readOrderEvent } from '../../events/event-reader.js';
import { evolve } from '../order-evolve.js';
import { actors, given, orderIn } from '../testing/order-test-kit.js';

describe('review rounds', () => {
  it('sends a review link, normalised to https, as round 1', () => {
    const state = given(orderIn('in_progress'))
      .when({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'preview.coseso.fr/martin' })
      .then([{ type: 'ReviewRequested', data: { reviewUrl: 'https://preview.coseso.fr/martin', round: 1 } }]);
    expect(state).toMatchObject({
      status: 'en_revision',
      review: { status: 'pending', round: 1, url: 'https://preview.coseso.fr/martin' },
    });
  });

  it.each([
    ['', 'ORDER.INVALID_INPUT', 'Une URL de révision est requise pour passer en phase de révision'],
    ['pas une url', 'ORDER.INVALID_URL', 'Veuillez saisir une URL valide (ex: monsite.fr)'],
    ['ftp://preview.fr', 'ORDER.INVALID_URL', 'Veuillez saisir une URL valide (ex: monsite.fr)'],
  ])('refuses the review URL %j', (reviewUrl, code, message) => {
    given(orderIn('in_progress'))
      .when({ type: 'SendReviewLink', actor: actors.admin, reviewUrl })
      .thenFails(code, message);
  });

  it('takes the client’s change request, feedback required', () => {
    given(orderIn('en_revision'))
      .when({ type: 'RequestChanges', actor: actors.client, feedback: '  ' })
      .thenFails('ORDER.INVALID_INPUT', 'Veuillez expliquer les modifications souhaitées');
    const state = given(orderIn('en_revision'))
      .when({ type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' })
      .then([{ type: 'ChangesRequested', data: { feedback: 'Le logo plus grand', round: 1 } }]);
    expect(state).toMatchObject({
      status: 'revision_changes_requested',
      review: { status: 'changes_requested', feedback: 'Le logo plus grand' },
    });
  });

  it('sends the next round when the changes are done, with an optional note', () => {
    const state = given(orderIn('revision_changes_requested'))
      .when({
        type: 'CompleteChanges',
        actor: actors.admin,
        reviewUrl: 'https://preview.coseso.fr/martin-v2',
        note: 'Logo agrandi',
      })
      .then([
        {
          type: 'ChangesCompleted',
          data: { reviewUrl: 'https://preview.coseso.fr/martin-v2', note: 'Logo agrandi', round: 2 },
        },
      ]);
    expect(state).toMatchObject({
      status: 'en_revision',
      review: { status: 'pending', round: 2, note: 'Logo agrandi' },
    });
    given(orderIn('revision_changes_requested'))
      .when({ type: 'CompleteChanges', actor: actors.admin, reviewUrl: '' })
      .thenFails('ORDER.INVALID_INPUT', 'Une URL de révision est requise pour relancer la validation');
  });

  it('records the approval once, with its receipt, and refuses changes after it', () => {
    const s = orderIn('en_revision');
    const reviewUrl = s.state.review.url!;
    const sessionRef = 'a'.repeat(32);
    const approved = given(s)
      .when({ type: 'ApproveReview', actor: actors.client, sessionRef })
      .then([{ type: 'ReviewApproved', data: { round: 1, reviewUrl, sessionRef } }]);
    expect(approved.review).toMatchObject({
      status: 'approved',
      approval: { round: 1, reviewUrl, sessionRef, approvedBy: actors.client.id },
    });
    expect(approved.review.approval!.approvedAt).toBe(approved.review.respondedAt);
    s.run({ type: 'ApproveReview', actor: actors.client });
    given(s).when({ type: 'ApproveReview', actor: actors.client }).then([]);
    given(s)
      .when({ type: 'RequestChanges', actor: actors.client, feedback: 'Finalement non' })
      .thenFails('ORDER.REVIEW_ALREADY_ANSWERED');
  });
});

describe('the approval receipt', () => {
  it('names the round approved: the second preview after changes, without a session when none is known', () => {
    const s = orderIn('revision_changes_requested');
    s.run({ type: 'CompleteChanges', actor: actors.admin, reviewUrl: 'preview.coseso.fr/martin-v2' });
    given(s)
      .when({ type: 'ApproveReview', actor: actors.client })
      .then([
        {
          type: 'ReviewApproved',
          data: { round: 2, reviewUrl: 'https://preview.coseso.fr/martin-v2', sessionRef: null },
        },
      ]);
  });

  it('is cleared by a new preview, and by a correction back to production', () => {
    const s = orderIn('en_revision');
    s.run({ type: 'ApproveReview', actor: actors.client });
    expect(s.state.review.approval).not.toBeNull();
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'in_progress', reason: 'Maquette à reprendre' });
    expect(s.state.review).toMatchObject({ status: 'pending', approval: null });
    s.run({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin-v3' });
    expect(s.state.review).toMatchObject({ round: 2, approval: null });
  });

  it('reads an approval stored before receipts (ReviewApproved v1) with the URL the order was showing', () => {
    const s = orderIn('en_revision');
    const stored = readOrderEvent({
      streamId: 'order-x',
      type: 'ReviewApproved',
      schemaVersion: 1,
      data: { round: 1 },
      metadata: {
        actor: actors.client,
        commandId: 'c',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: '2026-11-20T10:00:00.000Z',
      },
    });
    expect(evolve(s.state, stored).review.approval).toEqual({
      round: 1,
      reviewUrl: s.state.review.url,
      approvedAt: '2026-11-20T10:00:00.000Z',
      approvedBy: actors.client.id,
      sessionRef: null,
    });
  });
});

describe('the history of review rounds', () => {
  it('keeps every preview with its note and the client’s answer, oldest first', () => {
    const s = orderIn('en_revision');
    const firstUrl = s.state.review.url!;
    s.run({ type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' });
    s.run({
      type: 'CompleteChanges',
      actor: actors.admin,
      reviewUrl: 'preview.coseso.fr/martin-v2',
      note: 'Logo agrandi',
    });
    s.run({ type: 'ApproveReview', actor: actors.client });
    const rounds = s.state.review.rounds!;
    expect(rounds).toMatchObject([
      { round: 1, url: firstUrl, note: null, decision: 'changes_requested', feedback: 'Le logo plus grand' },
      {
        round: 2,
        url: 'https://preview.coseso.fr/martin-v2',
        note: 'Logo agrandi',
        decision: 'approved',
        feedback: null,
      },
    ]);
    expect(rounds[1]!.answeredAt).toBe(s.state.review.approval!.approvedAt);
    expect(rounds[0]!.sentAt < rounds[0]!.answeredAt!).toBe(true);
  });

  it('leaves an unanswered preview in the history when a correction takes it back, and adds the next', () => {
    const s = orderIn('en_revision');
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'in_progress', reason: 'Maquette à reprendre' });
    s.run({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin-v2' });
    expect(s.state.review.rounds!.map((r) => [r.round, r.decision])).toEqual([
      [1, null],
      [2, null],
    ]);
  });
});
