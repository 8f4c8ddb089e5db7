import { formatEurosTTC } from '../../pricing/format-euros.js';
import { actors, filledForm, given, orderIn, payment, secondVersion } from '../testing/order-test-kit.js';

/** A payment the team records by hand: its reference, how and the day it came in. */
const offline = (
  paymentId: string,
  receivedOn?: string,
  means: 'transfer' | 'cheque' | 'cash' | null = 'transfer',
) => ({
  provider: 'offline' as const,
  paymentId,
  ...(receivedOn === undefined ? {} : { receivedOn }),
  ...(means === null ? {} : { means }),
});

describe('the first payment', () => {
  it('records the yearly deposit, VAT included', () => {
    const s = orderIn('contract_ready_for_signature');
    const state = given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 })
      .then([{ type: 'DepositPaid', data: { payment: payment('cs_1'), amount: 35_820 } }]);
    expect(state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: true });
  });

  it('records it after a contract forced unpaid, offline only: a card payment there is not this order’s any more', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: 'Virement annoncé' });
    s.run({ type: 'OpenBrief', actor: actors.admin });
    const amount = s.state.price!.depositWithVat;
    given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('pay_late'), amount })
      .thenFails('ORDER.TRANSITION_FORBIDDEN', /statut « Upload client »/);
    const state = given(s)
      .when({
        type: 'RecordFirstPayment',
        actor: actors.admin,
        payment: offline('VIR-8', '2026-11-22'),
        amount,
      })
      .then([{ type: 'DepositPaid', data: { payment: offline('VIR-8', '2026-11-22'), amount } }]);
    expect(state).toMatchObject({ status: 'brief_pending', depositPaid: true });
  });

  it('records the setup fee of a monthly order', () => {
    given(orderIn('contract_ready_for_signature', { billing: 'monthly' }))
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_2'), amount: 9_480 })
      .then([{ type: 'SetupFeePaid', data: { payment: payment('cs_2'), amount: 9_480 } }]);
  });

  it('refuses an amount that is not the one due', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 100 })
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH', 'Montant inattendu : 100 centimes reçus pour 35820 dus.');
  });

  it('ignores the same payment delivered twice, and refuses another one', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 })
      .then([]);
    given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_9'), amount: 35_820 })
      .thenFails('ORDER.ALREADY_PAID');
  });
});

