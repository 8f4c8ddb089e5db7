import { staleLinks } from './stale-payment-links.js';
import { actors, awaitingPaymentWithLink, filledForm, given, orderIn } from './testing/order-test-kit.js';

const ecommerce = { ...filledForm(), selectedTemplate: 'ecommerce' as const };
const refund = (paymentId: string, amount: number) =>
  ({
    type: 'RecordPaymentRefund',
    actor: actors.provider,
    purpose: 'deposit',
    payment: { provider: 'sandbox', paymentId, providerEventId: `evt_${paymentId}` },
    amount,
    refundId: `re_${paymentId}`,
    reason: 'Montant inattendu : 1 centimes reçus pour 2 dus.',
  }) as const;

describe('a payment link bound to what it charges', () => {
  it('is not stale while the order is as it was when the link was made', () => {
    expect(staleLinks(awaitingPaymentWithLink(null).state)).toEqual([]);
  });

  it('is stale once the order is completed again with another template and other options', () => {
    const s = awaitingPaymentWithLink(null);
    const before = s.state.price!.depositWithVat;
    s.run({
      type: 'CompleteOrderForm',
      actor: actors.visitor,
      form: { ...ecommerce, additionalOptions: { seoOptimizations: true, aiChatbot: true } },
    });
    expect(s.state.price!.depositWithVat).not.toBe(before);
    expect(staleLinks(s.state)).toEqual([
      expect.objectContaining({ purpose: 'deposit', paymentId: 'pay_open' }),
    ]);
  });

  it('is stale once the form is edited again (the order no longer waits for a payment)', () => {
    const s = awaitingPaymentWithLink(null);
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, form: { selectedTemplate: 'business' } });
    expect(s.state.status).toBe('pending');
    expect(staleLinks(s.state).map((l) => l.paymentId)).toEqual(['pay_open']);
  });

  it('is stale when the rhythm or template changes even for the same amount', () => {
    const s = awaitingPaymentWithLink(null);
    const amount = s.state.price!.depositWithVat;
    // Completed again with the same content but later: what was chosen then is not what the link says.
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, form: { clientRemarks: 'Plutôt bleu' } });
    s.run({ type: 'CompleteOrderForm', actor: actors.visitor, form: {} });
    expect(s.state.price!.depositWithVat).toBe(amount);
    expect(staleLinks(s.state).map((l) => l.paymentId)).toEqual(['pay_open']);
  });

  it('is not stale once closed, nor once its payment is recorded, nor for a link opened after the change', () => {
    const s = awaitingPaymentWithLink(null);
    s.run({
      type: 'RecordCheckoutClosed',
      actor: actors.provider,
      paymentId: 'pay_open',
      outcome: 'expired',
    });
    expect(staleLinks(s.state)).toEqual([]);
    expect(staleLinks(orderIn('contract_signed').state)).toEqual([]);

    const changed = awaitingPaymentWithLink(null);
    changed.run({ type: 'CompleteOrderForm', actor: actors.visitor, form: ecommerce });
    changed.run({
      type: 'StartCheckout',
      actor: actors.visitor,
      purpose: 'deposit',
      amount: changed.state.price!.depositWithVat,
      provider: 'sandbox',
      paymentId: 'pay_new',
      url: 'https://coseso.test/sandbox/checkout/pay_new',
      expiresAt: null,
    });
    expect(staleLinks(changed.state)).toEqual([]);
  });

  it('is stale for the balance once a correction takes the order back to production', () => {
    const s = orderIn('awaiting_balance_payment');
    s.run({
      type: 'StartCheckout',
      actor: actors.client,
      purpose: 'balance',
      amount: s.state.finalPaymentDue!.amount,
      provider: 'sandbox',
      paymentId: 'pay_balance',
      url: 'https://coseso.test/sandbox/checkout/pay_balance',
      expiresAt: null,
    });
    expect(staleLinks(s.state)).toEqual([]);
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'in_progress', reason: 'Une page manque' });
    expect(staleLinks(s.state).map((l) => l.paymentId)).toEqual(['pay_balance']);
  });

  it('is stale once the order is cancelled', () => {
    const s = awaitingPaymentWithLink(null);
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: 'Payé hors ligne' });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Client injoignable' });
    expect(staleLinks(s.state).map((l) => l.paymentId)).toEqual(['pay_open']);
  });
});

