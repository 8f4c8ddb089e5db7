import { PROVIDER_PARTIAL_REFUND_REASON, PROVIDER_REFUND_REASON } from './decider/payment.decider.js';
import { actors, given, orderIn, payment } from './testing/order-test-kit.js';

const providerRefund = (paymentId: string, refundedTotal: number, refundId = `re_${refundedTotal}`) =>
  ({
    type: 'RecordProviderRefund',
    actor: actors.provider,
    payment: { provider: 'sandbox', paymentId, providerEventId: `evt_${refundId}` },
    refundedTotal,
    refundId,
  }) as const;

describe('a refund the provider reports', () => {
  it('given a deposit the order accepted, when the provider refunds it in full, then the refund is recorded once, for the deposit', () => {
    const s = orderIn('contract_signed');
    const deposit = s.state.firstPayment!.amount;
    expect(s.run(providerRefund('pay_first', deposit))).toEqual([
      {
        type: 'PaymentRefunded',
        data: {
          purpose: 'deposit',
          payment: { provider: 'sandbox', paymentId: 'pay_first', providerEventId: `evt_re_${deposit}` },
          amount: deposit,
          refundId: `re_${deposit}`,
          reason: PROVIDER_REFUND_REASON,
        },
      },
    ]);
    // The provider delivers again: the running total is already recorded.
    expect(s.run(providerRefund('pay_first', deposit))).toEqual([]);
    expect(s.state.providerRefunds).toHaveLength(1);
    expect(s.state.refunds ?? []).toEqual([]);
  });

  it('given a partial refund recorded, when the provider refunds more, then only the part since is recorded', () => {
    const s = orderIn('contract_signed');
    const deposit = s.state.firstPayment!.amount;
    expect(s.run(providerRefund('pay_first', 10_000, 're_1'))).toMatchObject([
      { data: { amount: 10_000, reason: PROVIDER_PARTIAL_REFUND_REASON } },
    ]);
    expect(s.run(providerRefund('pay_first', 10_000, 're_1'))).toEqual([]);
    expect(s.run(providerRefund('pay_first', deposit, 're_2'))).toMatchObject([
      { data: { amount: deposit - 10_000, refundId: 're_2', reason: PROVIDER_REFUND_REASON } },
    ]);
  });

  it('given a balance accepted, when the provider refunds it, then the refund is for the balance', () => {
    const s = orderIn('ready_for_delivery');
    expect(s.run(providerRefund('pay_final', 5_000))).toMatchObject([
      { data: { purpose: 'balance', amount: 5_000 } },
    ]);
  });

  it('given a payment the order has not heard of yet, when its refund is reported, then it is refused for now, to be reported again', () => {
    const s = orderIn('contract_signed');
    given(s)
      .when(providerRefund('pay_late', 58_860))
      .thenFails('ORDER.PAYMENT_NOT_RECORDED_YET', /pas encore enregistré/);
  });

  it('given a stale link refunded by the order, when the provider reports that refund back, then nothing more is recorded', () => {
    const s = orderIn('contract_signed');
    s.run({
      type: 'RecordPaymentRefund',
      actor: actors.provider,
      purpose: 'deposit',
      payment: { provider: 'sandbox', paymentId: 'pay_late', providerEventId: 'evt_late' },
      amount: 58_860,
      refundId: 're_late',
      reason: 'Montant inattendu : 58860 centimes reçus pour 1 dus.',
    });
    expect(s.run(providerRefund('pay_late', 58_860, 're_late'))).toEqual([]);
    expect(s.state.providerRefunds ?? []).toEqual([]);
  });
});

describe("a refund the provider reports of a subscription's renewal", () => {
  const MONTH = 4_524;
  /** A monthly order whose subscription renewed once, paid by the provider's invoice `in_2`. */
  const renewed = () => {
    const s = orderIn('ready_for_delivery', { billing: 'monthly' });
    s.run({
      type: 'RecordSubscriptionRenewal',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: payment('in_2'),
      amount: MONTH,
      currentPeriodEnd: '2027-01-21T09:00:00.000Z',
    });
    return s;
  };

  it('given a renewal paid, when the provider refunds part of it, then the part is recorded for that renewal', () => {
    given(renewed())
      .when(providerRefund('in_2', 1_000, 're_in_2'))
      .then([
        {
          type: 'PaymentRefunded',
          data: {
            purpose: 'renewal',
            payment: { provider: 'sandbox', paymentId: 'in_2', providerEventId: 'evt_re_in_2' },
            amount: 1_000,
            refundId: 're_in_2',
            reason: PROVIDER_PARTIAL_REFUND_REASON,
          },
        },
      ]);
  });

  it('given a renewal refunded in part, when the same total is reported again, then nothing more is recorded', () => {
    const s = renewed();
    s.run(providerRefund('in_2', 1_000));
    expect(s.run(providerRefund('in_2', 1_000))).toEqual([]);
    expect(s.state.providerRefunds).toEqual([expect.objectContaining({ purpose: 'renewal', amount: 1_000 })]);
    expect(s.state.refunds ?? []).toEqual([]);
  });

  it('given reports out of order, when the later total comes first, then the earlier one adds nothing', () => {
    const s = renewed();
    expect(s.run(providerRefund('in_2', 3_000, 're_2'))).toMatchObject([{ data: { amount: 3_000 } }]);
    expect(s.run(providerRefund('in_2', 1_000, 're_1'))).toEqual([]);
    expect(s.run(providerRefund('in_2', MONTH, 're_3'))).toMatchObject([
      { data: { purpose: 'renewal', amount: MONTH - 3_000, reason: PROVIDER_REFUND_REASON } },
    ]);
  });

  it('given a renewal, when the provider reports more refunded than it paid, then the refund is capped at what it paid', () => {
    expect(renewed().run(providerRefund('in_2', MONTH + 5_000))).toMatchObject([
      { data: { purpose: 'renewal', amount: MONTH, reason: PROVIDER_REFUND_REASON } },
    ]);
  });

  it("given a renewal refunded, then the first month's payment and the next renewals are still whole", () => {
    const s = renewed();
    s.run(providerRefund('in_2', MONTH));
    expect(s.run(providerRefund('pay_final', 500))).toMatchObject([
      { data: { purpose: 'first_month', amount: 500 } },
    ]);
  });

  it('given a renewal the order has not recorded yet, when its refund is reported first, then it is refused for now, and recorded once the renewal is', () => {
    const s = orderIn('ready_for_delivery', { billing: 'monthly' });
    given(s).when(providerRefund('in_2', 1_000)).thenFails('ORDER.PAYMENT_NOT_RECORDED_YET');
    s.run({
      type: 'RecordSubscriptionRenewal',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: payment('in_2'),
      amount: MONTH,
      currentPeriodEnd: '2027-01-21T09:00:00.000Z',
    });
    expect(s.run(providerRefund('in_2', 1_000))).toMatchObject([
      { data: { purpose: 'renewal', amount: 1_000 } },
    ]);
  });
});
