import { cancellationTerms } from './cancellation.js';
import { actors, orderIn } from './testing/order-test-kit.js';

const DAY = 24 * 60 * 60 * 1000;

describe('what a cancelled order is told', () => {
  it('is nothing for an order that is not cancelled', () => {
    expect(cancellationTerms(orderIn('in_progress').state)).toBeNull();
  });

  it('within 14 days of the first payment: what was paid, its refund asked of the provider, on its way', () => {
    const s = orderIn('cancelled');
    const terms = cancellationTerms(s.state)!;
    const paid = s.state.firstPayment!;
    expect(terms).toEqual({
      cancelledAt: s.state.cancellation!.cancelledAt,
      paidWithVat: paid.amount,
      guaranteeUntil: new Date(Date.parse(paid.paidAt) + 14 * DAY).toISOString(),
      refundable: true,
      guaranteeRefund: 'requested',
      refundRequestedWithVat: paid.amount,
      refundedWithVat: 0,
      refundFailed: false,
      paidOfflineWithVat: 0,
      subscriptionStillActive: false,
      subscriptionEnded: false,
    });
    // The provider's report of the refund: made.
    s.run({
      type: 'RecordProviderRefund',
      actor: actors.provider,
      payment: paid.payment,
      refundedTotal: paid.amount,
      refundId: 're_1',
    });
    expect(cancellationTerms(s.state)).toMatchObject({ refundedWithVat: paid.amount });
  });

  it('within the guarantee, the team may choose no refund: said as such', () => {
    const s = orderIn('brief');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    expect(cancellationTerms(s.state)).toMatchObject({
      refundable: true,
      guaranteeRefund: 'declined',
      refundRequestedWithVat: 0,
    });
  });

  it('after the 14 days: the guarantee is over, nothing is said to be refundable', () => {
    const s = orderIn('in_progress');
    const paidAt = Date.parse(s.state.firstPayment!.paidAt);
    s.run({
      type: 'CancelOrder',
      actor: actors.admin,
      reason: 'Demande du client',
      now: new Date(paidAt + 14 * DAY + 60_000).toISOString(),
    });
    expect(cancellationTerms(s.state)).toMatchObject({ refundable: false, guaranteeRefund: 'none_due' });
  });

  it('adds the final payment, and says the monthly subscription ended with the order', () => {
    const s = orderIn('ready_for_delivery', { billing: 'monthly' });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' });
    expect(cancellationTerms(s.state)).toMatchObject({
      paidWithVat: s.state.firstPayment!.amount + s.state.finalPayment!.amount,
      subscriptionStillActive: false,
      subscriptionEnded: true,
    });
  });
});
