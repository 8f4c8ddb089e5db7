import { PROVIDER_PARTIAL_REFUND_REASON, PROVIDER_REFUND_REASON } from './decider/payment.decider.js';
import { actors, orderIn } from './testing/order-test-kit.js';

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

  it('given a payment the order never accepted, when its refund is reported, then nothing is recorded: it was never invoiced', () => {
    const s = orderIn('contract_signed');
    expect(s.run(providerRefund('pay_late', 58_860))).toEqual([]);
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
