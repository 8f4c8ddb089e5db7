import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { describeOrderEvent } from '../order-event-description.js';
import {
  actors,
  awaitingPaymentWithLink,
  filledForm,
  given,
  minutesLater,
  orderIn,
  payment,
} from '../testing/order-test-kit.js';

describe('erasing the contact of an order that never became a client’s (right to be forgotten)', () => {
  const erase = (reason = '  Demande du visiteur par email du 20 novembre  ') =>
    ({ type: 'EraseOrderContact', actor: actors.admin, reason, plaintextEvents: 1 }) as const;
  const erased: OrderEvent = {
    type: 'OrderContactErased',
    data: { reason: 'Demande du visiteur par email du 20 novembre', plaintextEvents: 1 },
  };
  /** Completed, then cancelled by the team, never paid. */
  const cancelledUnpaid = () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le visiteur renonce' });
    return s;
  };
  /** A draft the visitor began to fill in. */
  const draft = () => {
    const s = orderIn('pending');
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, currentStep: 2, form: filledForm() });
    return s;
  };
  const withLink = awaitingPaymentWithLink;

  it.each([
    ['a draft', draft],
    ['a completed order awaiting its payment', () => orderIn('contract_ready_for_signature')],
    ['an order cancelled before any payment', cancelledUnpaid],
  ])(
    'on %s: by an admin, with the reason trimmed; the state reads « données effacées », amounts, status and dates kept',
    (_, scenario) => {
      const s = scenario();
      const state = given(s).when(erase()).then([erased]);
      expect(state.form.contactEmail).toBe('données effacées');
      if (s.state.form.companyName) expect(state.form.companyName).toBe('données effacées');
      expect(state.form.selectedTemplate).toBe(s.state.form.selectedTemplate);
      for (const kept of [
        'status',
        'price',
        'createdAt',
        'lastActivityAt',
        'cancellation',
        'orderNumber',
      ] as const)
        expect([kept, state[kept]]).toEqual([kept, s.state[kept]]);
      expect(state.contactErasedAt).toBe(minutesLater(1_000));
    },
  );

  it('is done once', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run(erase());
    given(s)
      .when(erase())
      .thenFails(
        'ORDER.CONTACT_ALREADY_ERASED',
        /^Les données du contact de cette commande ont déjà été effacées\.$/,
      );
  });

  it('leaves a client’s order to the client’s erasure, and a paid order too (its account opens with the payment)', () => {
    const linked = orderIn('contract_ready_for_signature');
    linked.run({
      type: 'LinkOrderToClient',
      actor: actors.admin,
      clientId: '0c0c0c0c-1111-4222-8333-444444444444',
    });
    given(linked)
      .when(erase())
      .thenFails(
        'ORDER.CONTACT_IS_CLIENT',
        /^Cette commande appartient à un client : effacez ses données avec « Effacer les données du client »/,
      );
    for (const status of ['contract_signed', 'brief', 'delivered', 'cancelled'] as const)
      given(orderIn(status))
        .when(erase())
        .thenFails('ORDER.CONTACT_IS_CLIENT', /^Cette commande est payée/);
  });

  it('waits for an order worked on without payment (a forced contract) to be cancelled', () => {
    const forced = orderIn('contract_ready_for_signature');
    forced.run({
      type: 'CorrectStatus',
      actor: actors.admin,
      to: 'contract_signed',
      reason: 'Virement annoncé',
    });
    given(forced)
      .when(erase())
      .thenFails(
        'ORDER.TRANSITION_FORBIDDEN',
        'Impossible d’effacer les données du contact : la commande est au statut « Contrat OK ». Annulez-la d’abord.',
      );
    forced.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Jamais payée' });
    given(forced).when(erase()).then([erased]);
  });

  it('waits while the visitor may still pay a first payment link', () => {
    const expiresAt = minutesLater(2_000);
    given(withLink(expiresAt))
      .when(erase())
      .thenFails(
        'ORDER.PAYMENT_LINK_OPEN',
        /^Un lien de paiement de cette commande est encore ouvert \(jusqu’au 2026-11-23 à 18:20 UTC\) : le visiteur pourrait encore payer/,
      );
    given(withLink(null))
      .when(erase())
      .thenFails('ORDER.PAYMENT_LINK_OPEN', /encore ouvert :/);
    // Past its expiry, or closed by the provider: nobody can pay it any more.
    given(withLink(expiresAt))
      .when({ ...erase(), now: minutesLater(2_001) })
      .then([erased]);
    const closed = withLink(null);
    closed.run({
      type: 'RecordCheckoutClosed',
      actor: actors.provider,
      paymentId: 'pay_open',
      outcome: 'expired',
    });
    given(closed).when(erase()).then([erased]);
  });

  it('is an admin’s decision, with a reason, on an order that exists', () => {
    for (const actor of [actors.visitor, actors.client, actors.auditor, actors.provider, actors.system])
      given(orderIn('pending'))
        .when({ ...erase(), actor })
        .thenFails(
          'ORDER.ACTOR_FORBIDDEN',
          'Seul un administrateur peut effacer les données du contact d’une commande.',
        );
    const blank = given(orderIn('pending')).when(erase('   ')).thenFails('REQUEST.INVALID');
    expect(blank.fields).toEqual({ reason: 'Indiquez la raison de l’effacement.' });
    given([]).when(erase()).thenFails('ORDER.NOT_FOUND');
  });

  it('closes the order: nothing changes it afterwards but a payment link closing and its cancellation, and staff may still export its evidence', () => {
    const s = withLink(minutesLater(500));
    s.run({ ...erase(), now: minutesLater(600) });
    const refused = [
      { type: 'SaveWizardProgress', actor: actors.visitor, form: { companyName: 'Autre' } },
      { type: 'CompleteOrderForm', actor: actors.visitor, form: {} },
      {
        type: 'StartCheckout',
        actor: actors.visitor,
        purpose: 'deposit',
        amount: s.state.price!.depositWithVat,
        provider: 'sandbox',
        paymentId: 'pay_late',
        url: 'https://coseso.test/sandbox/checkout/pay_late',
        expiresAt: null,
      },
      {
        type: 'RecordFirstPayment',
        actor: actors.provider,
        payment: payment('pay_open'),
        amount: s.state.price!.depositWithVat,
      },
      { type: 'LinkOrderToClient', actor: actors.system, clientId: '0c0c0c0c-1111-4222-8333-444444444444' },
    ] as const;
    for (const command of refused)
      given(s)
        .when(command)
        .thenFails(
          'ORDER.CONTACT_ERASED',
          'Les données du contact de cette commande ont été effacées : elle ne peut plus être modifiée.',
        );
    given(s)
      .when({
        type: 'RecordCheckoutClosed',
        actor: actors.provider,
        paymentId: 'pay_open',
        outcome: 'expired',
      })
      .then([
        { type: 'CheckoutClosed', data: { purpose: 'deposit', paymentId: 'pay_open', outcome: 'expired' } },
      ]);
    // Nobody is left to pay it: the team can take it out of the orders waiting for a payment.
    given(s)
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Contact effacé' })
      .then([
        {
          type: 'OrderCancelled',
          data: { reason: 'Contact effacé', previousStatus: s.state.status, guaranteeRefund: 'none_due' },
        },
      ]);
    given(s)
      .when({
        type: 'RecordEvidenceExport',
        actor: actors.auditor,
        manifestSha256: 'e'.repeat(64),
        lastRevision: 4,
        lastEventHash: null,
      })
      .then([
        {
          type: 'EvidenceBundleExported',
          data: { manifestSha256: 'e'.repeat(64), lastRevision: 4, lastEventHash: null },
        },
      ]);
  });

  it('reads, in the timeline, as the erasure and its reason', () => {
    expect(describeOrderEvent(erased)).toBe(
      'Données du contact effacées : Demande du visiteur par email du 20 novembre',
    );
  });
});
