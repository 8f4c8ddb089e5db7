import { actors, awaitingPaymentWithLink, given, minutesLater, orderIn } from '../testing/order-test-kit.js';
import { checkoutToOpen } from './payment-link.decider.js';

const sandbox = { provider: 'sandbox' as const, now: minutesLater(60) };
const inOneDay = minutesLater(24 * 60);

describe('a payment link to open', () => {
  it('charges what the order is due for its purpose, a new link when none is open', () => {
    const { state } = orderIn('contract_ready_for_signature');
    expect(checkoutToOpen(state, 'deposit', sandbox)).toEqual({
      amount: state.price!.depositWithVat,
      reusable: null,
    });
  });

  it('gives the open link again, for the same amount and provider', () => {
    const { state } = awaitingPaymentWithLink(inOneDay);
    expect(checkoutToOpen(state, 'deposit', sandbox).reusable).toMatchObject({ paymentId: 'pay_open' });
    expect(checkoutToOpen(state, 'deposit', { ...sandbox, provider: 'stripe' }).reusable).toBeNull();
  });

  it('makes a new one when the open link ends within 15 minutes', () => {
    const { state } = awaitingPaymentWithLink(minutesLater(60 + 14));
    expect(checkoutToOpen(state, 'deposit', sandbox).reusable).toBeNull();
    expect(
      checkoutToOpen(state, 'deposit', { ...sandbox, now: minutesLater(60 - 2) }).reusable,
    ).not.toBeNull();
  });

  it('never gives again a link made before the order was completed again, even at the same amount', () => {
    const s = awaitingPaymentWithLink(inOneDay);
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, form: { clientRemarks: 'Plutôt bleu' } });
    s.run({ type: 'CompleteOrderForm', actor: actors.visitor, form: {} });
    const { amount, reusable } = checkoutToOpen(s.state, 'deposit', sandbox);
    expect(amount).toBe(s.state.checkouts.deposit!.amount);
    expect(reusable).toBeNull();
  });

  it('says, in French, why no payment is due, before any provider is asked', () => {
    const monthly = orderIn('contract_ready_for_signature', { billing: 'monthly' }).state;
    expect(() => checkoutToOpen(monthly, 'deposit', sandbox)).toThrow(
      expect.objectContaining({
        code: 'ORDER.PAYMENT_NOT_DUE',
        message:
          'Cette commande est en abonnement mensuel : le premier paiement est celui des frais de mise en service.',
      }),
    );
    expect(() => checkoutToOpen(orderIn('in_progress').state, 'balance', sandbox)).toThrow(
      expect.objectContaining({ code: 'ORDER.PAYMENT_NOT_DUE' }),
    );
    expect(() => checkoutToOpen(given([]).state, 'deposit', sandbox)).toThrow(
      expect.objectContaining({ code: 'ORDER.NOT_FOUND', message: 'Commande introuvable' }),
    );
  });
});
