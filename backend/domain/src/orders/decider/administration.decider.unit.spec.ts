import { type Actor } from '@coseso/event-schemas/envelope';
import { actors, given, orderIn } from '../testing/order-test-kit.js';
import { GUARANTEE_REFUND_REASON } from '../refund-requests.js';

describe('cancelling and reactivating', () => {
  it.each([
    'contract_ready_for_signature',
    'contract_signed',
    'brief_pending',
    'brief',
    'in_progress',
    'en_revision',
    'revision_changes_requested',
    'awaiting_balance_payment',
    'ready_for_delivery',
  ] as const)('cancels an order in %s, remembering where it was', (status) => {
    const before = orderIn(status);
    const events = given(before)
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' })
      .events();
    const paid = before.state.firstPayment;
    expect(events[0]).toEqual({
      type: 'OrderCancelled',
      data: {
        reason: 'Demande du client',
        previousStatus: status,
        guaranteeRefund: paid ? 'requested' : 'none_due',
      },
    });
    // Within the 14 days of the first payment: the card payments are refunded, each through the provider.
    const paidAmounts = [paid?.amount, before.state.finalPayment?.amount].filter((a) => a !== undefined);
    expect(events.filter((e) => e.type === 'RefundRequested').map((e) => e.data)).toEqual(
      paidAmounts.map((amount) =>
        expect.objectContaining({ amount, cause: 'guarantee', reason: GUARANTEE_REFUND_REASON }),
      ),
    );
    const state = given(before)
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' })
      .then(events);
    expect(state).toMatchObject({
      status: 'cancelled',
      cancellation: { previousStatus: status, reason: 'Demande du client' },
    });
  });

  it('within the guarantee, the team may choose no refund: said plainly, nothing is asked of the provider', () => {
    given(orderIn('brief'))
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Faute du client', refund: false })
      .then([
        {
          type: 'OrderCancelled',
          data: { reason: 'Faute du client', previousStatus: 'brief', guaranteeRefund: 'declined' },
        },
      ]);
  });

  it('after the guarantee, nothing is refunded and nothing is asked', () => {
    const s = orderIn('brief');
    const paidAt = Date.parse(s.state.firstPayment!.paidAt);
    given(s)
      .when({
        type: 'CancelOrder',
        actor: actors.admin,
        reason: 'Demande du client',
        now: new Date(paidAt + 14 * 24 * 3_600_000 + 60_000).toISOString(),
      })
      .then([
        {
          type: 'OrderCancelled',
          data: { reason: 'Demande du client', previousStatus: 'brief', guaranteeRefund: 'none_due' },
        },
      ]);
  });

  it('takes a reason, shown in the history and on the panel', () => {
    for (const reason of [null, undefined, '   ']) {
      const error = given(orderIn('brief'))
        .when({ type: 'CancelOrder', actor: actors.admin, reason })
        .thenFails('ORDER.INVALID_INPUT', "Le motif de l'annulation est requis");
      expect(error.fields).toEqual({ reason: "Le motif de l'annulation est requis" });
    }
  });

  it('ends a running monthly subscription with the order, at once: a cancelled order hosts no site', () => {
    const state = given(orderIn('ready_for_delivery', { billing: 'monthly' }))
      .when({
        type: 'CancelOrder',
        actor: actors.admin,
        reason: 'Le client renonce',
        refund: false,
        now: '2026-12-01T10:00:00.000Z',
      })
      .then([
        {
          type: 'OrderCancelled',
          data: {
            reason: 'Le client renonce',
            previousStatus: 'ready_for_delivery',
            guaranteeRefund: 'declined',
          },
        },
        {
          type: 'SubscriptionCancelled',
          data: {
            subscriptionId: 'sub_1',
            reason: 'Commande annulée',
            expiresAt: '2026-12-01T10:00:00.000Z',
            endedWithOrder: true,
          },
        },
      ]);
    expect(state.subscription).toMatchObject({
      status: 'cancelled',
      id: 'sub_1',
      expiresAt: '2026-12-01T10:00:00.000Z',
    });
  });

  it('ends no subscription of an order that has none running', () => {
    given(orderIn('awaiting_first_monthly_payment', { billing: 'monthly' }))
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Le client renonce', refund: false })
      .then([
        {
          type: 'OrderCancelled',
          data: {
            reason: 'Le client renonce',
            previousStatus: 'awaiting_first_monthly_payment',
            guaranteeRefund: 'declined',
          },
        },
      ]);
  });

  it('reactivates an order whose subscription ended with it, without starting the subscription again', () => {
    const scenario = orderIn('ready_for_delivery', { billing: 'monthly' });
    scenario.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Erreur' });
    const state = given(scenario)
      .when({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' })
      .then([{ type: 'OrderReactivated', data: { reason: 'Le client reprend' } }]);
    expect(state).toMatchObject({
      status: 'brief_pending',
      subscription: { status: 'cancelled', id: 'sub_1' },
    });
  });

  it('reactivates a cancelled order to brief_pending, keeping the reason the team gave', () => {
    const state = given(orderIn('cancelled'))
      .when({ type: 'ReactivateOrder', actor: actors.admin, reason: '  Le client a changé d’avis  ' })
      .then([{ type: 'OrderReactivated', data: { reason: 'Le client a changé d’avis' } }]);
    expect(state).toMatchObject({
      status: 'brief_pending',
      cancellation: null,
      reactivation: { reactivatedAt: expect.any(String), reason: 'Le client a changé d’avis' },
    });
  });

  it.each([undefined, null, '', '   '])(
    'refuses a reactivation without a reason (%p), in French',
    (reason) => {
      given(orderIn('cancelled'))
        .when({ type: 'ReactivateOrder', actor: actors.admin, reason })
        .thenFails('ORDER.INVALID_INPUT', 'Le motif de la réactivation est requis');
    },
  );
});

describe('corrections', () => {
  it('sends production back to the brief, which is no longer validated', () => {
    const state = given(orderIn('in_progress'))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'brief', reason: 'Brief incomplet' })
      .then([
        { type: 'StatusCorrected', data: { from: 'in_progress', to: 'brief', reason: 'Brief incomplet' } },
      ]);
    expect(state).toMatchObject({ status: 'brief', brief: { validated: false } });
  });

  it.each([
    ['en_revision', 'yearly'],
    ['awaiting_balance_payment', 'yearly'],
    ['awaiting_first_monthly_payment', 'monthly'],
  ] as const)('sends %s back to production', (status, billing) => {
    const state = given(orderIn(status, { billing }))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'in_progress', reason: 'Retouches' })
      .then([{ type: 'StatusCorrected', data: { from: status, to: 'in_progress', reason: 'Retouches' } }]);
    expect(state).toMatchObject({
      status: 'in_progress',
      review: { status: 'pending' },
      finalPaymentDue: null,
    });
  });

  it('refuses a correction that is not in the table', () => {
    given(orderIn('in_progress'))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'delivered', reason: 'Raccourci' })
      .thenFails('ORDER.TRANSITION_FORBIDDEN');
  });
});