describe('a refused payment, refunded', () => {
  it('is recorded once on the order, with why it was refused', () => {
    const s = awaitingPaymentWithLink(null);
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, form: { selectedTemplate: 'business' } });
    const state = given(s)
      .when(refund('pay_open', 58_860))
      .then([
        {
          type: 'PaymentRefunded',
          data: {
            purpose: 'deposit',
            payment: { provider: 'sandbox', paymentId: 'pay_open', providerEventId: 'evt_pay_open' },
            amount: 58_860,
            refundId: 're_pay_open',
            reason: 'Montant inattendu : 1 centimes reçus pour 2 dus.',
          },
        },
      ]);
    expect(state.refunds).toEqual([expect.objectContaining({ refundId: 're_pay_open', amount: 58_860 })]);
    s.run(refund('pay_open', 58_860));
    given(s).when(refund('pay_open', 58_860)).then([]);
  });

  it('is recorded even once the contact is erased, and never for a payment the order holds', () => {
    const s = awaitingPaymentWithLink(null);
    s.run({
      type: 'RecordCheckoutClosed',
      actor: actors.provider,
      paymentId: 'pay_open',
      outcome: 'expired',
    });
    s.run({
      type: 'EraseOrderContact',
      actor: actors.admin,
      reason: 'Demande du contact',
      plaintextEvents: 0,
    });
    given(s)
      .when(refund('pay_open', 58_860))
      .then([expect.objectContaining({ type: 'PaymentRefunded' }) as never]);
    given(orderIn('contract_signed')).when(refund('pay_first', 58_860)).thenFails('ORDER.PAYMENT_HELD');
  });

  it('is refused to anyone but the provider and the team', () => {
    given(awaitingPaymentWithLink(null))
      .when({ ...refund('pay_open', 1), actor: actors.visitor })
      .thenFails('ORDER.ACTOR_FORBIDDEN');
  });
});

describe('a payment the order refuses: the decision first, its refund after', () => {
  const refusal = (paymentId: string, amount: number) =>
    ({
      type: 'RecordPaymentRefusal',
      actor: actors.provider,
      purpose: 'deposit',
      payment: { provider: 'sandbox', paymentId, providerEventId: `evt_${paymentId}` },
      amount,
      reason: 'Montant inattendu : 1 centimes reçus pour 2 dus.',
      subscriptionId: null,
    }) as const;
  const failure = (paymentId: string, amount: number) =>
    ({
      type: 'RecordRefundFailure',
      actor: actors.system,
      refused: true,
      requestEventId: 'ev_refused',
      paymentId,
      amount,
      attempts: 6,
      error: 'carte expirée',
    }) as const;

  it('given a payment on a stale link, when the provider reports it, then the order records its refusal and nothing else changes', () => {
    const s = awaitingPaymentWithLink(null);
    const before = s.state;
    const state = given(s)
      .when(refusal('pay_late', 100))
      .then([
        {
          type: 'PaymentRefused',
          data: {
            purpose: 'deposit',
            payment: { provider: 'sandbox', paymentId: 'pay_late', providerEventId: 'evt_pay_late' },
            amount: 100,
            reason: 'Montant inattendu : 1 centimes reçus pour 2 dus.',
            subscriptionId: null,
          },
        },
      ]);
    expect({ ...state, lastActivityAt: before.lastActivityAt }).toEqual(before);
  });

  it('given the refused payment refunded, when it is reported again, then nothing is refused twice; its refund cannot fail any more', () => {
    const s = awaitingPaymentWithLink(null);
    s.run(refusal('pay_late', 100));
    s.run(refund('pay_late', 100));
    given(s).when(refusal('pay_late', 100)).then([]);
    given(s).when(failure('pay_late', 100)).then([]);
  });

  it('given a refused payment whose refund was given up on, then RefundFailed tells the team', () => {
    const s = awaitingPaymentWithLink(null);
    s.run(refusal('pay_late', 100));
    given(s)
      .when(failure('pay_late', 100))
      .then([
        {
          type: 'RefundFailed',
          data: {
            requestEventId: 'ev_refused',
            paymentId: 'pay_late',
            amount: 100,
            attempts: 6,
            error: 'carte expirée',
          },
        },
      ]);
  });

  it('never refuses a payment the order holds, nor one reported by anyone but the provider', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({
      type: 'RecordFirstPayment',
      actor: actors.provider,
      payment: { provider: 'sandbox', paymentId: 'cs_1' },
      amount: s.state.price!.depositWithVat,
    });
    given(s).when(refusal('cs_1', 100)).thenFails('ORDER.PAYMENT_HELD');
    given(awaitingPaymentWithLink(null))
      .when({ ...refusal('pay_late', 100), actor: actors.admin })
      .thenFails('ORDER.ACTOR_FORBIDDEN');
  });
});