describe('payment links', () => {
  const checkout = (
    purpose: 'deposit' | 'setup_fee' | 'balance' | 'first_month' | 'account_manager',
    amount: number,
    paymentId = 'cs_1',
  ) =>
    ({
      type: 'StartCheckout',
      actor: actors.visitor,
      purpose,
      amount,
      provider: 'sandbox',
      paymentId,
      url: `https://pay.example/${paymentId}`,
      expiresAt: '2026-11-23T09:00:00.000Z',
    }) as const;

  it('records the link of the deposit the order is due, for the amount the server computed', () => {
    const state = given(orderIn('contract_ready_for_signature'))
      .when(checkout('deposit', 35_820))
      .then([
        { type: 'OrderPlaced', data: { billingPeriod: 'yearly' } },
        {
          type: 'CheckoutStarted',
          data: {
            purpose: 'deposit',
            amount: 35_820,
            provider: 'sandbox',
            paymentId: 'cs_1',
            url: 'https://pay.example/cs_1',
            expiresAt: '2026-11-23T09:00:00.000Z',
          },
        },
      ]);
    expect(state.checkouts.deposit).toMatchObject({ paymentId: 'cs_1', amount: 35_820 });
  });

  it('places the order once, with its first payment link: not at completion, not again on a change or a new link', () => {
    const s = orderIn('contract_ready_for_signature', { billing: 'monthly' });
    expect(s.state.placed).toBe(false);
    s.run(checkout('setup_fee', s.state.price!.depositWithVat, 'cs_1'));
    expect(s.state.placed).toBe(true);
    expect(s.history.filter((e) => e.type === 'OrderPlaced').map((e) => e.data)).toEqual([
      { billingPeriod: 'monthly' },
    ]);

    s.run({
      type: 'CompleteOrderForm',
      actor: actors.visitor,
      form: { ...filledForm(), billingPeriod: 'yearly' },
    });
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, form: { clientRemarks: 'Plutôt bleu' } });
    s.run({ type: 'CompleteOrderForm', actor: actors.visitor, form: { clientRemarks: 'Plutôt bleu' } });
    given(s)
      .when(checkout('deposit', s.state.price!.depositWithVat, 'cs_2'))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
  });

  it('refuses a link for another amount than the one due', () => {
    given(orderIn('contract_ready_for_signature'))
      .when(checkout('deposit', 1_000))
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
  });

  it('refuses the deposit on a monthly order, and the setup fee on a yearly one', () => {
    given(orderIn('contract_ready_for_signature', { billing: 'monthly' }))
      .when(checkout('deposit', 9_480))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /abonnement mensuel/);
    given(orderIn('contract_ready_for_signature'))
      .when(checkout('setup_fee', 35_820))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /paiement annuel/);
  });

  it('refuses a first payment link once the first payment is in', () => {
    given(orderIn('contract_signed'))
      .when(checkout('deposit', 35_820))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /premier paiement/);
  });

  it('offers the balance only once it is requested', () => {
    given(orderIn('en_revision'))
      .when(checkout('balance', 35_820))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /solde/);
    const s = orderIn('awaiting_balance_payment');
    given(s)
      .when(checkout('balance', s.state.finalPaymentDue!.amount))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
  });

  it('prices the account manager from the grid, once per order', () => {
    const s = orderIn('in_progress');
    given(s)
      .when(checkout('account_manager', 35_880))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
    s.run({
      type: 'RecordAccountManagerPayment',
      actor: actors.provider,
      payment: payment('cs_am'),
      amount: 35_880,
    });
    given(s)
      .when(checkout('account_manager', 35_880))
      .thenFails('ORDER.PAYMENT_NOT_DUE', 'Cette commande a déjà un chargé de compte.');
  });

  it('prices the account manager at the order’s catalogue version, not the first grid', () => {
    const s = orderIn('in_progress', { catalogue: secondVersion() });
    // Version 2: 399 € HT, 478,80 € TTC (the first grid's 358,80 € TTC is refused).
    given(s).when(checkout('account_manager', 35_880)).thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
    given(s)
      .when(checkout('account_manager', 47_880))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
    given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 47_880,
      })
      .then([expect.objectContaining({ type: 'AccountManagerAdded' }) as never]);
  });

  it('records a link that ended unpaid, once, and only for the latest link', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run(checkout('deposit', 35_820, 'cs_old'));
    s.run(checkout('deposit', 35_820, 'cs_new'));
    given(s)
      .when({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_old', outcome: 'expired' })
      .then([]);
    const state = given(s)
      .when({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_new', outcome: 'failed' })
      .then([
        { type: 'CheckoutClosed', data: { purpose: 'deposit', paymentId: 'cs_new', outcome: 'failed' } },
      ]);
    expect(state.checkouts.deposit?.closed).toBe('failed');
    s.run({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_new', outcome: 'failed' });
    given(s)
      .when({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_new', outcome: 'expired' })
      .then([]);
  });
});

describe('the account manager', () => {
  it('is recorded once paid at the grid price, and a second delivery changes nothing', () => {
    const s = orderIn('brief');
    const state = given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 35_880,
      })
      .then([{ type: 'AccountManagerAdded', data: { payment: payment('cs_am'), amount: 35_880 } }]);
    expect(state.accountManager).toBe(true);
    s.run({
      type: 'RecordAccountManagerPayment',
      actor: actors.provider,
      payment: payment('cs_am'),
      amount: 35_880,
    });
    given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 35_880,
      })
      .then([]);
    // Another link paid as well: the money is taken twice, so the order refuses it loudly.
    given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am_2'),
        amount: 35_880,
      })
      .thenFails('ORDER.ALREADY_PAID', 'Le chargé de compte de cette commande est déjà payé.');
  });

  it('refuses another amount', () => {
    given(orderIn('brief'))
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 100,
      })
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
  });
});

