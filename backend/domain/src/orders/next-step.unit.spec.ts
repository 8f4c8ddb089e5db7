import { allowedAdminActions } from './admin-actions.js';
import { clientNextStep, nextStep, waitDays, waitLabel } from './next-step.js';
import { type OrderStatus, orderStatuses } from './order-status.js';
import { actors, awaitingPaymentWithLink, minutesLater, orderIn } from './testing/order-test-kit.js';

const inStatus = (status: OrderStatus, billing: 'yearly' | 'monthly' = 'yearly') =>
  orderIn(status, { billing });

describe('the next step, by actor', () => {
  it.each<[OrderStatus, 'yearly' | 'monthly', string]>([
    ['pending', 'yearly', 'En attente du client : terminer le formulaire de commande'],
    ['contract_ready_for_signature', 'yearly', "En attente du client : payer l'acompte"],
    ['contract_ready_for_signature', 'monthly', 'En attente du client : payer les frais de mise en service'],
    ['contract_signed', 'yearly', 'À faire : Ouvrir le brief'],
    ['brief_pending', 'yearly', 'En attente du client : envoyer le brief'],
    ['brief', 'yearly', 'À faire : Valider le brief'],
    ['in_progress', 'yearly', 'À faire : Envoyer le lien de révision'],
    ['en_revision', 'yearly', 'En attente du client : relire la maquette (version 1)'],
    ['revision_changes_requested', 'yearly', 'À faire : Modifications terminées'],
    ['awaiting_balance_payment', 'yearly', 'En attente du client : payer le solde'],
    ['awaiting_first_monthly_payment', 'monthly', 'En attente du client : payer le premier mois'],
    ['ready_for_delivery', 'yearly', 'À faire : Finaliser la livraison'],
    ['delivered', 'yearly', 'Livrée'],
    ['cancelled', 'yearly', 'Annulée'],
  ])('in %s (%s): %s', (status, billing, text) => {
    expect(nextStep(inStatus(status, billing).state).text).toBe(text);
  });

  it('walks every status of the transition table: nobody is stuck without a move but a closed order', () => {
    for (const status of orderStatuses) {
      const billing = status === 'awaiting_first_monthly_payment' ? 'monthly' : 'yearly';
      const state = inStatus(status, billing).state;
      const step = nextStep(state);
      if (status === 'delivered' || status === 'cancelled') expect(step.actor).toBe('none');
      else expect(['team', 'client']).toContain(step.actor);
      // « À faire » only when the team's move is an action the back-office offers now.
      if (step.actor === 'team') {
        expect(step.text.startsWith('À faire : ')).toBe(true);
        expect(allowedAdminActions(state).map((a) => a.action)).toContain(step.action);
      } else expect(step.text.startsWith('À faire')).toBe(false);
      if (step.actor === 'client') expect(step.text.startsWith('En attente du client : ')).toBe(true);
      expect(step.since).toBe(state.statusSince);
    }
  });

  it('waits for the client’s signature once the first payment is in, since that payment', () => {
    const order = awaitingPaymentWithLink(null);
    order.run({
      type: 'RecordFirstPayment',
      actor: actors.provider,
      payment: { provider: 'sandbox', paymentId: 'pay_open' },
      amount: order.state.price!.depositWithVat,
      now: minutesLater(500),
    });
    const step = nextStep(order.state);
    expect(step).toMatchObject({
      actor: 'client',
      wait: 'signature',
      text: 'En attente du client : signer le contrat',
      since: minutesLater(500),
    });
  });

  it('is the team’s once the client approved the preview, since the approval', () => {
    const order = inStatus('en_revision');
    order.run({ type: 'ApproveReview', actor: actors.client, now: minutesLater(900) });
    expect(nextStep(order.state)).toMatchObject({
      actor: 'team',
      action: 'request_final_payment',
      text: 'À faire : Demander le solde',
      since: minutesLater(900),
    });
  });

  it('says the awaited payment failed, and when', () => {
    const order = inStatus('awaiting_balance_payment');
    const due = order.state.finalPaymentDue!;
    order.run({
      type: 'StartCheckout',
      actor: actors.client,
      purpose: 'balance',
      amount: due.amount,
      provider: 'sandbox',
      paymentId: 'pay_balance',
      url: 'https://coseso.test/pay_balance',
      expiresAt: null,
    });
    order.run({
      type: 'RecordCheckoutClosed',
      actor: actors.provider,
      paymentId: 'pay_balance',
      outcome: 'failed',
      now: minutesLater(700),
    });
    expect(nextStep(order.state)).toMatchObject({
      actor: 'client',
      wait: 'balance',
      paymentFailure: { at: minutesLater(700), outcome: 'failed' },
    });
  });

  it('asks for the elements requested when the team sent the brief back, since then', () => {
    const order = inStatus('brief');
    order.run({
      type: 'RequestMoreElements',
      actor: actors.admin,
      message: 'Le logo en SVG',
      now: minutesLater(2_000),
    });
    expect(nextStep(order.state)).toMatchObject({
      actor: 'client',
      text: 'En attente du client : envoyer les éléments demandés',
      since: minutesLater(2_000),
    });
  });
});

describe('the next step told to the client', () => {
  it.each<[OrderStatus, 'yearly' | 'monthly', string]>([
    [
      'contract_ready_for_signature',
      'monthly',
      'À vous : payer les frais de mise en service pour lancer votre commande.',
    ],
    [
      'contract_signed',
      'yearly',
      'Notre équipe prépare votre brief : vous recevrez un email dès qu’il est ouvert.',
    ],
    ['brief_pending', 'yearly', 'À vous : envoyer vos éléments et soumettre votre brief.'],
    ['en_revision', 'yearly', 'À vous : relire la maquette, puis la valider ou demander des modifications.'],
    ['awaiting_first_monthly_payment', 'monthly', 'À vous : régler le premier mois pour la mise en ligne.'],
    ['delivered', 'yearly', 'Votre site est livré.'],
  ])('in %s (%s): %s', (status, billing, text) => {
    expect(clientNextStep(inStatus(status, billing).state).text).toBe(text);
  });

  it("is the back-office's move in every status, and always says something", () => {
    for (const status of orderStatuses) {
      // Each rhythm where it goes: the balance is yearly's, the first month monthly's.
      const rhythms =
        status === 'awaiting_balance_payment'
          ? (['yearly'] as const)
          : status === 'awaiting_first_monthly_payment'
            ? (['monthly'] as const)
            : (['yearly', 'monthly'] as const);
      for (const billing of rhythms) {
        const state = inStatus(status, billing).state;
        const told = clientNextStep(state);
        expect(told.actor).toBe(nextStep(state).actor);
        expect(told.text).not.toBe('');
        expect(told.text.startsWith('À vous')).toBe(told.actor === 'client');
        // Never the back-office's own words: « À faire », « client », a button's label.
        expect(told.text).not.toMatch(/À faire|du client|Ouvrir le brief|Finaliser la livraison/);
      }
    }
  });
});

describe('the age of a wait', () => {
  it('counts whole days', () => {
    expect(waitDays('2026-12-01T10:00:00.000Z', '2026-12-01T23:00:00.000Z')).toBe(0);
    expect(waitLabel('2026-12-01T10:00:00.000Z', '2026-12-01T23:00:00.000Z')).toBe("depuis aujourd'hui");
    expect(waitLabel('2026-12-01T10:00:00.000Z', '2026-12-02T10:00:00.000Z')).toBe('depuis 1 jour');
    expect(waitLabel('2026-12-01T10:00:00.000Z', '2026-12-13T11:00:00.000Z')).toBe('depuis 12 jours');
  });
});
