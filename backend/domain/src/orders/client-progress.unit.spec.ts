import { resumableStatuses } from './reactivation.js';
import { finalPaymentDue, firstPaymentDue } from './decider/payment.decider.js';
import { CLIENT_JOURNEY_STAGES, clientJourneyStage, clientProgressPercent } from './client-progress.js';
import { decide } from './order-decider.js';
import { type RuledOrderCommandType, orderCommandRules } from './order-rules.js';
import { type OrderState } from './order-state.js';
import { evolve } from './order-evolve.js';
import { type OrderStatus, orderStatuses } from './order-status.js';
import { toOrderView } from './order-view.js';
import {
  type CommandInput,
  type Scenario,
  actors,
  filledForm,
  minutesLater,
  orderIn,
  recorded,
} from './testing/order-test-kit.js';
import { DomainError } from '../shared/domain-error.js';

const progressOf = (state: OrderState) => clientProgressPercent(toOrderView(state));

type Sample = (state: OrderState) => Record<string, unknown>;

/**
 * One command of each type of the table, as its sender would write it on this order: every command
 * that changes a status or a fact the progress reads (the checkout's and refunds' bookkeeping, which
 * change neither, are left out).
 */
const samples: Partial<Record<RuledOrderCommandType, Sample>> = {
  SaveWizardProgress: () => ({ form: { companyName: 'Boulangerie Martin et fils' } }),
  CompleteOrderForm: () => ({ form: filledForm() }),
  RecordFirstPayment: (state) => ({
    payment: { provider: 'sandbox', paymentId: 'pay_first' },
    amount: firstPaymentDue(state)?.amount ?? 1,
  }),
  SignContract: () => ({
    signerName: 'Claire Martin',
    documentSha256: 'a'.repeat(64),
    ip: '203.0.113.7',
  }),
  OpenBrief: () => ({}),
  UploadBriefFile: () => ({
    file: {
      fileId: 'f-1',
      category: 'logo',
      originalName: 'logo.png',
      storedName: 'stored-logo',
      size: 1_000,
      mimeType: 'image/png',
      kind: 'image',
    },
  }),
  DeleteBriefFile: () => ({ fileId: 'f-0' }),
  SubmitBrief: () => ({ nothingToSend: true }),
  ValidateBrief: () => ({ notes: 'Complet' }),
  RequestMoreElements: () => ({ message: 'Il manque le logo.' }),
  StartProduction: () => ({}),
  SendReviewLink: () => ({ reviewUrl: 'https://preview.coseso.fr/martin' }),
  RequestChanges: () => ({ feedback: 'Le logo plus grand' }),
  CompleteChanges: () => ({ reviewUrl: 'https://preview.coseso.fr/martin-2' }),
  ApproveReview: () => ({}),
  RequestFinalPayment: () => ({}),
  RecordFinalPayment: (state) => ({
    payment: { provider: 'sandbox', paymentId: 'pay_final' },
    amount: state.price ? finalPaymentDue(state).amount : 1,
    ...(state.price?.billingPeriod === 'monthly'
      ? { subscription: { subscriptionId: 'sub_1', currentPeriodEnd: minutesLater(60 * 24 * 31) } }
      : {}),
  }),
  FinalizeDelivery: () => ({ siteUrl: 'boulangerie-martin.fr' }),
  ReactivateOrder: () => ({ reason: 'Le client reprend' }),
  CorrectContactEmail: () => ({ email: 'contact@boulangerie-martin.fr', reason: 'Adresse corrigée' }),
  RecordSubscriptionRenewal: () => ({
    subscriptionId: 'sub_1',
    payment: { provider: 'sandbox', paymentId: 'pay_renewal' },
    amount: 1,
    currentPeriodEnd: minutesLater(60 * 24 * 62),
  }),
  RecordSubscriptionPaymentFailure: () => ({ subscriptionId: 'sub_1', reason: 'Carte refusée' }),
  CancelSubscription: () => ({ reason: null }),
  RecordCheckoutClosed: () => ({ paymentId: 'pay_first', outcome: 'failed' }),
  IssueContract: () => ({ documentSha256: 'a'.repeat(64), templateVersion: 1 }),
  LinkOrderToClient: () => ({ clientId: 'client-1' }),
};