describe('the final payment', () => {
  const approved = (billing: 'yearly' | 'monthly') => {
    const s = orderIn('en_revision', { billing });
    s.run({ type: 'ApproveReview', actor: actors.client });
    return s;
  };

  it('cannot be asked for before the client approves', () => {
    given(orderIn('en_revision'))
      .when({ type: 'RequestFinalPayment', actor: actors.admin })
      .thenFails('ORDER.REVIEW_NOT_APPROVED');
  });

  it('cannot be asked for while the deposit is owed: an order whose deposit the guarantee refunded, then reactivated', () => {
    const s = orderIn('brief');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Client injoignable' });
    s.run({
      type: 'RecordProviderRefund',
      actor: actors.provider,
      payment: { provider: 'sandbox', paymentId: 'pay_first' },
      refundedTotal: s.state.firstPayment!.amount,
      refundId: 're_1',
    });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client revient' });
    expect(s.state).toMatchObject({ status: 'brief', depositPaid: false });
    s.run({ type: 'ValidateBrief', actor: actors.admin, notes: 'Complet' });
    s.run({ type: 'StartProduction', actor: actors.admin });
    s.run({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin' });
    s.run({ type: 'ApproveReview', actor: actors.client });
    expect(s.state).toMatchObject({ status: 'en_revision', depositPaid: false });
    given(s)
      .when({ type: 'RequestFinalPayment', actor: actors.admin })
      .thenFails(
        'ORDER.PAYMENT_REQUIRED',
        `L'acompte de ${formatEurosTTC(s.state.price!.depositWithVat)} n'est pas encore réglé : enregistrez-le avant de demander le paiement final.`,
      );
  });

  it('asks a yearly client for the balance', () => {
    const state = given(approved('yearly'))
      .when({ type: 'RequestFinalPayment', actor: actors.admin })
      .then([{ type: 'FinalPaymentRequested', data: { kind: 'balance', amount: 35_820 } }]);
    expect(state.status).toBe('awaiting_balance_payment');
  });

  it('asks a monthly client for the first month', () => {
    const s = approved('monthly');
    const events = given(s).when({ type: 'RequestFinalPayment', actor: actors.admin }).events();
    expect(events).toEqual([
      {
        type: 'FinalPaymentRequested',
        data: { kind: 'first_monthly', amount: s.state.price!.monthlyWithVat },
      },
    ]);
  });

  it('makes a yearly order ready for delivery when the balance is paid', () => {
    const state = given(orderIn('awaiting_balance_payment'))
      .when({
        type: 'RecordFinalPayment',
        actor: actors.provider,
        payment: payment('cs_bal'),
        amount: 35_820,
      })
      .then([
        { type: 'BalancePaid', data: { payment: payment('cs_bal'), amount: 35_820 } },
        { type: 'MarkedReadyForDelivery', data: {} },
      ]);
    expect(state).toMatchObject({ status: 'ready_for_delivery', finalPaid: true });
  });

  it('accepts an offline balance recorded by an admin, with its reference and the day it came in', () => {
    const events = given(orderIn('awaiting_balance_payment'))
      .when({
        type: 'RecordFinalPayment',
        actor: actors.admin,
        payment: offline('virement-2026-11', '2026-11-22'),
        amount: 35_820,
      })
      .events();
    expect(events.map((e) => e.type)).toEqual(['BalancePaid', 'MarkedReadyForDelivery']);
    expect(events[0]!.data).toMatchObject({ payment: offline('virement-2026-11', '2026-11-22') });
  });

  it('refuses an offline payment without its reference, its day, or dated after today in Paris', () => {
    const when = (payment: ReturnType<typeof offline>) =>
      given(orderIn('awaiting_balance_payment')).when({
        type: 'RecordFinalPayment',
        actor: actors.admin,
        payment,
        amount: 35_820,
        now: '2026-11-24T23:30:00.000Z', // 25 November in Paris
      });
    expect(when(offline('  ', '2026-11-22')).thenFails('ORDER.INVALID_INPUT').fields).toEqual({
      paymentReference: 'La référence du paiement est requise (virement, chèque…)',
    });
    expect(when(offline('VIR-1')).thenFails('ORDER.INVALID_INPUT').fields).toEqual({
      paymentDate: 'La date de réception du paiement est requise (jj/mm/aaaa)',
    });
    expect(when(offline('VIR-1', '2026-11-22', null)).thenFails('ORDER.INVALID_INPUT').fields).toEqual({
      paymentMeans: 'Le moyen de paiement est requis (virement, chèque ou espèces)',
    });
    when(offline('VIR-1', '2026-02-30')).thenFails('ORDER.INVALID_INPUT', /date de réception/);
    // Never before the order asked for its first payment (the issue's « payé le 5 décembre » of an order of the 6th).
    const requested = given(orderIn('awaiting_balance_payment')).state.firstPaymentRequestedAt!;
    const dayBefore = new Date(Date.parse(requested) - 24 * 3_600_000).toISOString().slice(0, 10);
    when(offline('VIR-1', dayBefore)).thenFails(
      'ORDER.INVALID_INPUT',
      /ne peut pas précéder la première demande de paiement de la commande/,
    );
    when(offline('VIR-1', '2026-11-26')).thenFails(
      'ORDER.INVALID_INPUT',
      'La date de réception du paiement ne peut pas être dans le futur',
    );
    expect(
      when(offline('VIR-1', '2026-11-25'))
        .events()
        .map((e) => e.type),
    ).toContain('BalancePaid');
  });

  it('records a first month paid offline without a subscription: nothing would renew it', () => {
    const s = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    const monthly = s.state.price!.monthlyWithVat;
    const state = given(s)
      .when({
        type: 'RecordFinalPayment',
        actor: actors.admin,
        payment: offline('CHQ-42', '2026-11-22'),
        amount: monthly,
      })
      .then([
        {
          type: 'FirstMonthlyPaymentPaid',
          data: { payment: offline('CHQ-42', '2026-11-22'), amount: monthly },
        },
        { type: 'MarkedReadyForDelivery', data: {} },
      ]);
    expect(state).toMatchObject({
      status: 'ready_for_delivery',
      finalPaid: true,
      subscription: { status: 'none' },
    });
    given(s)
      .when({
        type: 'RecordFinalPayment',
        actor: actors.admin,
        payment: offline('CHQ-42', '2026-11-22'),
        amount: monthly,
        subscription: { subscriptionId: 'offline-1', currentPeriodEnd: '2026-12-22T09:00:00.000Z' },
      })
      .thenFails('ORDER.INVALID_INPUT', /ne démarre pas d'abonnement/);
  });

  it('records a first payment received offline, as the card payment would: the order becomes a client’s', () => {
    const s = orderIn('contract_ready_for_signature');
    const amount = s.state.price!.depositWithVat;
    const state = given(s)
      .when({
        type: 'RecordFirstPayment',
        actor: actors.admin,
        payment: offline('VIR-7', '2026-11-22'),
        amount,
      })
      .then([{ type: 'DepositPaid', data: { payment: offline('VIR-7', '2026-11-22'), amount } }]);
    expect(state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: true });
  });

  it('records it after a contract forced unpaid, offline only: a card payment there is not this order’s any more', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: 'Virement annoncé' });
    s.run({ type: 'OpenBrief', actor: actors.admin });
    const amount = s.state.price!.depositWithVat;
    given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('pay_late'), amount })
      .thenFails('ORDER.TRANSITION_FORBIDDEN', /statut « Upload client »/);
    const state = given(s)
      .when({
        type: 'RecordFirstPayment',
        actor: actors.admin,
        payment: offline('VIR-8', '2026-11-22'),
        amount,
      })
      .then([{ type: 'DepositPaid', data: { payment: offline('VIR-8', '2026-11-22'), amount } }]);
    expect(state).toMatchObject({ status: 'brief_pending', depositPaid: true });
  });

  it('starts the subscription of a monthly order with its first month', () => {
    const s = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    const monthly = s.state.price!.monthlyWithVat;
    const periodEnd = '2026-12-22T09:00:00.000Z';
    const state = given(s)
      .when({
        type: 'RecordFinalPayment',
        actor: actors.provider,
        payment: payment('cs_m1'),
        amount: monthly,
        subscription: { subscriptionId: 'sub_42', currentPeriodEnd: periodEnd },
      })
      .then([
        { type: 'FirstMonthlyPaymentPaid', data: { payment: payment('cs_m1'), amount: monthly } },
        {
          type: 'SubscriptionStarted',
          data: {
            subscriptionId: 'sub_42',
            provider: 'sandbox',
            monthlyAmount: monthly,
            currentPeriodEnd: periodEnd,
          },
        },
        { type: 'MarkedReadyForDelivery', data: {} },
      ]);
    expect(state).toMatchObject({
      status: 'ready_for_delivery',
      finalPaid: true,
      subscription: { status: 'active', id: 'sub_42' },
    });
  });

  it('refuses a monthly first payment that starts no subscription, and a wrong amount', () => {
    const s = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    given(s)
      .when({
        type: 'RecordFinalPayment',
        actor: actors.provider,
        payment: payment('x'),
        amount: s.state.price!.monthlyWithVat,
      })
      .thenFails('ORDER.SUBSCRIPTION_REQUIRED');
    given(orderIn('awaiting_balance_payment'))
      .when({ type: 'RecordFinalPayment', actor: actors.provider, payment: payment('x'), amount: 1 })
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
  });
});

