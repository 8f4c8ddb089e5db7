import fc from 'fast-check';
import { parisDate } from '../shared/calendar.js';
import { DomainError } from '../shared/domain-error.js';
import { type AdminActionInput, type AdminActionKey, adminActionKeys } from './admin-action-keys.js';
import { finalPaymentDue, firstPaymentDue } from './decider/payment.decider.js';
import { type OrderCommand } from './order-commands.js';
import { decide } from './order-decider.js';
import { allowedAdminActions } from './admin-actions.js';
import { failedPayment, nextStep } from './next-step.js';
import { type OrderMoveFacts, orderMoveFacts, orderMoves } from './order-moves.js';
import { statusCorrections } from './order-rules.js';
import { type OrderState } from './order-state.js';
import { type OrderStatus, orderStatuses } from './order-status.js';
import { type CommandInput, type Scenario, actors, orderIn } from './testing/order-test-kit.js';

/*
 * The list, the board and the panel compute the team's actions when they read an order, with
 * orderMoves, from the order's move facts (what the list's row stores, not the whole folded state):
 * a rule changed in the decider shows on the next read. This proves, on every order a random
 * history reaches, that the facts as stored (through JSON) give the moves the whole state gives, and
 * that the read side offers exactly what the write side accepts, the oracle being the back-office's
 * own command (RunAdminAction, CorrectStatus) put to decide().
 */

/** The facts as the list reads them back from order_summary.move_facts (jsonb). */
const stored = (state: OrderState): OrderMoveFacts =>
  JSON.parse(JSON.stringify(orderMoveFacts(state))) as OrderMoveFacts;

/** The moves the decider's functions make of the whole folded state. */
function movesOfState(state: OrderState) {
  const allowedActions = allowedAdminActions(state);
  const next = nextStep(state, allowedActions);
  return { allowedActions, nextStep: next, paymentFailedAt: failedPayment(state, next)?.at ?? null };
}

const input = (state: OrderState): AdminActionInput => ({
  reviewUrl: 'https://apercu.coseso.fr',
  deliveryUrl: 'https://site.coseso.fr',
  notes: 'Vérifié',
  reason: 'Vérification',
  paymentReference: `VIR-${state.lastActivityAt}`,
  paymentMeans: 'transfer',
  paymentDate: parisDate(state.lastActivityAt),
});

