import {
  finalPaymentStatusLabel,
  nextPaymentStep,
  type PaymentConfirmation,
  type PaymentFacts,
  type PaymentOutcome,
  type PaymentReturn,
  providerOf,
} from './payment-outcome';
import { type PaidFlags } from './payment-types';

const orderId = '3f1c2a9e-1b2c-4d5e-8f90-123456789abc';
const paymentId = 'cs_sandbox_0123456789abcdef01234567';

const unpaid: PaidFlags = { depositPaid: false, finalPaid: false, accountManager: false };
const confirmed: PaymentConfirmation = {
  success: true,
  message: 'Paiement confirmé',
  depositPaid: true,
  finalPaid: false,
  status: 'contract_ready_for_signature',
};

interface Answers {
  provider?: PaymentFacts['provider'];
  order?: PaymentFacts['order'];
  confirmation?: PaymentFacts['confirmation'];
}

/** Runs the mapping as the page does, the calls answering from `answers`; returns the outcome and the calls. */
function resolve(paymentReturn: PaymentReturn, answers: Answers = {}) {
  let facts: PaymentFacts = {};
  const calls: string[] = [];
  for (let round = 0; round < 10; round++) {
    const step = nextPaymentStep(paymentReturn, facts);
    switch (step.next) {
      case 'done':
        return { outcome: step.outcome, calls };
      case 'ask-provider':
        calls.push(`GET /api/${step.provider}/payment/${step.paymentId}`);
        facts = { ...facts, provider: answers.provider ?? 'unavailable' };
        break;
      case 'fetch-order':
        calls.push(`GET /api/orders/${step.orderId}`);
        facts = { ...facts, order: answers.order ?? 'unavailable' };
        break;
      case 'confirm':
        calls.push(
          `POST /api/orders/${step.orderId}/finalize-payment ${step.paymentType}${step.paymentId ? ` ${step.paymentId}` : ''}`,
        );
        facts = { ...facts, confirmation: answers.confirmation ?? 'unavailable' };
        break;
    }
  }
  throw new Error('the mapping did not settle');
}

const outcomeOf = (paymentReturn: PaymentReturn, answers?: Answers): PaymentOutcome =>
  resolve(paymentReturn, answers).outcome;

