import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import {
  type PaymentPurpose,
  type PaymentRef,
  type RefundPurpose,
  offlinePaymentMeans,
} from '@coseso/event-schemas/order/order-values';
import { formatEurosTTC } from '../../pricing/format-euros.js';
import { withVat } from '../../pricing/money.js';
import { isCalendarDay, parisDate } from '../../shared/calendar.js';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { termsOf } from '../order-terms.js';
import { heldPayments, markRefundFailed, refundLeft, refundableThroughProvider } from '../refund-requests.js';
import { adminStatusLabels } from '../order-status.js';
import { orderCommandRules } from '../order-rules.js';
import { heldAgainAfterFailedRefund, owesFirstPaymentAgain } from '../reactivation.js';
import {
  type GuardedBy,
  assertAmount,
  commandsOf,
  eventsOf,
  forbiddenTransition,
  required,
} from './decider-guards.js';

/** Payments: the links to the provider's page, the first and final payments, the account manager. */
export const isPaymentCommand = commandsOf(
  'StartCheckout',
  'RecordCheckoutClosed',
  'RecordFirstPayment',
  'RequestFinalPayment',
  'ResendPaymentLink',
  'RecordFinalPayment',
  'RecordAccountManagerPayment',
  'RecordPaymentRefund',
  'RecordPaymentRefusal',
  'RecordProviderRefund',
  'RequestRefund',
  'RecordRefundFailure',
);
export const isPaymentEvent = eventsOf(
  'CheckoutStarted',
  'OrderPlaced',
  'CheckoutClosed',
  'DepositPaid',
  'SetupFeePaid',
  'FinalPaymentRequested',
  'PaymentLinkResent',
  'BalancePaid',
  'FirstMonthlyPaymentPaid',
  'AccountManagerAdded',
  'PaymentRefunded',
  'PaymentRefused',
  'RefundRequested',
  'RefundFailed',
);

