import { currentDefinition } from '@coseso/event-schemas/catalog';
import {
  type RecordedOrderEvent,
  type OrderState,
  initialOrderState,
} from '@coseso/domain/orders/order-state';
import { evolve } from '@coseso/domain/orders/order-evolve';
import { actors, minutesLater, orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { onboardingReactor } from '../accounts/onboarding/onboarding.reactor.js';
import { contractReactor } from '../contracts/contract.reactor.js';
import { renderEmail } from '../emails/email-templates.js';
import { orderEmailsReactor } from './order-emails.reactor.js';
import { orderEmailFor, sendsEmail } from './order-emails.js';

function statesAlong(history: readonly RecordedOrderEvent[]) {
  const states: OrderState[] = [];
  history.reduce((state, event) => {
    const next = evolve(state, event);
    states.push(next);
    return next;
  }, initialOrderState());
  return states;
}

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));

const stored = (event: RecordedOrderEvent, revision: number): StoredEvent => ({
  streamId: 'order-8a7c2f1e-4b5d-4c3e-9f10-112233445566',
  streamRevision: BigInt(revision),
  position: BigInt(revision + 1),
  checkpoint: String(revision) as StoredEvent['checkpoint'],
  eventId: `event-${revision}`,
  type: event.type,
  schemaVersion: currentDefinition(event.type).schemaVersion,
  data: event.data,
  metadata: event.metadata,
  recordedAt: new Date(event.metadata.occurredAt),
});

describe('the emails of an order', () => {
  it('writes, for every event that calls for one, an email its template accepts', () => {
    const s = orderIn('delivered', { billing: 'monthly' });
    s.run({
      type: 'RecordSubscriptionRenewal',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: { provider: 'sandbox', paymentId: 'in_1' },
      amount: s.state.subscription.monthlyWithVat!,
      currentPeriodEnd: minutesLater(60 * 24 * 60),
    });
    s.run({
      type: 'RecordSubscriptionPaymentFailure',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      reason: null,
    });
    s.run({ type: 'CancelSubscription', actor: actors.client, reason: null });
    const states = statesAlong(s.history);

    const sent = s.history.flatMap((event, i) => {
      const email = orderEmailFor({ ...event, occurredAt: event.metadata.occurredAt }, states[i]!);
      if (!email) return [];
      const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
      expect(rendered.subject).not.toBe('');
      return [email.template];
    });
    expect(sent).toEqual([
      'order-confirmation',
      'payment-receipt', // setup fee
      'contract-to-sign',
      'brief-opened',
      'brief-received',
      'brief-validated',
      'review-ready',
      'final-payment-due',
      'payment-receipt', // first month
      'delivered',
      'payment-receipt', // renewal
      'payment-failed',
      'subscription-cancelled',
    ]);
  });

  it('says what was paid and links to the client area', () => {
    const s = orderIn('contract_signed');
    const deposit = s.history.find((e) => e.type === 'DepositPaid')!;
    const email = orderEmailFor({ ...deposit, occurredAt: deposit.metadata.occurredAt }, s.state)!;
    expect(email).toEqual({
      template: 'payment-receipt',
      data: expect.objectContaining({
        paidFor: 'deposit',
        amountWithVat: (deposit.data as { amount: number }).amount,
        orderUrl: `/dashboard#order-${s.state.orderId}`,
      }),
    });
  });
});

