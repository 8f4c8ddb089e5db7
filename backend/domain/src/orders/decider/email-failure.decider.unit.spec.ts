import { ERASED } from '@coseso/event-schemas/personal-fields';
import { toAdminOrderView } from '../admin-order-view.js';
import { describeOrderEvent } from '../order-event-description.js';
import { erasePersonalData } from '../order-personal-data.js';
import { actors, given, minutesLater, orderIn } from '../testing/order-test-kit.js';

const failure = {
  type: 'RecordEmailFailure',
  actor: actors.system,
  template: 'payment-receipt',
  recipient: 'claire@boulangerie-martin.fr',
  emailKey: 'email-event-7%3Apayment-receipt',
  since: minutesLater(10),
  attempts: 10,
  error: '550 5.1.1 no such mailbox',
} as const;
const failed = {
  type: 'OrderEmailFailed',
  data: {
    template: 'payment-receipt',
    recipient: 'claire@boulangerie-martin.fr',
    emailKey: 'email-event-7%3Apayment-receipt',
    since: minutesLater(10),
    attempts: 10,
    error: '550 5.1.1 no such mailbox',
  },
} as const;

describe('an email of the order that the queue gave up on', () => {
  it.each(['contract_ready_for_signature', 'contract_signed', 'delivered', 'cancelled'] as const)(
    'is recorded from %s, shown on the order, and is not activity on it',
    (status) => {
      const s = orderIn(status);
      const state = given(s)
        .when({ ...failure, now: minutesLater(5_000) })
        .then([failed]);
      expect(state.lastActivityAt).toBe(s.state.lastActivityAt);
      expect(state.status).toBe(s.state.status);
      expect(toAdminOrderView(state, minutesLater(5_001)).emailFailures).toEqual([
        {
          template: 'payment-receipt',
          label: 'Reçu de paiement',
          recipient: 'claire@boulangerie-martin.fr',
          since: minutesLater(10),
          failedAt: minutesLater(5_000),
          attempts: 10,
          error: '550 5.1.1 no such mailbox',
        },
      ]);
    },
  );

  it('is recorded once per email', () => {
    const s = orderIn('contract_signed');
    s.run(failure);
    given(s).when(failure).then([]);
    given(s)
      .when({ ...failure, emailKey: 'email-event-9%3Acontract-to-sign', template: 'contract-to-sign' })
      .then([
        {
          ...failed,
          data: {
            ...failed.data,
            emailKey: 'email-event-9%3Acontract-to-sign',
            template: 'contract-to-sign',
          },
        },
      ]);
  });

  it('is recorded by the system only', () => {
    for (const actor of [actors.admin, actors.client, actors.visitor, actors.provider])
      given(orderIn('contract_signed'))
        .when({ ...failure, actor })
        .thenFails('ORDER.ACTOR_FORBIDDEN', /email non remis/);
  });

  it('reads, in the history, which email and how many tries, not to whom', () => {
    expect(describeOrderEvent(failed)).toBe('Email « Reçu de paiement » non remis après 10 tentatives');
    expect(describeOrderEvent({ ...failed, data: { ...failed.data, attempts: 1 } })).toBe(
      'Email « Reçu de paiement » non remis après 1 tentative',
    );
  });

  it('loses its address and error when the contact is erased, keeps which email and when', () => {
    const state = given(orderIn('contract_signed')).when(failure).then([failed]);
    expect(erasePersonalData(state).emailFailures).toEqual([
      expect.objectContaining({ template: 'payment-receipt', recipient: ERASED, error: ERASED }),
    ]);
  });
});

describe('a signed payment for a checkout the order never opened', () => {
  const unopened = {
    type: 'RecordUnopenedCheckoutPayment',
    actor: actors.provider,
    purpose: 'deposit',
    payment: { provider: 'sandbox', paymentId: 'cs_jamais_ouvert', providerEventId: 'evt_1' },
    amount: 58_860,
  } as const;
  const noted = {
    type: 'UnopenedCheckoutPaid',
    data: {
      purpose: 'deposit',
      payment: { provider: 'sandbox', paymentId: 'cs_jamais_ouvert', providerEventId: 'evt_1' },
      amount: 58_860,
    },
  } as const;

  it.each(['brief_pending', 'awaiting_balance_payment', 'cancelled'] as const)(
    'is noted from %s, shown to the team, and pays nothing',
    (status) => {
      const s = orderIn(status);
      const state = given(s)
        .when({ ...unopened, now: minutesLater(5_000) })
        .then([noted]);
      expect(state.depositPaid).toBe(s.state.depositPaid);
      expect(state.finalPaid).toBe(s.state.finalPaid);
      expect(state.status).toBe(s.state.status);
      expect(toAdminOrderView(state, minutesLater(5_001)).unopenedCheckoutPayments).toEqual([
        {
          purpose: 'deposit',
          amount: 58_860,
          receivedAt: minutesLater(5_000),
          provider: 'sandbox',
          paymentId: 'cs_jamais_ouvert',
        },
      ]);
    },
  );

  it('is noted once per payment, by the provider only', () => {
    const s = orderIn('brief_pending');
    s.run(unopened);
    given(s)
      .when({ ...unopened, payment: { ...unopened.payment, providerEventId: 'evt_2' } })
      .then([]);
    for (const actor of [actors.admin, actors.client, actors.visitor, actors.system])
      given(orderIn('brief_pending'))
        .when({ ...unopened, actor })
        .thenFails('ORDER.ACTOR_FORBIDDEN', /paiement du fournisseur/);
  });

  it('reads, in the history, how much and that it was not recorded', () => {
    expect(describeOrderEvent(noted).replace(/\s/g, ' ')).toBe(
      "Paiement de 588,60 € TTC signalé par le fournisseur pour un lien que la commande n'a pas ouvert : non enregistré",
    );
  });
});