export function decidePayment(command: GuardedBy<typeof isPaymentCommand>, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'StartCheckout':
      return startCheckout(command, state);
    case 'RecordCheckoutClosed':
      return recordCheckoutClosed(command, state);
    case 'RecordFirstPayment':
      return recordFirstPayment(command, state);
    case 'RequestFinalPayment':
      return requestFinalPayment(state);
    case 'ResendPaymentLink':
      return [{ type: 'PaymentLinkResent', data: state.finalPaymentDue ?? finalPaymentDue(state) }];
    case 'RecordFinalPayment':
      return recordFinalPayment(command, state);
    case 'RecordAccountManagerPayment':
      return recordAccountManagerPayment(command, state);
    case 'RecordPaymentRefund':
      return recordPaymentRefund(command, state);
    case 'RecordProviderRefund':
      return recordProviderRefund(command, state);
    case 'RequestRefund':
      return requestRefund(command, state);
    case 'RecordPaymentRefusal':
      return recordPaymentRefusal(command, state);
    case 'RecordRefundFailure':
      return recordRefundFailure(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolvePayment(s: OrderState, event: GuardedBy<typeof isPaymentEvent>): OrderState {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'CheckoutStarted': {
      const { purpose, ...checkout } = event.data;
      return {
        ...s,
        firstPaymentRequestedAt: s.firstPaymentRequestedAt ?? at,
        checkouts: { ...s.checkouts, [purpose]: { ...checkout, startedAt: at } },
      };
    }
    case 'OrderPlaced':
      return { ...s, placed: true };
    case 'CheckoutClosed': {
      const checkout = s.checkouts[event.data.purpose];
      if (checkout?.paymentId !== event.data.paymentId) return s;
      return {
        ...s,
        checkouts: {
          ...s.checkouts,
          [event.data.purpose]: { ...checkout, closed: event.data.outcome, closedAt: at },
        },
      };
    }
    case 'DepositPaid':
    case 'SetupFeePaid':
      return {
        ...s,
        depositPaid: true,
        firstPayment: {
          ...event.data,
          paidAt: at,
          kind: event.type === 'DepositPaid' ? 'deposit' : 'setup_fee',
        },
      };
    case 'FinalPaymentRequested':
      return {
        ...s,
        firstPaymentRequestedAt: s.firstPaymentRequestedAt ?? at,
        status: event.data.kind === 'balance' ? 'awaiting_balance_payment' : 'awaiting_first_monthly_payment',
        finalPaymentDue: { kind: event.data.kind, amount: event.data.amount },
      };
    // The email is the whole of it: the order stays as it was, its activity moved.
    case 'PaymentLinkResent':
      return s;
    case 'BalancePaid':
    case 'FirstMonthlyPaymentPaid':
      return { ...s, finalPaid: true, finalPayment: { ...event.data, paidAt: at } };
    case 'AccountManagerAdded':
      return { ...s, accountManager: true, accountManagerPayment: { ...event.data, paidAt: at } };
    case 'PaymentRefunded': {
      const { purpose, ...refund } = { ...event.data, refundedAt: at };
      // A renewal is never a refused checkout's: it is the order's, as is any payment it holds.
      return purpose === 'renewal' || heldPayment(s, event.data.payment.paymentId)
        ? { ...s, providerRefunds: [...(s.providerRefunds ?? []), { ...refund, purpose }] }
        : { ...s, refunds: [...(s.refunds ?? []), { ...refund, purpose }] };
    }
    case 'RefundRequested':
      return {
        ...s,
        refundRequests: [...(s.refundRequests ?? []), { ...event.data, requestedAt: at, failed: null }],
      };
    // Nothing of the order changes: the payment was never the order's, and its refund is recorded apart.
    case 'PaymentRefused':
      return s;
    // A guarantee refund that fails after a reactivation gives the first payment back to the order.
    case 'RefundFailed':
      return heldAgainAfterFailedRefund({
        ...s,
        refundRequests: markRefundFailed(s.refundRequests ?? [], event.data.paymentId, event.data.amount, {
          at,
          error: event.data.error,
        }),
      });
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function startCheckout(command: OrderCommandOf<'StartCheckout'>, state: OrderState): OrderEvent[] {
  const due = paymentDue(state, command.purpose);
  if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');
  assertAmount(command.amount, due.amount);
  const { purpose, amount, provider, paymentId, url, expiresAt } = command;
  const started: OrderEvent = {
    type: 'CheckoutStarted',
    data: { purpose, amount, provider, paymentId, url, expiresAt },
  };
  // The first payment link is where the visitor commits (rhythm chosen, terms accepted): the
  // order is placed then, once, whatever links and changes follow.
  const places = !state.placed && (purpose === 'deposit' || purpose === 'setup_fee');
  return places
    ? [{ type: 'OrderPlaced', data: { billingPeriod: state.price!.billingPeriod } }, started]
    : [started];
}

function recordCheckoutClosed(
  command: OrderCommandOf<'RecordCheckoutClosed'>,
  state: OrderState,
): OrderEvent[] {
  // Only the latest, still open link of its purpose matters: an older one was replaced already.
  const entry = Object.entries(state.checkouts).find(([, c]) => c?.paymentId === command.paymentId);
  if (!entry || entry[1]?.closed) return [];
  const purpose = entry[0] as PaymentPurpose;
  return [
    { type: 'CheckoutClosed', data: { purpose, paymentId: command.paymentId, outcome: command.outcome } },
  ];
}

/**
 * A payment the team records by hand says which one, how and when it came in: its reference, its
 * means (transfer, cheque, cash) and its day, between the order's first payment request (or its
 * creation, when it asked none) and today, in Paris.
 */
export function assertOfflinePayment(payment: PaymentRef, now: string, state: OrderState) {
  if (payment.provider !== 'offline') return;
  required(payment.paymentId, 'paymentReference', 'La référence du paiement est requise (virement, chèque…)');
  if (!payment.means || !offlinePaymentMeans.includes(payment.means)) {
    const message = 'Le moyen de paiement est requis (virement, chèque ou espèces)';
    throw new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { paymentMeans: message });
  }
  const day = payment.receivedOn ?? '';
  const invalidDay = (message: string) =>
    new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { paymentDate: message });
  if (!isCalendarDay(day)) throw invalidDay('La date de réception du paiement est requise (jj/mm/aaaa)');
  if (day > parisDate(now))
    throw invalidDay('La date de réception du paiement ne peut pas être dans le futur');
  const earliest = earliestPaymentDay(state);
  if (earliest && day < earliest)
    throw invalidDay(
      `La date de réception du paiement ne peut pas précéder ${state.firstPaymentRequestedAt ? 'la première demande de paiement de la commande' : 'la création de la commande'} (${frenchDay(earliest)})`,
    );
}

/** The first day a payment of the order can have come in: its first payment request's, else its creation's (Paris). */
export function earliestPaymentDay(state: OrderState): string | null {
  const from = state.firstPaymentRequestedAt ?? state.createdAt;
  return from ? parisDate(from) : null;
}

const frenchDay = (day: string) => day.split('-').reverse().join('/');

/**
 * A payment the order took in once and gave back (a guarantee refund before a reactivation): the
 * provider's late or replayed notice of it is not new money, and changes nothing.
 */
const returnedAlready = (state: OrderState, paymentId: string) =>
  (state.returnedPayments ?? []).some((p) => p.payment.paymentId === paymentId);

function recordFirstPayment(command: OrderCommandOf<'RecordFirstPayment'>, state: OrderState): OrderEvent[] {
  if (returnedAlready(state, command.payment.paymentId)) return [];
  if (state.firstPayment) {
    if (state.firstPayment.payment.paymentId === command.payment.paymentId) return [];
    throw new DomainError(
      ErrorCode.ORDER_ALREADY_PAID,
      'Le premier paiement de cette commande est déjà enregistré.',
      'conflict',
    );
  }
  // Past its status, a first payment is only the team's record of money received by hand: the way on
  // for an order whose contract was forced unpaid (its account, contract and emails follow it); or
  // the one a reactivated order owes again, its first refunded by the guarantee (decision 126).
  if (
    state.status !== 'contract_ready_for_signature' &&
    command.payment.provider !== 'offline' &&
    !owesFirstPaymentAgain(state)
  )
    throw forbiddenTransition(orderCommandRules.RecordFirstPayment, state);
  const due = firstPaymentDue(state)!;
  assertAmount(command.amount, due.amount);
  assertOfflinePayment(command.payment, command.now, state);
  const data = { payment: command.payment, amount: command.amount };
  return [due.kind === 'deposit' ? { type: 'DepositPaid', data } : { type: 'SetupFeePaid', data }];
}

function requestFinalPayment(state: OrderState): OrderEvent[] {
  if (state.review.status !== 'approved') {
    throw new DomainError(
      ErrorCode.ORDER_REVIEW_NOT_APPROVED,
      "Le client doit d'abord valider la maquette.",
      'conflict',
    );
  }
  // The final payment completes a sale whose first payment is in: an order reactivated after a
  // cancellation before it (or carried on from a contract forced unpaid) owes it first (decision 126).
  const first = firstPaymentDue(state);
  if (first) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_REQUIRED,
      `${first.kind === 'deposit' ? "L'acompte" : 'Les frais de mise en service'} de ${formatEurosTTC(first.amount)} ${first.kind === 'deposit' ? "n'est pas encore réglé" : 'ne sont pas encore réglés'} : enregistrez-le avant de demander le paiement final.`,
      'conflict',
    );
  }
  // Held already: set aside by a reactivation as given back, its refund then failed (decision 126).
  // Nothing is asked again; the order is ready for delivery, as its final payment left it.
  if (state.finalPaid) return [{ type: 'MarkedReadyForDelivery', data: {} }];
  return [{ type: 'FinalPaymentRequested', data: finalPaymentDue(state) }];
}