/** Accepted, and changing the order: a payment recorded again is a retry, answered with nothing. */
const accepted = (command: OrderCommand, state: OrderState) => {
  try {
    return decide(command, state).length > 0;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
};

/** One route records an offline payment, the first until it is in: the two keys are one action. */
const sameRoute = (key: AdminActionKey) =>
  key === 'record_offline_first_payment' ? 'record_offline_payment' : key;

const correctionTargets = [...new Set(statusCorrections.map((c) => c.to))];

/** What the decider accepts of the back-office, as `action` or `correct_status→to`. */
function acceptedByDecider(state: OrderState): string[] {
  const now = state.lastActivityAt;
  const base = { actor: actors.admin, now };
  const actions = adminActionKeys
    .filter((key): key is Exclude<AdminActionKey, 'correct_status'> => key !== 'correct_status')
    .filter((action) =>
      accepted({ ...base, type: 'RunAdminAction', action, input: input(state) } as OrderCommand, state),
    )
    .map(sameRoute);
  const corrections = correctionTargets
    .filter((to) => accepted({ ...base, type: 'CorrectStatus', to, reason: 'Vérification' }, state))
    .map((to) => `correct_status→${to}`);
  return [...new Set([...actions, ...corrections])].sort();
}

function offeredWhenRead(state: OrderState): string[] {
  const offered = orderMoves(stored(state)).allowedActions.map((a) =>
    a.correction ? `correct_status→${a.to}` : sameRoute(a.action),
  );
  return [...new Set(offered)].sort();
}

/** What may happen next to an order: the team's every action, the client's and the provider's moves. */
function moves(state: OrderState): CommandInput[] {
  const typed = input(state);
  const first = firstPaymentDue(state);
  const final = state.price ? finalPaymentDue(state) : null;
  return [
    ...adminActionKeys
      .filter((key): key is Exclude<AdminActionKey, 'correct_status'> => key !== 'correct_status')
      .map((action): CommandInput => ({ type: 'RunAdminAction', actor: actors.admin, action, input: typed })),
    ...correctionTargets.map((to): CommandInput => ({
      type: 'CorrectStatus',
      actor: actors.admin,
      to,
      reason: 'Vérification',
    })),
    { type: 'SubmitBrief', actor: actors.client, nothingToSend: true },
    { type: 'ApproveReview', actor: actors.client },
    { type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' },
    {
      type: 'SignContract',
      actor: actors.client,
      signerName: 'Claire Martin',
      documentSha256: state.contract.issuedSha256 ?? '',
      ip: '203.0.113.7',
    },
    ...(first
      ? [
          {
            type: 'RecordFirstPayment',
            actor: actors.provider,
            payment: { provider: 'sandbox', paymentId: `pay_first_${state.lastActivityAt}` },
            amount: first.amount,
          } as CommandInput,
        ]
      : []),
    ...(final
      ? [
          {
            type: 'RecordFinalPayment',
            actor: actors.provider,
            payment: { provider: 'sandbox', paymentId: `pay_final_${state.lastActivityAt}` },
            amount: final.amount,
            // A first month paid by card starts the subscription.
            ...(final.kind === 'first_monthly'
              ? {
                  subscription: { subscriptionId: 'sub_moves', currentPeriodEnd: '2027-01-01T00:00:00.000Z' },
                }
              : {}),
          } as CommandInput,
        ]
      : []),
  ];
}

/** A payment link opened for what is awaited, then ended unpaid; a renewal refused; a payment refunded in full. */
function linkMoves(state: OrderState): CommandInput[] {
  const at = state.lastActivityAt;
  const due = firstPaymentDue(state);
  const purpose = due
    ? due.kind
    : state.status === 'awaiting_balance_payment'
      ? 'balance'
      : state.status === 'awaiting_first_monthly_payment'
        ? 'first_month'
        : null;
  const amount = due ? due.amount : (state.finalPaymentDue?.amount ?? 0);
  const open = Object.values(state.checkouts).find((c) => c && !c.closed);
  const held = [state.firstPayment, state.finalPayment].filter((p) => p !== null);
  return [
    ...(purpose
      ? [
          {
            type: 'StartCheckout',
            actor: actors.client,
            purpose,
            amount,
            provider: 'sandbox',
            paymentId: `pay_link_${at}`,
            url: `https://coseso.test/sandbox/checkout/pay_link_${at}`,
            expiresAt: null,
          } as CommandInput,
        ]
      : []),
    ...(open
      ? (['failed', 'expired'] as const).map((outcome): CommandInput => ({
          type: 'RecordCheckoutClosed',
          actor: actors.provider,
          paymentId: open.paymentId,
          outcome,
        }))
      : []),
    ...(state.subscription.id
      ? [
          {
            type: 'RecordSubscriptionPaymentFailure',
            actor: actors.provider,
            subscriptionId: state.subscription.id,
            reason: 'Carte refusée',
          } as CommandInput,
        ]
      : []),
    ...held.map((paid): CommandInput => ({
      type: 'RecordProviderRefund',
      actor: actors.provider,
      payment: paid.payment,
      refundedTotal: paid.amount,
      refundId: `re_${paid.payment.paymentId}`,
    })),
  ];
}

/**
 * Runs the chosen move if the decider accepts it; a refused one leaves the order as it was. Half the
 * moves are the payments' (links ending unpaid, refused renewals, refunds), which a walk through
 * every command would seldom reach.
 */
function attempt(scenario: Scenario, [payments, choice]: [boolean, number]) {
  const linked = payments ? linkMoves(scenario.state) : [];
  const options = linked.length > 0 ? linked : moves(scenario.state);
  try {
    scenario.run(options[choice % options.length]!);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

const starts: [OrderStatus, 'yearly' | 'monthly'][] = orderStatuses.flatMap((status) =>
  (['yearly', 'monthly'] as const)
    .filter((billing) =>
      status === 'awaiting_first_monthly_payment'
        ? billing === 'monthly'
        : status === 'awaiting_balance_payment'
          ? billing === 'yearly'
          : true,
    )
    .map((billing): [OrderStatus, 'yearly' | 'monthly'] => [status, billing]),
);

describe('the moves computed when an order is read', () => {
  it('are, from the facts as stored, those of the whole state, and offer exactly what the decider accepts, on every order a history reaches', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.tuple(fc.boolean(), fc.nat({ max: 1_000 })), { maxLength: 12 }),
        ([status, billing], choices) => {
          const scenario = orderIn(status, { billing });
          expect(orderMoves(stored(scenario.state))).toEqual(movesOfState(scenario.state));
          expect(offeredWhenRead(scenario.state)).toEqual(acceptedByDecider(scenario.state));
          for (const choice of choices) {
            attempt(scenario, choice);
            expect(orderMoves(stored(scenario.state))).toEqual(movesOfState(scenario.state));
            expect(offeredWhenRead(scenario.state)).toEqual(acceptedByDecider(scenario.state));
            // « À faire » names one of the actions offered, never one the decider would refuse.
            const { nextStep: step, allowedActions } = orderMoves(stored(scenario.state));
            if (step.actor === 'team') expect(allowedActions.map((a) => a.action)).toContain(step.action);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the moves of an order cancelled by version 1 (the log as it was)', () => {
  it('do not offer the reactivation while a refund the team asked is pending, as the decider refuses it', () => {
    const scenario = orderIn('in_progress');
    scenario.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le client renonce', refund: false });
    const paid = scenario.state.firstPayment!;
    // What a version 1 cancellation left (credited, nothing refunded), then a « Rembourser » not yet reported.
    const state: OrderState = {
      ...scenario.state,
      cancellation: { ...scenario.state.cancellation!, guaranteeRefund: 'legacy' },
      refundRequests: [
        {
          purpose: 'deposit',
          payment: paid.payment,
          amount: paid.amount,
          reason: 'Remboursement de l’acompte',
          cause: 'team',
          requestedAt: scenario.state.lastActivityAt,
          failed: null,
        },
      ],
    };
    const offered = (s: OrderState) => orderMoves(stored(s)).allowedActions.map((a) => a.action);
    expect(offered(scenario.state)).toContain('reactivate');
    expect(offered(state)).not.toContain('reactivate');
    expect(orderMoves(stored(state))).toEqual(movesOfState(state));
  });
});
