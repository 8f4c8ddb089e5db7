import fc from 'fast-check';
import { parisDate } from '../shared/calendar.js';
import { DomainError } from '../shared/domain-error.js';
import { type AdminActionInput, type AdminActionKey, adminActionKeys } from './admin-action-keys.js';
import { finalPaymentDue, firstPaymentDue } from './decider/payment.decider.js';
import { type OrderCommand } from './order-commands.js';
import { decide } from './order-decider.js';
import { orderMoves } from './order-moves.js';
import { statusCorrections } from './order-rules.js';
import { type OrderState } from './order-state.js';
import { type OrderStatus, orderStatuses } from './order-status.js';
import { type CommandInput, type Scenario, actors, orderIn } from './testing/order-test-kit.js';

/*
 * The list, the board and the panel compute the team's actions when they read an order, with
 * orderMoves, instead of reading what a projector stored: a rule changed in the decider shows on the
 * next read. This proves the read side offers exactly what the write side accepts, on every order
 * a random history reaches, the oracle being the back-office's own command (RunAdminAction,
 * CorrectStatus) put to decide().
 */

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
  const offered = orderMoves(state).allowedActions.map((a) =>
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
          } as CommandInput,
        ]
      : []),
  ];
}

/** Runs the chosen move if the decider accepts it; a refused one leaves the order as it was. */
function attempt(scenario: Scenario, choice: number) {
  const options = moves(scenario.state);
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
  it('offer exactly the back-office commands the decider accepts, on every order a history reaches', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.nat({ max: 1_000 }), { maxLength: 12 }),
        ([status, billing], choices) => {
          const scenario = orderIn(status, { billing });
          expect(offeredWhenRead(scenario.state)).toEqual(acceptedByDecider(scenario.state));
          for (const choice of choices) {
            attempt(scenario, choice);
            expect(offeredWhenRead(scenario.state)).toEqual(acceptedByDecider(scenario.state));
            // « À faire » names one of the actions offered, never one the decider would refuse.
            const step = orderMoves(scenario.state).nextStep;
            if (step.actor === 'team')
              expect(orderMoves(scenario.state).allowedActions.map((a) => a.action)).toContain(step.action);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