function recordFinalPayment(command: OrderCommandOf<'RecordFinalPayment'>, state: OrderState): OrderEvent[] {
  if (state.finalPayment?.payment.paymentId === command.payment.paymentId) return [];
  if (returnedAlready(state, command.payment.paymentId)) return [];
  const due = state.finalPaymentDue ?? finalPaymentDue(state);
  assertAmount(command.amount, due.amount);
  assertOfflinePayment(command.payment, command.now, state);
  const data = { payment: command.payment, amount: command.amount };
  if (due.kind === 'balance')
    return [
      { type: 'BalancePaid', data },
      { type: 'MarkedReadyForDelivery', data: {} },
    ];
  // A month paid by hand starts nothing that renews: no subscription is recorded (nor counted) for it.
  if (command.payment.provider === 'offline') {
    if (command.subscription) {
      throw new DomainError(
        ErrorCode.ORDER_INVALID_INPUT,
        "Un premier mois payé hors ligne ne démarre pas d'abonnement : rien ne le renouvelle.",
        'invalid',
      );
    }
    return [
      { type: 'FirstMonthlyPaymentPaid', data },
      { type: 'MarkedReadyForDelivery', data: {} },
    ];
  }
  if (!command.subscription) {
    throw new DomainError(
      ErrorCode.ORDER_SUBSCRIPTION_REQUIRED,
      "Le premier mois doit démarrer l'abonnement.",
      'invalid',
    );
  }
  return [
    { type: 'FirstMonthlyPaymentPaid', data },
    {
      type: 'SubscriptionStarted',
      data: {
        subscriptionId: command.subscription.subscriptionId,
        provider: command.payment.provider,
        monthlyAmount: state.price!.monthlyWithVat,
        currentPeriodEnd: command.subscription.currentPeriodEnd,
      },
    },
    { type: 'MarkedReadyForDelivery', data: {} },
  ];
}