const run = (s: Scenario, command: CommandInput) => {
  s.run(command);
  return s;
};

/** Every moment an order can be at: each status on both rhythms, and the in-between facts of a status. */
function everyStartingPoint(): OrderState[] {
  const points: OrderState[] = [];
  for (const billing of ['yearly', 'monthly'] as const) {
    for (const status of orderStatuses) {
      if (status === 'awaiting_balance_payment' && billing === 'monthly') continue;
      if (status === 'awaiting_first_monthly_payment' && billing === 'yearly') continue;
      points.push(orderIn(status, { billing }).state);
    }
    const paid = orderIn('contract_ready_for_signature', { billing });
    const due = firstPaymentDue(paid.state)!;
    run(paid, {
      type: 'RecordFirstPayment',
      actor: actors.provider,
      payment: { provider: 'sandbox', paymentId: 'pay_first' },
      amount: due.amount,
    });
    points.push(paid.state);
    run(paid, {
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'a'.repeat(64),
      templateVersion: 1,
    });
    points.push(paid.state);
    points.push(
      run(orderIn('en_revision', { billing }), { type: 'ApproveReview', actor: actors.client }).state,
    );
    points.push(
      run(orderIn('brief', { billing }), { type: 'ValidateBrief', actor: actors.admin, notes: 'ok' }).state,
    );
    // Cancelled in each status it can be, the money kept: reactivated, it resumes there.
    for (const status of resumableStatuses) {
      if (status === 'awaiting_balance_payment' && billing === 'monthly') continue;
      if (status === 'awaiting_first_monthly_payment' && billing === 'yearly') continue;
      points.push(
        run(orderIn(status, { billing }), {
          type: 'CancelOrder',
          actor: actors.admin,
          reason: 'Demande du client',
          refund: false,
        }).state,
      );
    }
    // Reactivated in review, the guarantee's refunds asked: the first payment's made (paid again
    // since), the final payment's failed: held again, the team's request finds it paid (decision 126).
    const held = orderIn('ready_for_delivery', { billing });
    held.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' });
    held.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    const [first, final] = held.state.refundRequests!;
    held.run({
      type: 'RecordProviderRefund',
      actor: actors.provider,
      payment: first!.payment,
      refundedTotal: first!.amount,
      refundId: 're_first',
    });
    held.run({
      type: 'RecordRefundFailure',
      actor: actors.system,
      requestEventId: '6b0c1a52-6c1e-4c36-9a5e-000000000003',
      paymentId: final!.payment.paymentId,
      amount: final!.amount,
      attempts: 5,
      error: 'Carte expirée',
    });
    held.run({
      type: 'RecordFirstPayment',
      actor: actors.admin,
      payment: { provider: 'offline', paymentId: 'VIR-held', receivedOn: '2026-11-22', means: 'transfer' },
      amount: firstPaymentDue(held.state)!.amount,
      now: '2026-11-22T20:00:00.000Z',
    });
    points.push(held.state);
  }
  return points;
}