describe('the money moments', () => {
  it('asks for the balance with its amount and a link to pay it from the project tab', () => {
    const s = orderIn('awaiting_balance_payment');
    const asked = s.history.at(-1)!;
    expect(orderEmailFor({ ...asked, occurredAt: asked.metadata.occurredAt }, s.state)).toEqual({
      template: 'final-payment-due',
      data: expect.objectContaining({
        paidFor: 'balance',
        amountWithVat: s.state.price!.remainingWithVat,
        payUrl: `/dashboard/${s.state.orderId}?tab=project`,
      }),
    });
  });

  it('confirms a cancellation with what was paid, and the guarantee’s refund on its way, TTC', () => {
    const s = orderIn('cancelled');
    const cancelled = s.history.findLast((e) => e.type === 'OrderCancelled')!;
    const email = orderEmailFor({ ...cancelled, occurredAt: cancelled.metadata.occurredAt }, s.state)!;
    const paid = s.state.firstPayment!.amount;
    expect(email).toMatchObject({
      template: 'order-cancelled',
      data: {
        paidWithVat: paid,
        refundable: true,
        guaranteeRefund: 'requested',
        refundRequestedWithVat: paid,
        subscriptionStillActive: false,
      },
    });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.text).toContain(`nous vous remboursons ${formatEurosTTC(paid)} sur la carte`);
    expect(rendered.text).not.toContain('Demandez-le');
  });

  it('tells the client a reactivated order resumes where it stopped, its deposit held, and the balance to come, TTC', () => {
    const s = orderIn('brief');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    const balance = s.state.price!.remainingWithVat;
    expect(email).toMatchObject({
      template: 'order-reactivated',
      data: { firstOwedWithVat: 0, firstKind: 'deposit', finalKind: 'balance', finalWithVat: balance },
    });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.subject).toBe(`Votre commande #${s.state.orderNumber} est de nouveau active`);
    expect(rendered.text).toContain('Le projet reprend à la vérification de votre brief par notre équipe.');
    expect(rendered.text).toContain('rien de plus ne vous est demandé');
    expect(rendered.text).toContain(`le solde vous sera demandé : ${formatEurosTTC(balance)}`);
    // The team's reason is theirs: the client is told what happens, not why the team decided it.
    expect(rendered.text).not.toContain('Le client reprend');
  });

  // The approved order's email said both « rien de plus ne vous est demandé pour l'instant » and that
  // the balance « reste à régler »: only the second is true.
  it('given an order cancelled waiting for its balance, when reactivated, then the email asks the balance and does not say nothing more is asked', () => {
    const s = orderIn('awaiting_balance_payment');
    const balance = s.state.price!.remainingWithVat;
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    for (const part of [rendered.text, rendered.html].map((p) => p.replace(/\s+/g, ' '))) {
      expect(part).toContain('Ce que vous avez déjà réglé reste acquis à la commande.');
      expect(part).toContain(`reste à régler : ${formatEurosTTC(balance)}`.replace(/\s+/g, ' '));
      expect(part).not.toContain('rien de plus ne vous est demandé');
    }
  });

  it('tells the client of an order reactivated unpaid that its deposit is owed, TTC', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Client injoignable' });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client revient' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    const deposit = s.state.price!.depositWithVat;
    expect(email.data).toMatchObject({ firstOwedWithVat: deposit, firstKind: 'deposit' });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.text).toContain(`L'acompte de ${formatEurosTTC(deposit)} n'est pas réglé`);
  });

  it('tells the client whose deposit the guarantee refunded that it is owed again, TTC', () => {
    const s = orderIn('cancelled');
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client revient' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    expect(email.data).toMatchObject({
      firstOwedWithVat: s.state.returnedPayments![0]!.amount,
      resumesAt: 'à la création de votre site par notre équipe',
    });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.text).toContain('régler depuis votre espace client');
  });

  it('tells the client of a monthly order reactivated ready for delivery that its first month is paid and when its subscription charges again', () => {
    const s = orderIn('ready_for_delivery', { billing: 'monthly' });
    const paidUntil = s.state.subscription.currentPeriodEnd!;
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    const monthly = s.state.price!.monthlyWithVat;
    expect(email.data).toMatchObject({ finalHeld: true, subscriptionResumesAt: paidUntil });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    const text = rendered.text.replace(/\s+/g, ' ');
    expect(text).toContain('Le projet reprend à la mise en ligne de votre site.');
    // Paid before the cancellation and kept: not asked again.
    expect(text).not.toContain('vous sera demandé');
    expect(text).toContain("Le premier mois de l'abonnement est déjà réglé.");
    expect(text).toContain(
      `Votre abonnement mensuel reprend : prochain prélèvement de ${formatEurosTTC(monthly)} le ${formatDate(paidUntil)}, à la fin du mois déjà réglé.`.replace(
        /\s+/g,
        ' ',
      ),
    );
  });

  it('tells the client of a yearly order reactivated with its balance paid that nothing more is asked', () => {
    const s = orderIn('ready_for_delivery');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    expect(email.data).toMatchObject({ finalHeld: true, subscriptionResumesAt: null });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.text).not.toContain('le solde vous sera demandé');
    expect(rendered.text).toContain('Le solde de la commande est déjà réglé.');
  });

  it('tells the client of an order reactivated awaiting its balance that the preview stays approved and the balance is due, TTC', () => {
    const s = orderIn('awaiting_balance_payment');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    s.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    const reactivated = s.history.findLast((e) => e.type === 'OrderReactivated')!;
    const email = orderEmailFor({ ...reactivated, occurredAt: reactivated.metadata.occurredAt }, s.state)!;
    const balance = s.state.price!.remainingWithVat;
    expect(email.data).toMatchObject({ finalHeld: false, approved: true });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    const text = rendered.text.replace(/\s+/g, ' ');
    // Approved before the cancellation: not « une fois la maquette validée ».
    expect(text).not.toContain('Une fois la maquette validée');
    expect(text).toContain(
      `Votre maquette est validée : le solde reste à régler : ${formatEurosTTC(balance)}.`.replace(
        /\s+/g,
        ' ',
      ),
    );
  });

  it('says plainly that nothing is refunded when the team chose so', () => {
    const s = orderIn('brief');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    const cancelled = s.history.findLast((e) => e.type === 'OrderCancelled')!;
    const email = orderEmailFor({ ...cancelled, occurredAt: cancelled.metadata.occurredAt }, s.state)!;
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.text).toContain("Aucun remboursement n'est effectué pour cette annulation.");
  });

  it('says a monthly subscription ended with the cancelled order, in the cancellation email alone', () => {
    const s = orderIn('ready_for_delivery', { billing: 'monthly' });
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false });
    const [cancelled, subscriptionEnded] = s.history
      .slice(-2)
      .map((e) => ({ ...e, occurredAt: e.metadata.occurredAt }));
    const email = orderEmailFor(cancelled!, s.state)!;
    expect(email.data).toMatchObject({ subscriptionEnded: true, subscriptionStillActive: false });
    const rendered = renderEmail(email.template, email.data as never, { publicUrl: 'https://coseso.test' });
    expect(rendered.text).toContain(
      'Votre abonnement mensuel est arrêté avec elle : aucune mensualité ne sera plus prélevée.',
    );
    expect(rendered.text).not.toContain("n'est pas arrêté");
    // Not the subscription's own email: it would say the site stays online until the period's end.
    expect(subscriptionEnded!.type).toBe('SubscriptionCancelled');
    expect(orderEmailFor(subscriptionEnded!, s.state)).toBeNull();
  });
});