function recordAccountManagerPayment(
  command: OrderCommandOf<'RecordAccountManagerPayment'>,
  state: OrderState,
): OrderEvent[] {
  if (state.accountManagerPayment) {
    if (state.accountManagerPayment.payment.paymentId === command.payment.paymentId) return [];
    throw new DomainError(
      ErrorCode.ORDER_ALREADY_PAID,
      'Le chargé de compte de cette commande est déjà payé.',
      'conflict',
    );
  }
  const due = paymentDue(state, 'account_manager');
  if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');
  assertAmount(command.amount, due.amount);
  return [{ type: 'AccountManagerAdded', data: { payment: command.payment, amount: command.amount } }];
}

/**
 * What a payment of `purpose` must be for this order now, VAT included, or why none is due. The
 * checkout is created for this amount, and the webhook's amount is checked against it.
 */
export function paymentDue(
  state: OrderState,
  purpose: PaymentPurpose,
): { amount: number } | { problem: string } {
  const label = `statut « ${adminStatusLabels[state.status]} »`;
  switch (purpose) {
    case 'deposit':
    case 'setup_fee': {
      const due = firstPaymentDue(state);
      // Asked with the contract, or again after a reactivation: the guarantee gave the first back.
      const asked = state.status === 'contract_ready_for_signature' || owesFirstPaymentAgain(state);
      if (!asked || !due || state.status === 'cancelled') {
        return { problem: `Aucun premier paiement n'est attendu pour cette commande (${label}).` };
      }
      if ((purpose === 'deposit') !== (due.kind === 'deposit')) {
        return {
          problem:
            due.kind === 'deposit'
              ? 'Cette commande est en paiement annuel : le premier paiement est un acompte.'
              : 'Cette commande est en abonnement mensuel : le premier paiement est celui des frais de mise en service.',
        };
      }
      return { amount: due.amount };
    }
    case 'balance':
    case 'first_month': {
      const expected = purpose === 'balance' ? 'awaiting_balance_payment' : 'awaiting_first_monthly_payment';
      if (state.status !== expected || !state.finalPaymentDue) {
        const what = purpose === 'balance' ? 'solde' : 'premier mois';
        return { problem: `Aucun ${what} n'est attendu pour cette commande (${label}).` };
      }
      return { amount: state.finalPaymentDue.amount };
    }
    case 'account_manager':
      if (!state.depositPaid || state.status === 'cancelled') {
        return { problem: `Le chargé de compte s'ajoute une fois la commande payée (${label}).` };
      }
      if (state.accountManager) return { problem: 'Cette commande a déjà un chargé de compte.' };
      // The order's catalogue version's price, not the one in force: the checkout and the webhook
      // that checks it agree whatever is published between them.
      return { amount: withVat(termsOf(state).accountManager.yearlyPriceHT) };
    case 'card_update':
      if (state.subscription.status !== 'active')
        return { problem: "Cette commande n'a pas d'abonnement actif." };
      return { amount: 0 };
    default: {
      const _exhaustive: never = purpose;
      return _exhaustive;
    }
  }
}

