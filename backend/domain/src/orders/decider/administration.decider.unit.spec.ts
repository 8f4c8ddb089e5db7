import { type Actor } from '@coseso/event-schemas/envelope';
import { Scenario, actors, given, minutesLater, orderIn, payment } from '../testing/order-test-kit.js';
import { allowedAdminActions, statusChangeCommand } from '../admin-actions.js';
import { finalPaymentDue, firstPaymentDue, paymentDue } from './payment.decider.js';
import { GUARANTEE_REFUND_REASON, heldPayments, refundLeft } from '../refund-requests.js';
import { owesFirstPaymentAgain } from '../reactivation.js';

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
      .then([
        {
          type: 'OrderReactivated',
          data: {
            reason: 'Le client reprend',
            status: 'en_revision',
            firstPaymentOwed: true,
            finalPaymentOwed: true,
          },
        },
      ]);
    expect(state).toMatchObject({
      status: 'en_revision',
      subscription: { status: 'cancelled', id: 'sub_1' },
    });
  });

  it('reactivates a cancelled order where it was, keeping the reason the team gave', () => {
    const state = given(orderIn('cancelled'))
      .when({ type: 'ReactivateOrder', actor: actors.admin, reason: '  Le client a changé d’avis  ' })
      .then([
        {
          type: 'OrderReactivated',
          data: {
            reason: 'Le client a changé d’avis',
            status: 'in_progress',
            firstPaymentOwed: true,
            finalPaymentOwed: false,
          },
        },
      ]);
    expect(state).toMatchObject({
      status: 'in_progress',
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

describe('reactivating: where the order resumes, and what it owes again (decision 126)', () => {
  const reactivate = { type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' } as const;
  /** The provider reports the guarantee's refunds asked with the cancellation, each in full. */
  const refundsReported = (s: Scenario) => {
    for (const r of s.state.refundRequests ?? [])
      s.run({
        type: 'RecordProviderRefund',
        actor: actors.provider,
        payment: r.payment,
        refundedTotal: r.amount,
        refundId: `re_${r.payment.paymentId}`,
      });
    return s;
  };
  const cancelled = (
    status: Parameters<typeof orderIn>[0],
    { refund, billing = 'yearly' }: { refund: boolean; billing?: 'yearly' | 'monthly' },
  ) => {
    const s = orderIn(status, { billing });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund });
    return refund ? refundsReported(s) : s;
  };
  const plan = (status: string, firstPaymentOwed: boolean, finalPaymentOwed = false) => ({
    type: 'OrderReactivated',
    data: { reason: 'Le client reprend', status, firstPaymentOwed, finalPaymentOwed },
  });

  it.each([
    'contract_signed',
    'brief_pending',
    'brief',
    'in_progress',
    'en_revision',
    'revision_changes_requested',
    'awaiting_balance_payment',
    'ready_for_delivery',
  ] as const)('given a cancellation in %s that kept the money, resumes there owing nothing', (status) => {
    const before = cancelled(status, { refund: false });
    const state = given(before)
      .when(reactivate)
      .then([plan(status, false)] as never);
    expect(state).toMatchObject({ status, depositPaid: true, firstPayment: before.state.firstPayment });
    expect(state.returnedPayments).toBeUndefined();
  });

  it('given a cancellation before any payment, resumes waiting for it: the client pays from the same link', () => {
    const state = given(cancelled('contract_ready_for_signature', { refund: false }))
      .when(reactivate)
      .then([plan('contract_ready_for_signature', false)] as never);
    expect(state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: false });
  });

  it('given a waiting final payment whose order kept its deposit, resumes waiting for it (still asked)', () => {
    const before = cancelled('awaiting_balance_payment', { refund: false });
    const state = given(before)
      .when(reactivate)
      .then([plan('awaiting_balance_payment', false)] as never);
    expect(state.finalPaymentDue).toEqual(before.state.finalPaymentDue);
  });

  it('given the guarantee refunded the deposit in brief, resumes in brief owing the deposit again', () => {
    const before = cancelled('brief', { refund: true });
    const state = given(before)
      .when(reactivate)
      .then([plan('brief', true)] as never);
    expect(state).toMatchObject({
      status: 'brief',
      depositPaid: false,
      firstPayment: null,
      returnedPayments: [expect.objectContaining({ purpose: 'deposit', payment: payment('pay_first') })],
    });
    expect(firstPaymentDue(state)).toEqual({ kind: 'deposit', amount: before.state.firstPayment!.amount });
    // A way on: the team may record it received by hand, as it works on.
    expect(allowedAdminActions(state).map((a) => a.action)).toEqual(
      expect.arrayContaining(['record_offline_first_payment', 'validate_brief']),
    );
  });

  it('given a refund asked and not reported yet, counts it given back; its late report still finds the payment', () => {
    const s = orderIn('cancelled');
    given(s)
      .when(reactivate)
      .then([plan('in_progress', true)] as never);
    s.run(reactivate);
    const events = s.run({
      type: 'RecordProviderRefund',
      actor: actors.provider,
      payment: payment('pay_first'),
      refundedTotal: s.state.returnedPayments![0]!.amount,
      refundId: 're_late',
    });
    expect(events).toEqual([expect.objectContaining({ type: 'PaymentRefunded' })]);
    // A replay adds nothing.
    expect(
      s.run({
        type: 'RecordProviderRefund',
        actor: actors.provider,
        payment: payment('pay_first'),
        refundedTotal: s.state.returnedPayments![0]!.amount,
        refundId: 're_late',
      }),
    ).toEqual([]);
  });

  /** The refund reactor gives up on every guarantee refund asked and not reported. */
  const refundsFailed = (s: Scenario) => {
    for (const r of (s.state.refundRequests ?? []).filter((r) => !r.failed))
      s.run({
        type: 'RecordRefundFailure',
        actor: actors.system,
        requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000001',
        paymentId: r.payment.paymentId,
        amount: r.amount,
        attempts: 5,
        error: 'Carte expirée',
      });
    return s;
  };

  /** The refund reactor gives up on the refund asked of one payment. */
  const refundsFailedFor = (s: Scenario, paymentId: string) => {
    for (const r of (s.state.refundRequests ?? []).filter(
      (r) => !r.failed && r.payment.paymentId === paymentId,
    ))
      s.run({
        type: 'RecordRefundFailure',
        actor: actors.system,
        requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000001',
        paymentId: r.payment.paymentId,
        amount: r.amount,
        attempts: 5,
        error: 'Carte expirée',
      });
    return s;
  };

  it('given a refund asked, the order reactivated, then the refund failed: the order holds its deposit again and asks nothing again', () => {
    const s = orderIn('cancelled');
    s.run(reactivate);
    expect(owesFirstPaymentAgain(s.state)).toBe(true);
    const request = s.state.refundRequests![0]!;
    const state = given(s)
      .when({
        type: 'RecordRefundFailure',
        actor: actors.system,
        requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000001',
        paymentId: request.payment.paymentId,
        amount: request.amount,
        attempts: 5,
        error: 'Carte expirée',
      })
      .then([
        {
          type: 'RefundFailed',
          data: {
            requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000001',
            paymentId: 'pay_first',
            amount: request.amount,
            attempts: 5,
            error: 'Carte expirée',
          },
        },
      ]);
    // The refund never happened: the deposit is the order's, held, not owed again.
    expect(state).toMatchObject({
      status: 'in_progress',
      depositPaid: true,
      firstPayment: { kind: 'deposit', payment: payment('pay_first'), amount: request.amount },
    });
    expect(state.returnedPayments ?? []).toEqual([]);
    expect(owesFirstPaymentAgain(state)).toBe(false);
    expect(firstPaymentDue(state)).toBeNull();
    expect(paymentDue(state, 'deposit')).toHaveProperty('problem');
    // All of it left to refund, from the panel, should the team still want to.
    const held = heldPayments(state).filter((p) => p.payment.paymentId === 'pay_first');
    expect(held).toHaveLength(1);
    expect(refundLeft(state, held[0]!)).toBe(request.amount);
  });

  it('given the refunds of a delivery-ready order failed after its reactivation, it holds its deposit and its balance again, ready for delivery, asking nothing again', () => {
    const s = orderIn('ready_for_delivery');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' });
    s.run(reactivate);
    expect(s.state).toMatchObject({ status: 'en_revision', depositPaid: false, finalPaid: false });
    const state = refundsFailed(s).state;
    expect(state).toMatchObject({ depositPaid: true, firstPayment: { payment: payment('pay_first') } });
    expect(firstPaymentDue(state)).toBeNull();
    // The refunds never happened: the balance is the order's final payment again, the approval
    // stands, and the order is back where its balance left it; both left to refund from the panel.
    expect(state).toMatchObject({
      status: 'ready_for_delivery',
      finalPaid: true,
      finalPayment: { payment: payment('pay_final') },
      finalPaymentDue: { kind: 'balance' },
    });
    expect(state.returnedPayments ?? []).toEqual([]);
    expect(paymentDue(state, 'balance')).toHaveProperty('problem');
    const balance = heldPayments(state).find((p) => p.payment.paymentId === 'pay_final')!;
    expect(refundLeft(state, balance)).toBe(balance.amount);
  });

  it('given a balance refund asked, the order reactivated in review, when that refund fails, then the order holds its balance again and is ready for delivery', () => {
    const s = orderIn('ready_for_delivery');
    const balance = heldPayments(s.state).find((p) => p.payment.paymentId === 'pay_final')!;
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    s.run({
      type: 'RequestRefund',
      actor: actors.admin,
      paymentId: 'pay_final',
      amount: balance.amount,
      reason: 'Geste commercial',
    });
    s.run(reactivate);
    expect(s.state).toMatchObject({ status: 'en_revision', depositPaid: true, finalPaid: false });
    const state = given(s)
      .when({
        type: 'RecordRefundFailure',
        actor: actors.system,
        requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000002',
        paymentId: 'pay_final',
        amount: balance.amount,
        attempts: 5,
        error: 'Carte expirée',
      })
      .then([
        {
          type: 'RefundFailed',
          data: {
            requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000002',
            paymentId: 'pay_final',
            amount: balance.amount,
            attempts: 5,
            error: 'Carte expirée',
          },
        },
      ]);
    expect(state).toMatchObject({
      status: 'ready_for_delivery',
      finalPaid: true,
      finalPayment: { payment: payment('pay_final'), amount: balance.amount },
    });
    expect(state.returnedPayments ?? []).toEqual([]);
    // Nothing asked again: no final payment link, and the whole balance left to refund from the panel.
    expect(paymentDue(state, 'balance')).toHaveProperty('problem');
    const held = heldPayments(state).filter((p) => p.payment.paymentId === 'pay_final');
    expect(held).toHaveLength(1);
    expect(refundLeft(state, held[0]!)).toBe(balance.amount);
  });

  it('given the client paid the balance again before its refund failed, the order holds both: the first to refund from the panel', () => {
    const s = orderIn('ready_for_delivery');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' });
    s.run(reactivate);
    refundsFailedFor(s, 'pay_first');
    s.run({ type: 'ApproveReview', actor: actors.client });
    s.run({ type: 'RequestFinalPayment', actor: actors.admin });
    const due = s.state.finalPaymentDue!;
    s.run({
      type: 'RecordFinalPayment',
      actor: actors.admin,
      payment: { provider: 'offline', paymentId: 'VIR-10', receivedOn: '2026-11-22', means: 'transfer' },
      amount: due.amount,
      now: '2026-11-22T20:00:00.000Z',
    });
    const state = refundsFailed(s).state;
    expect(state).toMatchObject({ finalPaid: true, finalPayment: { payment: { paymentId: 'VIR-10' } } });
    const first = heldPayments(state).find((p) => p.payment.paymentId === 'pay_final')!;
    expect(refundLeft(state, first)).toBe(first.amount);
  });

  it('given the client paid the deposit again before the refund failed, the order holds both: the first to refund from the panel', () => {
    const s = orderIn('cancelled');
    s.run(reactivate);
    const due = firstPaymentDue(s.state)!;
    s.run({
      type: 'RecordFirstPayment',
      actor: actors.admin,
      payment: { provider: 'offline', paymentId: 'VIR-9', receivedOn: '2026-11-22', means: 'transfer' },
      amount: due.amount,
      now: '2026-11-22T20:00:00.000Z',
    });
    const state = refundsFailed(s).state;
    expect(state).toMatchObject({ depositPaid: true, firstPayment: { payment: { paymentId: 'VIR-9' } } });
    const first = heldPayments(state).find((p) => p.payment.paymentId === 'pay_first')!;
    expect(refundLeft(state, first)).toBe(first.amount);
  });

  it('given the deposit owed again, the client pays it from the client area (same checkout) and it is held', () => {
    const s = cancelled('in_progress', { refund: true });
    s.run(reactivate);
    const due = firstPaymentDue(s.state)!;
    expect(paymentDue(s.state, 'deposit')).toEqual({ amount: due.amount });
    s.run({
      type: 'StartCheckout',
      actor: actors.client,
      purpose: 'deposit',
      amount: due.amount,
      provider: 'sandbox',
      paymentId: 'pay_again',
      url: 'https://coseso.test/sandbox/checkout/pay_again',
      expiresAt: null,
    });
    const state = given(s)
      .when({
        type: 'RecordFirstPayment',
        actor: actors.provider,
        payment: payment('pay_again'),
        amount: due.amount,
      })
      .then([{ type: 'DepositPaid', data: { payment: payment('pay_again'), amount: due.amount } }]);
    expect(state).toMatchObject({
      status: 'in_progress',
      depositPaid: true,
      firstPayment: { amount: due.amount },
    });
    expect(firstPaymentDue(state)).toBeNull();
  });

  it('given the setup fee owed again, the team records it received by hand', () => {
    const s = cancelled('brief', { refund: true, billing: 'monthly' });
    s.run(reactivate);
    const due = firstPaymentDue(s.state)!;
    expect(due.kind).toBe('setup_fee');
    given(s)
      .when({
        type: 'RecordFirstPayment',
        actor: actors.admin,
        payment: { provider: 'offline', paymentId: 'VIR-2', receivedOn: '2026-11-22', means: 'transfer' },
        amount: due.amount,
        now: '2026-11-22T20:00:00.000Z',
      })
      .then([
        {
          type: 'SetupFeePaid',
          data: {
            payment: { provider: 'offline', paymentId: 'VIR-2', receivedOn: '2026-11-22', means: 'transfer' },
            amount: due.amount,
          },
        },
      ]);
  });

  it('given the balance was waited for and the deposit refunded, resumes in review: the balance is refused until the deposit is in', () => {
    const s = cancelled('awaiting_balance_payment', { refund: true });
    const state = given(s)
      .when(reactivate)
      .then([plan('en_revision', true)] as never);
    expect(state).toMatchObject({
      status: 'en_revision',
      finalPaymentDue: null,
      review: { status: 'approved' },
    });
    s.run(reactivate);
    expect(paymentDue(s.state, 'balance')).toHaveProperty('problem');
    given(s)
      .when({ type: 'RequestFinalPayment', actor: actors.admin })
      .thenFails('ORDER.PAYMENT_REQUIRED', /L'acompte de .*TTC n'est pas encore réglé/);
    const due = firstPaymentDue(s.state)!;
    s.run({
      type: 'RecordFirstPayment',
      actor: actors.admin,
      payment: { provider: 'offline', paymentId: 'VIR-3', receivedOn: '2026-11-22', means: 'cheque' },
      amount: due.amount,
      now: '2026-11-22T20:00:00.000Z',
    });
    expect(
      s.run({ type: 'RequestFinalPayment', actor: actors.admin, now: '2026-11-22T20:01:00.000Z' }),
    ).toEqual([{ type: 'FinalPaymentRequested', data: finalPaymentDue(s.state) }]);
  });

  it('given a delivery-ready order whose payments the guarantee refunded, resumes in review owing both again', () => {
    const s = cancelled('ready_for_delivery', { refund: true });
    const state = given(s)
      .when(reactivate)
      .then([plan('en_revision', true, true)] as never);
    expect(state).toMatchObject({
      status: 'en_revision',
      depositPaid: false,
      finalPaid: false,
      finalPayment: null,
      finalPaymentDue: null,
    });
    expect(state.returnedPayments!.map((p) => [p.purpose, p.payment.paymentId])).toEqual([
      ['deposit', 'pay_first'],
      ['balance', 'pay_final'],
    ]);
  });

  it('offers the reactivation with where it resumes, and the board’s drag to that status reactivates', () => {
    const s = cancelled('in_progress', { refund: false });
    expect(allowedAdminActions(s.state)).toEqual([
      expect.objectContaining({
        action: 'reactivate',
        to: 'in_progress',
        label: 'Réactiver la commande (reprise en « Production »)',
      }),
    ]);
    expect(statusChangeCommand(s.state, 'in_progress', { reason: 'Reprise' }, minutesLater(2_000)).type).toBe(
      'ReactivateOrder',
    );
  });
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
        resend: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427', '1b4e28ba-2fa1-41d2-883f-0016d3cca427'],
      })
      .then([
        {
          type: 'ContactEmailCorrected',
          // The emails chosen go in the fact, once each: its job sends them, even after a crash.
          data: {
            email: 'claire.martin@boulangerie-martin.fr',
            reason: 'Faute de frappe',
            resend: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427'],
          },
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