describe('correcting the contact email', () => {
  it('records the new address, lower-cased, with the team’s reason; the order’s emails go there', () => {
    const state = given(orderIn('brief_pending'))
      .when({
        type: 'CorrectContactEmail',
        actor: actors.admin,
        email: '  Claire.Martin@Boulangerie-Martin.fr ',
        reason: 'Faute de frappe',
      })
      .then([
        {
          type: 'ContactEmailCorrected',
          data: { email: 'claire.martin@boulangerie-martin.fr', reason: 'Faute de frappe' },
        },
      ]);
    expect(state.form.contactEmail).toBe('claire.martin@boulangerie-martin.fr');
  });

  it('refuses an address the mailer would refuse, the same address, no reason, and anyone but an admin', () => {
    const s = orderIn('contract_signed');
    const when = (email: string, reason = 'Faute de frappe', actor: Actor = actors.admin) =>
      given(s).when({ type: 'CorrectContactEmail', actor, email, reason });
    expect(when('claire@boulangerie').thenFails('ORDER.INVALID_INPUT').fields).toEqual({
      email: 'Email invalide',
    });
    when('CLAIRE@boulangerie-martin.fr').thenFails(
      'ORDER.INVALID_INPUT',
      "C'est déjà l'email de cette commande.",
    );
    expect(when('claire@martin.fr', ' ').thenFails('ORDER.INVALID_INPUT').fields).toEqual({
      reason: 'Le motif de la correction est requis',
    });
    when('claire@martin.fr', 'x', actors.client).thenFails('ORDER.ACTOR_FORBIDDEN');
  });
});

describe('a refusal, in French words', () => {
  it('elides « de » before a vowel and names the status by its label only', () => {
    given(orderIn('delivered'))
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Erreur' })
      .thenFails(
        'ORDER.TRANSITION_FORBIDDEN',
        "Impossible d'annuler la commande : la commande est au statut « Livré ».",
      );
  });
});