/** What the first payment must be: the yearly deposit or the monthly setup fee, VAT included. */
export function firstPaymentDue(state: OrderState): { kind: 'deposit' | 'setup_fee'; amount: number } | null {
  if (!state.price || state.depositPaid) return null;
  return {
    kind: state.price.billingPeriod === 'yearly' ? 'deposit' : 'setup_fee',
    amount: state.price.depositWithVat,
  };
}

/** What the final payment must be: the yearly balance or the first month, VAT included. */
export function finalPaymentDue(state: OrderState): { kind: 'balance' | 'first_monthly'; amount: number } {
  const price = state.price!;
  return price.billingPeriod === 'yearly'
    ? { kind: 'balance', amount: price.remainingWithVat }
    : { kind: 'first_monthly', amount: price.monthlyWithVat };
}

/**
 * A payment the order refused (paid on a link that was stale or expired) and that the provider has
 * refunded: recorded once, so that the team sees it. A payment the order holds is never refunded.
 */
function recordPaymentRefund(
  command: OrderCommandOf<'RecordPaymentRefund'>,
  state: OrderState,
): OrderEvent[] {
  const { purpose, payment, amount, refundId, reason } = command;
  if ((state.refunds ?? []).some((r) => r.payment.paymentId === payment.paymentId)) return [];
  if (heldPayment(state, payment.paymentId)) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_HELD,
      'Ce paiement est enregistré sur la commande : il ne peut pas être noté comme remboursé.',
      'conflict',
    );
  }
  return [
    {
      type: 'PaymentRefunded',
      data: {
        purpose,
        payment,
        amount,
        refundId,
        reason: required(reason, 'reason', 'La raison est requise'),
      },
    },
  ];
}

/** The payment the order accepted under this id (a renewal's among them), and what it was for; null for any other. */
export function heldPayment(
  state: OrderState,
  paymentId: string,
): { purpose: RefundPurpose; amount: number } | null {
  if (state.firstPayment?.payment.paymentId === paymentId)
    return { purpose: state.firstPayment.kind, amount: state.firstPayment.amount };
  if (state.finalPayment?.payment.paymentId === paymentId)
    return {
      purpose: state.finalPaymentDue?.kind === 'first_monthly' ? 'first_month' : 'balance',
      amount: state.finalPayment.amount,
    };
  if (state.accountManagerPayment?.payment.paymentId === paymentId)
    return { purpose: 'account_manager', amount: state.accountManagerPayment.amount };
  const renewal = state.subscription.renewalPayments?.find((r) => r.payment.paymentId === paymentId);
  if (renewal) return { purpose: 'renewal', amount: renewal.amount };
  // Given back by the guarantee and owed again since a reactivation: still the order's, for its reports.
  const returned = state.returnedPayments?.find((r) => r.payment.paymentId === paymentId);
  if (returned) return { purpose: returned.purpose, amount: returned.amount };
  return null;
}

export const PROVIDER_REFUND_REASON = 'Remboursement effectué chez le prestataire de paiement';
export const PROVIDER_PARTIAL_REFUND_REASON =
  'Remboursement partiel effectué chez le prestataire de paiement';

/** A refund of a payment the order had accepted (its invoice is credited), told by its reason. */
export const isProviderRefund = (reason: string) =>
  reason === PROVIDER_REFUND_REASON || reason === PROVIDER_PARTIAL_REFUND_REASON;

/**
 * A refund the provider reports of a payment the order accepted (a checkout's or a renewal's):
 * recorded as the part refunded since the refunds already recorded of it (the provider says the
 * running total, and repeats itself), so each part is noted once and its invoice credited for it.
 * A payment the order refused was never invoiced: its refund (the order's own, of a stale link,
 * reported back) adds nothing. A payment the order has not heard of yet (the refund's report
 * overtook the payment's) is refused for now, so that the report is delivered again once it has.
 */
