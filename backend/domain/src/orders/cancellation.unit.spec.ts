import { cancellationTerms } from './cancellation.js';
import { actors, orderIn } from './testing/order-test-kit.js';

const DAY = 24 * 60 * 60 * 1000;

describe('what a cancelled order is told', () => {
  it('is nothing for an order that is not cancelled', () => {
    expect(cancellationTerms(orderIn('in_progress').state)).toBeNull();
  });

  it('within 14 days of the first payment: what was paid, refundable on request until then', () => {
    const s = orderIn('cancelled');
    const terms = cancellationTerms(s.state)!;
    const paid = s.state.firstPayment!;
    expect(terms).toEqual({
      cancelledAt: s.state.cancellation!.cancelledAt,
      paidWithVat: paid.amount,
      guaranteeUntil: new Date(Date.parse(paid.paidAt) + 14 * DAY).toISOString(),
      refundable: true,
      subscriptionStillActive: false,
      subscriptionEnded: false,
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
    expect(cancellationTerms(s.state)).toMatchObject({ refundable: false });
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
