import { actors, given, orderIn, payment } from '../testing/order-test-kit.js';
import { activeSubscription, subscriptionToCancel, subscriptionToRestart } from './subscription.decider.js';

describe('the subscription', () => {
  const subscribed = () => orderIn('ready_for_delivery', { billing: 'monthly' });

  it('records renewals once each', () => {
    const s = subscribed();
    const renewal = {
      type: 'RecordSubscriptionRenewal' as const,
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: payment('in_2'),
      amount: 4_524,
      currentPeriodStart: '2026-12-21T09:00:00.000Z',
      currentPeriodEnd: '2027-01-21T09:00:00.000Z',
    };
    const state = given(s)
      .when(renewal)
      .then([
        {
          type: 'SubscriptionRenewed',
          data: {
            subscriptionId: 'sub_1',
            payment: payment('in_2'),
            amount: 4_524,
            // The subscription's own period at the provider, a calendar month.
            currentPeriodStart: '2026-12-21T09:00:00.000Z',
            currentPeriodEnd: '2027-01-21T09:00:00.000Z',
          },
        },
      ]);
    expect(state.subscription.currentPeriodEnd).toBe('2027-01-21T09:00:00.000Z');
    s.run(renewal);
    given(s).when(renewal).then([]);
  });

  it('records a failed renewal, cleared by the next success', () => {
    const s = subscribed();
    s.run({
      type: 'RecordSubscriptionPaymentFailure',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      reason: 'card_declined',
    });
    expect(s.state.subscription.lastFailure).toMatchObject({ reason: 'card_declined' });
    s.run({
      type: 'RecordSubscriptionRenewal',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: payment('in_3'),
      amount: 4_524,
      currentPeriodEnd: '2027-02-20T09:00:00.000Z',
    });
    expect(s.state.subscription.lastFailure).toBeNull();
  });

  it('cancels at the end of the paid period, once', () => {
    const s = subscribed();
    const periodEnd = s.state.subscription.currentPeriodEnd!;
    const state = given(s)
      .when({ type: 'CancelSubscription', actor: actors.client, reason: 'Trop cher' })
      .then([
        {
          type: 'SubscriptionCancelled',
          data: { subscriptionId: 'sub_1', reason: 'Trop cher', expiresAt: periodEnd },
        },
      ]);
    expect(state.subscription).toMatchObject({ status: 'cancelled', expiresAt: periodEnd });
    s.run({ type: 'CancelSubscription', actor: actors.client });
    given(s)
      .when({ type: 'CancelSubscription', actor: actors.client })
      .thenFails('ORDER.SUBSCRIPTION_ALREADY_CANCELLED', "L'abonnement est déjà annulé.");
  });

  it('refuses subscription events on an order without one, or for another subscription', () => {
    given(orderIn('ready_for_delivery'))
      .when({ type: 'CancelSubscription', actor: actors.client })
      .thenFails('ORDER.NO_ACTIVE_SUBSCRIPTION');
    given(subscribed())
      .when({
        type: 'RecordSubscriptionPaymentFailure',
        actor: actors.provider,
        subscriptionId: 'sub_other',
        reason: null,
      })
      .thenFails('ORDER.NO_ACTIVE_SUBSCRIPTION');
  });

  it('names, before the provider is asked, the subscription whose card may change or that may be cancelled', () => {
    const s = subscribed();
    expect(activeSubscription(s.state)).toBe('sub_1');
    expect(subscriptionToCancel(s.state)).toBe('sub_1');
    const none = orderIn('ready_for_delivery').state;
    for (const rule of [activeSubscription, subscriptionToCancel])
      expect(() => rule(none)).toThrow(
        expect.objectContaining({
          code: 'ORDER.NO_ACTIVE_SUBSCRIPTION',
          message: "Cette commande n'a pas d'abonnement actif.",
        }),
      );
    s.run({ type: 'CancelSubscription', actor: actors.client });
    expect(() => subscriptionToCancel(s.state)).toThrow(
      expect.objectContaining({
        code: 'ORDER.SUBSCRIPTION_ALREADY_CANCELLED',
        message: "L'abonnement est déjà annulé.",
      }),
    );
    expect(() => activeSubscription(s.state)).toThrow(
      expect.objectContaining({ code: 'ORDER.NO_ACTIVE_SUBSCRIPTION' }),
    );
    expect(() => activeSubscription(given([]).state)).toThrow(
      expect.objectContaining({ code: 'ORDER.NOT_FOUND' }),
    );
  });

  describe('of a monthly order cancelled ready for delivery, then reactivated (decision 132)', () => {
    /** Cancelled with its first month held (the team chose no refund), then resumed by the team. */
    const reactivated = (refund = false) => {
      const s = subscribed();
      s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le client renonce', refund });
      s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
      return s;
    };
    const restart = {
      type: 'RestartSubscription' as const,
      actor: actors.system,
      subscriptionId: 'sub_2',
      provider: 'sandbox' as const,
      currentPeriodEnd: '2027-01-21T09:00:00.000Z',
    };

    it('starts again the subscription its cancellation ended, at the end of the month already paid', () => {
      const s = reactivated();
      const paidUntil = subscribed().state.subscription.currentPeriodEnd!;
      expect(s.state).toMatchObject({
        status: 'ready_for_delivery',
        finalPaid: true,
        subscription: { status: 'cancelled', id: 'sub_1', endedWithOrder: true },
      });
      expect(subscriptionToRestart(s.state)).toEqual({
        subscriptionId: 'sub_1',
        monthlyWithVat: s.state.price!.monthlyWithVat,
        resumeAt: paidUntil,
      });
      const state = given(s)
        .when(restart)
        .then([
          {
            type: 'SubscriptionStarted',
            data: {
              subscriptionId: 'sub_2',
              provider: 'sandbox',
              monthlyAmount: s.state.price!.monthlyWithVat,
              currentPeriodEnd: '2027-01-21T09:00:00.000Z',
            },
          },
        ]);
      expect(state.subscription).toMatchObject({ status: 'active', id: 'sub_2', expiresAt: null });
      expect(state.subscription.endedWithOrder).toBeUndefined();
      expect(subscriptionToRestart(state)).toBeNull();
      // Once: the job's retry after the provider answered changes nothing.
      s.run(restart);
      given(s).when(restart).then([]);
      // Its renewals are the order's.
      given(s)
        .when({
          type: 'RecordSubscriptionRenewal',
          actor: actors.provider,
          subscriptionId: 'sub_2',
          payment: payment('in_sub_2_1'),
          amount: s.state.price!.monthlyWithVat,
          currentPeriodEnd: '2027-02-21T09:00:00.000Z',
        })
        .then([expect.objectContaining({ type: 'SubscriptionRenewed' })]);
    });

    it('starts nothing while the order is cancelled, for a first month the guarantee gave back, or that the client cancelled', () => {
      const cancelled = subscribed();
      cancelled.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le client renonce', refund: false });
      expect(subscriptionToRestart(cancelled.state)).toBeNull();
      given(cancelled).when(restart).thenFails('ORDER.TRANSITION_FORBIDDEN');

      // Refunded by the guarantee: the first month is asked again, and its checkout starts a new one.
      const givenBack = reactivated(true);
      expect(givenBack.state).toMatchObject({ status: 'en_revision', finalPaid: false });
      expect(subscriptionToRestart(givenBack.state)).toBeNull();
      given(givenBack).when(restart).thenFails('ORDER.NO_ACTIVE_SUBSCRIPTION');

      // The client's own cancellation stands: the order's cancellation ended nothing.
      const clientCancelled = subscribed();
      clientCancelled.run({ type: 'CancelSubscription', actor: actors.client, reason: 'Trop cher' });
      clientCancelled.run({
        type: 'CancelOrder',
        actor: actors.admin,
        reason: 'Le client renonce',
        refund: false,
      });
      clientCancelled.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
      expect(clientCancelled.state.status).toBe('ready_for_delivery');
      expect(subscriptionToRestart(clientCancelled.state)).toBeNull();
      given(clientCancelled).when(restart).thenFails('ORDER.NO_ACTIVE_SUBSCRIPTION');
    });
  });
});