function recordProviderRefund(
  command: OrderCommandOf<'RecordProviderRefund'>,
  state: OrderState,
): OrderEvent[] {
  const held = heldPayment(state, command.payment.paymentId);
  if (!held) {
    if ((state.refunds ?? []).some((r) => r.payment.paymentId === command.payment.paymentId)) return [];
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_NOT_RECORDED_YET,
      "Ce paiement n'est pas encore enregistré sur la commande : son remboursement le sera après lui.",
      'conflict',
    );
  }
  const recorded = (state.providerRefunds ?? [])
    .filter((r) => r.payment.paymentId === command.payment.paymentId)
    .reduce((sum, r) => sum + r.amount, 0);
  const refundedTotal = Math.min(command.refundedTotal, held.amount);
  const amount = refundedTotal - recorded;
  if (amount <= 0) return [];
  return [
    {
      type: 'PaymentRefunded',
      data: {
        purpose: held.purpose,
        payment: command.payment,
        amount,
        refundId: command.refundId,
        reason: refundedTotal < held.amount ? PROVIDER_PARTIAL_REFUND_REASON : PROVIDER_REFUND_REASON,
      },
    },
  ];
}

const refundInvalid = (field: string, message: string) =>
  new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { [field]: message });

/**
 * « Rembourser » on a payment the order holds: all or part of what is left of it (what it paid, less
 * what was refunded or asked back already), with the team's reason. Only a card payment: the
 * provider gives it back; the refund reactor asks it afterwards, and its report credits the invoice.
 */
function requestRefund(command: OrderCommandOf<'RequestRefund'>, state: OrderState): OrderEvent[] {
  const payment = heldPayments(state).find((p) => p.payment.paymentId === command.paymentId);
  if (!payment) throw refundInvalid('paymentId', "Ce paiement n'est pas un paiement de cette commande.");
  if (!refundableThroughProvider(payment))
    throw refundInvalid(
      'paymentId',
      'Un paiement reçu hors ligne (virement, chèque, espèces) se rembourse hors de l’application : le prestataire de paiement ne le détient pas.',
    );
  const reason = required(command.reason ?? '', 'reason', 'Le motif du remboursement est requis');
  const left = refundLeft(state, payment);
  if (left === 0) throw refundInvalid('amount', 'Ce paiement est déjà entièrement remboursé.');
  if (!Number.isInteger(command.amount) || command.amount < 1)
    throw refundInvalid('amount', 'Le montant à rembourser doit être d’au moins 0,01 €.');
  if (command.amount > left)
    throw refundInvalid(
      'amount',
      `Le montant à rembourser dépasse ce qui reste de ce paiement (${formatEurosTTC(left)}).`,
    );
  return [
    {
      type: 'RefundRequested',
      data: {
        purpose: payment.purpose,
        payment: payment.payment,
        amount: command.amount,
        reason,
        cause: 'team',
      },
    },
  ];
}

/** The refund reactor gave up on a request: recorded once per request (its event's id), by the system. */
/**
 * A payment the provider reported that the order cannot accept (paid on a link that was stale or
 * expired by then): refused, the decision recorded once (a payment already refunded is not refused
 * again), and refunded afterwards by the reactor keyed by the refusal. A payment the order holds is
 * never refused.
 */
function recordPaymentRefusal(
  command: OrderCommandOf<'RecordPaymentRefusal'>,
  state: OrderState,
): OrderEvent[] {
  const { purpose, payment, amount, reason, subscriptionId } = command;
  if ((state.refunds ?? []).some((r) => r.payment.paymentId === payment.paymentId)) return [];
  if (heldPayment(state, payment.paymentId))
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_HELD,
      'Ce paiement est enregistré sur la commande : il ne peut pas être refusé.',
      'conflict',
    );
  return [
    {
      type: 'PaymentRefused',
      data: {
        purpose,
        payment,
        amount,
        reason: required(reason, 'reason', 'La raison est requise'),
        subscriptionId,
      },
    },
  ];
}

function recordRefundFailure(
  command: OrderCommandOf<'RecordRefundFailure'>,
  state: OrderState,
): OrderEvent[] {
  // A refused payment's refund: failed unless the refund was recorded meanwhile.
  const outstanding = command.refused
    ? !(state.refunds ?? []).some((r) => r.payment.paymentId === command.paymentId)
    : (state.refundRequests ?? []).some(
        (r) => !r.failed && r.payment.paymentId === command.paymentId && r.amount === command.amount,
      );
  if (!outstanding) return [];
  const { requestEventId, paymentId, amount, attempts, error } = command;
  return [
    {
      type: 'RefundFailed',
      data: { requestEventId, paymentId, amount, attempts, error: error.slice(0, 1000) },
    },
  ];
}