describe('the reactors', () => {
  const s = orderIn('contract_signed');
  // The onboarding links the order to its client's account (the test kit's orders have no account).
  s.run({
    type: 'LinkOrderToClient',
    actor: actors.system,
    clientId: '5b1f6a8e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  });
  const events = s.history.map(stored);

  it('ask for one email job per emailing event, keyed by the event', () => {
    const jobs = events.flatMap((e) => orderEmailsReactor.react(e));
    expect(jobs.map((j) => j.jobId)).toEqual(
      events.filter((e) => sendsEmail(e.type)).map((e) => `order-email:${e.eventId}`),
    );
    expect(jobs[0]).toMatchObject({
      name: 'order-email',
      data: { orderId: '8a7c2f1e-4b5d-4c3e-9f10-112233445566', type: 'OrderPlaced' },
    });
  });

  it('onboard the client after the first payment, and issue the contract once the order is linked to its account', () => {
    const deposit = events.find((e) => e.type === 'DepositPaid')!;
    const linked = events.find((e) => e.type === 'OrderLinkedToClient')!;
    for (const [reactor, cause] of [
      [onboardingReactor, deposit],
      [contractReactor, linked],
    ] as const) {
      const jobs = events.flatMap((e) => reactor.react(e));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.jobId).toContain(cause.eventId);
      expect(jobs[0]!.data).toEqual({
        orderId: '8a7c2f1e-4b5d-4c3e-9f10-112233445566',
        eventId: cause.eventId,
      });
    }
  });

  it('ignore the other streams', () => {
    const clientEvent = { ...events[0]!, streamId: 'client-1', type: 'ClientAccountCreated' };
    expect(
      [orderEmailsReactor, onboardingReactor, contractReactor].flatMap((r) => r.react(clientEvent)),
    ).toEqual([]);
  });
});