describe('payment result mapping (spec §4)', () => {
  const sandboxReturn: PaymentReturn = { orderId, type: 'deposit', provider: 'sandbox', paymentId };

  test('a paid payment is confirmed with the server, then shown as a success', () => {
    const { outcome, calls } = resolve(sandboxReturn, {
      provider: { status: 'paid' },
      confirmation: confirmed,
    });
    expect(outcome).toEqual({ state: 'success', orderId, confirmation: confirmed });
    expect(calls).toEqual([
      `GET /api/sandbox/payment/${paymentId}`,
      // The payment's id goes along: the server says whether that one was refunded.
      `POST /api/orders/${orderId}/finalize-payment deposit ${paymentId}`,
    ]);
  });

  test('a paid payment the server has not recorded yet stays pending', () => {
    expect(
      outcomeOf(sandboxReturn, {
        provider: { status: 'paid' },
        confirmation: { ...confirmed, success: false },
      }),
    ).toEqual({ state: 'pending' });
    expect(outcomeOf(sandboxReturn, { provider: { status: 'paid' }, confirmation: 'unavailable' })).toEqual({
      state: 'pending',
    });
  });

  test('an order the server does not know is an error', () => {
    expect(
      outcomeOf(sandboxReturn, { provider: { status: 'paid' }, confirmation: 'order-not-found' }),
    ).toEqual({ state: 'error', error: 'unknown' });
  });

  test.each([
    ['open', { state: 'pending' }],
    ['failed', { state: 'error', error: 'failed' }],
    ['canceled', { state: 'error', error: 'canceled' }],
    ['expired', { state: 'error', error: 'expired' }],
    ['refunded', { state: 'error', error: 'refunded' }],
    ['processing', { state: 'pending' }],
    ['', { state: 'pending' }],
  ])('the provider status %p gives %p without further calls', (status, expected) => {
    const { outcome, calls } = resolve(sandboxReturn, { provider: { status } });
    expect(outcome).toEqual(expected);
    expect(calls).toEqual([`GET /api/sandbox/payment/${paymentId}`]);
  });

  test.each(['canceled', 'failed', 'expired'])(
    'status=%s in the URL is that error, without any call',
    (status) => {
      expect(resolve({ orderId, type: 'deposit', provider: 'stripe', status })).toEqual({
        outcome: { state: 'error', error: status },
        calls: [],
      });
    },
  );

  test('a payment the order refused and refunded (it changed meanwhile) is that error, whatever the provider says', () => {
    const refunded: PaymentConfirmation = {
      success: false,
      refunded: true,
      message: 'Paiement remboursé : la commande a changé pendant le paiement',
      depositPaid: false,
      finalPaid: false,
      status: 'contract_ready_for_signature',
    };
    const stripeReturn = { orderId, type: 'deposit', provider: 'stripe', paymentId: 'cs_test_a1' };
    expect(resolve(stripeReturn, { provider: { status: 'paid' }, confirmation: refunded })).toEqual({
      outcome: { state: 'error', error: 'refunded' },
      calls: [
        'GET /api/stripe/payment/cs_test_a1',
        `POST /api/orders/${orderId}/finalize-payment deposit cs_test_a1`,
      ],
    });
    expect(outcomeOf({ orderId, type: 'deposit', status: 'refunded' }, { order: unpaid })).toEqual({
      state: 'pending',
    });
  });

  test('another status in the URL is ignored', () => {
    expect(resolve({ orderId, type: 'deposit', status: 'success' }, { order: unpaid }).calls).toEqual([
      `GET /api/orders/${orderId}`,
    ]);
  });

  test('a missing order id is an error', () => {
    expect(resolve({ type: 'deposit', paymentId })).toEqual({
      outcome: { state: 'error', error: 'unknown' },
      calls: [],
    });
  });

  describe('without a payment status: the order decides', () => {
    test('no payment id: the order is read, then a recorded payment is confirmed', () => {
      const { outcome, calls } = resolve(
        { orderId, type: 'deposit' },
        { order: { ...unpaid, depositPaid: true }, confirmation: confirmed },
      );
      expect(outcome.state).toBe('success');
      expect(calls).toEqual([
        `GET /api/orders/${orderId}`,
        `POST /api/orders/${orderId}/finalize-payment deposit`,
      ]);
    });

    test('the provider cannot tell: same fallback', () => {
      const { outcome, calls } = resolve(sandboxReturn, {
        provider: 'unavailable',
        order: { ...unpaid, depositPaid: true },
        confirmation: confirmed,
      });
      expect(outcome.state).toBe('success');
      expect(calls).toHaveLength(3);
    });

    test('a payment the order does not record yet is pending', () => {
      expect(outcomeOf({ orderId, type: 'deposit' }, { order: unpaid })).toEqual({ state: 'pending' });
    });

    test('an order that cannot be read is an error', () => {
      expect(outcomeOf({ orderId, type: 'deposit' }, { order: 'unavailable' })).toEqual({
        state: 'error',
        error: 'unknown',
      });
    });

    test.each([
      ['deposit', 'depositPaid'],
      ['monthly', 'depositPaid'],
      ['monthly_first', 'depositPaid'],
      [undefined, 'depositPaid'],
      ['balance', 'finalPaid'],
      ['final', 'finalPaid'],
      ['final_payment', 'finalPaid'],
      ['first_month', 'finalPaid'],
      ['account_manager', 'accountManager'],
    ] as const)('type %p is decided by %s', (type, flag) => {
      const paid = { ...unpaid, [flag]: true };
      const others = { depositPaid: true, finalPaid: true, accountManager: true, [flag]: false };
      expect(resolve({ orderId, type }, { order: paid }).calls).toContain(
        `POST /api/orders/${orderId}/finalize-payment ${type}`,
      );
      expect(outcomeOf({ orderId, type }, { order: others })).toEqual({ state: 'pending' });
    });
  });

  test.each([
    [{ provider: 'stripe', paymentId: 'cs_test_a1' }, 'stripe'],
    [{ provider: 'sandbox', paymentId: 'whatever' }, 'sandbox'],
    [{ paymentId }, 'sandbox'],
    [{ paymentId: 'cs_test_a1' }, 'stripe'],
    [{ provider: 'paypal', paymentId }, 'sandbox'],
  ])('the status of %p is asked to %s', (paymentReturn, provider) => {
    expect(providerOf(paymentReturn)).toBe(provider);
  });
});

describe('final payment status label', () => {
  test.each([
    [{ status: 'delivered', finalPaid: true }, 'Site livré'],
    [{ status: 'ready_for_delivery', finalPaid: true }, 'En attente de livraison'],
    [{ status: 'awaiting_balance_payment', finalPaid: true }, 'Paiement confirmé'],
    [{ status: 'awaiting_balance_payment', finalPaid: false }, 'Paiement en cours de confirmation'],
  ] as const)('%p reads %p', (confirmation, label) => {
    expect(finalPaymentStatusLabel(confirmation)).toBe(label);
  });
});