describe('a payment link sent again by the team', () => {
  it('records what is awaited, the order otherwise unchanged', () => {
    const order = orderIn('awaiting_balance_payment');
    const state = given(order)
      .when({ type: 'ResendPaymentLink', actor: actors.admin })
      .then([{ type: 'PaymentLinkResent', data: { kind: 'balance', amount: 35_820 } }]);
    expect({ ...state, lastActivityAt: '' }).toEqual({ ...order.state, lastActivityAt: '' });
    given(orderIn('awaiting_first_monthly_payment', { billing: 'monthly' }))
      .when({ type: 'ResendPaymentLink', actor: actors.admin })
      .then([
        {
          type: 'PaymentLinkResent',
          data: expect.objectContaining({ kind: 'first_monthly' }) as never,
        },
      ]);
  });

  it('is refused where no final payment is awaited, and to the client', () => {
    given(orderIn('in_progress'))
      .when({ type: 'ResendPaymentLink', actor: actors.admin })
      .thenFails('ORDER.TRANSITION_FORBIDDEN', /^Impossible de renvoyer le lien de paiement/);
    given(orderIn('awaiting_balance_payment'))
      .when({ type: 'ResendPaymentLink', actor: actors.client })
      .thenFails('ORDER.ACTOR_FORBIDDEN');
  });
});
