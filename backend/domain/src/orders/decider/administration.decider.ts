import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type GuaranteeRefundDecision } from '@coseso/event-schemas/order/order-values';
import { emailAddressMessages, emailAddressProblem } from '../../shared/email-address.js';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type CommandRule, isCorrection } from '../order-rules.js';
import { type OrderState } from '../order-state.js';
import { type OrderStatus } from '../order-status.js';
import { legacyRefundPending, reactivationPlan } from '../reactivation.js';
import { GUARANTEE_REFUND_REASON, guaranteeRefunds, withinGuarantee } from '../refund-requests.js';
import { type GuardedBy, commandsOf, eventsOf, forbiddenTransition, required } from './decider-guards.js';

/** The team's hand on the workflow: cancelling, reactivating, and the corrections of the table. */
export const isAdministrationCommand = commandsOf(
  'CancelOrder',
  'ReactivateOrder',
  'CorrectStatus',
  'CorrectContactEmail',
);
export const isAdministrationEvent = eventsOf(
  'OrderCancelled',
  'OrderReactivated',
  'StatusCorrected',
  'ContactEmailCorrected',
);

export function decideAdministration(
  command: GuardedBy<typeof isAdministrationCommand>,
  state: OrderState,
  rule: CommandRule,
): OrderEvent[] {
  switch (command.type) {
    case 'CancelOrder':
      return cancelOrder(command, state);
    case 'ReactivateOrder':
      return reactivateOrder(command, state);
    case 'CorrectStatus':
      return correctStatus(command, state, rule);
    case 'CorrectContactEmail':
      return correctContactEmail(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveAdministration(
  s: OrderState,
  event: GuardedBy<typeof isAdministrationEvent>,
): OrderState {
  switch (event.type) {
    case 'OrderCancelled':
      return {
        ...s,
        status: 'cancelled',
        cancellation: {
          cancelledAt: event.metadata.occurredAt,
          reason: event.data.reason,
          previousStatus: event.data.previousStatus,
          guaranteeRefund: event.data.guaranteeRefund,
        },
      };
    case 'OrderReactivated':
      return reactivated(s, event.data, event.metadata.occurredAt);
    case 'StatusCorrected':
      return correct(s, event.data.to);
    case 'ContactEmailCorrected':
      return { ...s, form: { ...s.form, contactEmail: event.data.email } };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * The cancellation, and what the 14-day guarantee gives back: within it, the card payments the order
 * holds are refunded through the provider (one RefundRequested each, made afterwards by the refund
 * reactor; each credit note follows its refund's report), unless the team chooses no refund, which
 * the cancellation records and the client is told plainly. A payment received by hand is not the
 * provider's to refund.
 */
function cancelOrder(command: OrderCommandOf<'CancelOrder'>, state: OrderState): OrderEvent[] {
  // The team says why, for the history, the panel and whoever reactivates it later.
  const reason = required(command.reason ?? '', 'reason', "Le motif de l'annulation est requis");
  const within = withinGuarantee(state, command.now);
  const due = within ? guaranteeRefunds(state) : [];
  const declined = due.length > 0 && command.refund === false;
  const refunds = declined ? [] : due;
  const guaranteeRefund: GuaranteeRefundDecision = declined
    ? 'declined'
    : refunds.length > 0
      ? 'requested'
      : 'none_due';
  return [
    { type: 'OrderCancelled', data: { reason, previousStatus: state.status, guaranteeRefund } },
    ...subscriptionEndedWithOrder(command, state),
    ...refunds.map(({ payment, amount }): OrderEvent => ({
      type: 'RefundRequested',
      data: {
        purpose: payment.purpose,
        payment: payment.payment,
        amount,
        reason: GUARANTEE_REFUND_REASON,
        cause: 'guarantee',
      },
    })),
  ];
}

/**
 * The team resumes a cancelled order, for a reason, where it stood (decision 126): the plan says the
 * status and what the guarantee gave back, owed again.
 */
function reactivateOrder(command: OrderCommandOf<'ReactivateOrder'>, state: OrderState): OrderEvent[] {
  const reason = required(command.reason ?? '', 'reason', 'Le motif de la réactivation est requis');
  if (legacyRefundPending(state))
    throw new DomainError(
      ErrorCode.ORDER_REFUND_PENDING,
      'Un remboursement demandé au prestataire est en cours sur cette commande : réactivez-la une fois qu’il est fait (ou qu’il a échoué), pour que ce qu’elle conserve soit facturé au juste montant.',
      'conflict',
    );
  return [{ type: 'OrderReactivated', data: { reason, ...reactivationPlan(state) } }];
}

type Reactivated = Extract<OrderEvent, { type: 'OrderReactivated' }>['data'];

/**
 * The order resumes at its status; a payment given back is set aside (still the order's for its late
 * refund reports), so that it is owed again; a final payment no longer asked is no longer due.
 */
function reactivated(s: OrderState, data: Reactivated, at: string): OrderState {
  const returned = [
    ...(s.returnedPayments ?? []),
    ...(data.firstPaymentOwed && s.firstPayment ? [{ ...s.firstPayment, purpose: s.firstPayment.kind }] : []),
    ...(data.finalPaymentOwed && s.finalPayment
      ? [
          {
            ...s.finalPayment,
            purpose:
              s.finalPaymentDue?.kind === 'first_monthly' ? ('first_month' as const) : ('balance' as const),
          },
        ]
      : []),
  ];
  const finalPaid = s.finalPaid && !data.finalPaymentOwed;
  const finalAsked =
    data.status === 'awaiting_balance_payment' ||
    data.status === 'awaiting_first_monthly_payment' ||
    data.status === 'ready_for_delivery';
  return {
    ...s,
    status: data.status,
    cancellation: null,
    reactivation: { reactivatedAt: at, reason: data.reason },
    ...(returned.length > 0 ? { returnedPayments: returned } : {}),
    ...(data.firstPaymentOwed ? { depositPaid: false, firstPayment: null } : {}),
    ...(data.finalPaymentOwed ? { finalPaid: false, finalPayment: null } : {}),
    finalPaymentDue: finalAsked || finalPaid ? s.finalPaymentDue : null,
  };
}

/**
 * A cancelled order hosts no site, so its running subscription ends with it, at once: decided with the
 * cancellation, so that no reader ever sees a cancelled order still subscribed; the provider is told
 * afterwards by a job (decision 94).
 */
function subscriptionEndedWithOrder(command: OrderCommandOf<'CancelOrder'>, state: OrderState): OrderEvent[] {
  const { status, id } = state.subscription;
  if (status !== 'active' || !id) return [];
  return [
    {
      type: 'SubscriptionCancelled',
      data: { subscriptionId: id, reason: 'Commande annulée', expiresAt: command.now, endedWithOrder: true },
    },
  ];
}

function correctStatus(
  command: OrderCommandOf<'CorrectStatus'>,
  state: OrderState,
  rule: CommandRule,
): OrderEvent[] {
  if (!isCorrection(state.status, command.to)) throw forbiddenTransition(rule, state);
  if (command.to === 'contract_signed' && !state.formCompleted) throw forbiddenTransition(rule, state);
  return [
    {
      type: 'StatusCorrected',
      data: {
        from: state.status,
        to: command.to,
        reason: required(command.reason, 'reason', 'La raison de la correction est requise'),
      },
    },
  ];
}

/** The mailer's address rule, lower-cased as accounts keep it; a change of address, with the team's reason. */
function correctContactEmail(
  command: OrderCommandOf<'CorrectContactEmail'>,
  state: OrderState,
): OrderEvent[] {
  const email = required(command.email, 'email', "L'email est requis").toLowerCase();
  const problem = emailAddressProblem(email);
  if (problem) {
    const message = emailAddressMessages[problem];
    throw new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { email: message });
  }
  if (email === (state.form.contactEmail ?? '').trim().toLowerCase()) {
    const message = "C'est déjà l'email de cette commande.";
    throw new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { email: message });
  }
  const reason = required(command.reason, 'reason', 'Le motif de la correction est requis');
  const resend = [...new Set(command.resend ?? [])];
  return [{ type: 'ContactEmailCorrected', data: { email, reason, resend } }];
}

/** What a correction resets, beyond the status (spec §4.5: back to brief means the brief is no longer validated). */
function correct(s: OrderState, to: OrderStatus): OrderState {
  switch (to) {
    case 'brief':
      return {
        ...s,
        status: to,
        brief: { ...s.brief, validated: false, validatedAt: null, validatedBy: null },
      };
    case 'in_progress':
      return {
        ...s,
        status: to,
        finalPaymentDue: null,
        review: { ...s.review, status: 'pending', approval: null },
      };
    case 'contract_signed':
      return { ...s, status: to, contract: { ...s.contract, signed: true, signedAt: null, forced: true } };
    default:
      return { ...s, status: to };
  }
}