/** What deciding `command` on `state` leads to, or null when the table refuses it. */
function after(state: OrderState, command: CommandInput): OrderState | null {
  const now = minutesLater(10_000);
  try {
    const events = decide({ ...command, now } as never, state);
    return recorded(events, command.actor, now).reduce(evolve, state);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

describe('the progress of the client area only moves forward', () => {
  it('the stages are in the order of their percents, whole numbers from 5 to 100', () => {
    const percents = CLIENT_JOURNEY_STAGES.map((stage) => clientProgressPercent({ ...stageFacts[stage] }));
    expect(percents).toEqual([...percents].sort((a, b) => a! - b!));
    expect(new Set(percents).size).toBe(percents.length);
    expect(percents.every((p) => Number.isInteger(p))).toBe(true);
    expect(percents.at(-1)).toBe(100);
  });

  it('over every transition of the table, by every actor allowed to make it, the percent never goes down', () => {
    const moved = new Set<string>();
    const backwards: string[] = [];
    for (const state of everyStartingPoint()) {
      for (const [type, sample] of Object.entries(samples)) {
        for (const kind of orderCommandRules[type as RuledOrderCommandType].who) {
          const command = { type, actor: actors[kind], ...sample!(state) } as CommandInput;
          const next = after(state, command);
          if (!next) continue;
          const [before, then] = [progressOf(state), progressOf(next)];
          if (state.status !== next.status) moved.add(`${type}:${state.status}->${next.status}`);
          if (before !== null && then !== null && then < before)
            backwards.push(`${type} by ${kind}: ${state.status} ${before} % -> ${next.status} ${then} %`);
        }
      }
    }
    expect(backwards).toEqual([]);
    // Every status change the table lists (but the team's corrections and cancellation) was tried.
    const expected = Object.entries(orderCommandRules).flatMap(([type, rule]) =>
      rule.to === undefined || type === 'CancelOrder' || type === 'CorrectStatus'
        ? []
        : rule.from.flatMap((from) => [rule.to!].flat().map((to) => `${type}:${from}->${to}`)),
    );
    const reachable = expected.filter(
      (t) => !t.endsWith('->pending') || t.startsWith('SaveWizardProgress:contract_ready'),
    );
    for (const transition of reachable.filter((t) => !isSameStatus(t)))
      expect([...moved]).toContain(transition);
  });

  it('a brief sent back and the review rounds stay at the same percent; the approval moves it on', () => {
    const brief = orderIn('brief');
    const atBrief = progressOf(brief.state);
    run(brief, { type: 'RequestMoreElements', actor: actors.admin, message: 'Il manque le logo.' });
    expect(progressOf(brief.state)).toBe(atBrief);
    const review = orderIn('en_revision');
    const atReview = progressOf(review.state);
    run(review, { type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' });
    expect(progressOf(review.state)).toBe(atReview);
    run(review, { type: 'CompleteChanges', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/m2' });
    expect(progressOf(review.state)).toBe(atReview);
    run(review, { type: 'ApproveReview', actor: actors.client });
    expect(progressOf(review.state)).toBeGreaterThan(atReview!);
    run(review, { type: 'RequestFinalPayment', actor: actors.admin });
    expect(progressOf(review.state)).toBe(80);
  });

  it('a cancelled order shows no percent; reactivated, it is back where it was', () => {
    const s = orderIn('cancelled');
    expect(progressOf(s.state)).toBeNull();
    run(s, { type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
    expect(clientJourneyStage(toOrderView(s.state))).toBe('development');
  });

  it('only a correction by the team moves it back, to where the order is sent', () => {
    const s = orderIn('awaiting_balance_payment');
    const next = after(s.state, {
      type: 'CorrectStatus',
      actor: actors.admin,
      to: 'in_progress',
      reason: 'Maquette à reprendre',
    })!;
    expect(clientJourneyStage(toOrderView(next))).toBe('development');
  });
});

const isSameStatus = (transition: string) => {
  const [from, to] = transition.split(':')[1]!.split('->');
  return from === to;
};

const stageFacts: Record<
  (typeof CLIENT_JOURNEY_STAGES)[number],
  { status: OrderStatus; depositPaid: boolean; contractSigned: boolean; reviewStatus: 'pending' | 'approved' }
> = {
  'to-pay': { status: 'pending', depositPaid: false, contractSigned: false, reviewStatus: 'pending' },
  contract: {
    status: 'contract_ready_for_signature',
    depositPaid: true,
    contractSigned: false,
    reviewStatus: 'pending',
  },
  'brief-opening': {
    status: 'contract_signed',
    depositPaid: true,
    contractSigned: true,
    reviewStatus: 'pending',
  },
  brief: { status: 'brief_pending', depositPaid: true, contractSigned: true, reviewStatus: 'pending' },
  development: { status: 'in_progress', depositPaid: true, contractSigned: true, reviewStatus: 'pending' },
  review: { status: 'en_revision', depositPaid: true, contractSigned: true, reviewStatus: 'pending' },
  approved: { status: 'en_revision', depositPaid: true, contractSigned: true, reviewStatus: 'approved' },
  'final-payment': {
    status: 'awaiting_balance_payment',
    depositPaid: true,
    contractSigned: true,
    reviewStatus: 'approved',
  },
  delivery: {
    status: 'ready_for_delivery',
    depositPaid: true,
    contractSigned: true,
    reviewStatus: 'approved',
  },
  delivered: { status: 'delivered', depositPaid: true, contractSigned: true, reviewStatus: 'approved' },
};
