import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, eventsOf } from './decider-guards.js';

export const isEmailFailureEvent = eventsOf('OrderEmailFailed');
export const isUnopenedCheckoutEvent = eventsOf('UnopenedCheckoutPaid');

/**
 * The email queue gave up on an email of this order: recorded once per email (its key), by the
 * system, in any status; the order is otherwise unchanged.
 */
export function recordEmailFailure(
  command: OrderCommandOf<'RecordEmailFailure'>,
  state: OrderState,
): OrderEvent[] {
  if (command.actor.kind !== 'system')
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      "Vous n'êtes pas autorisé à signaler un email non remis.",
      'forbidden',
    );
  if ((state.emailFailures ?? []).some((failure) => failure.emailKey === command.emailKey)) return [];
  const { template, recipient, emailKey, since, attempts, error } = command;
  return [
    {
      type: 'OrderEmailFailed',
      data: { template, recipient, emailKey, since, attempts, error: error.slice(0, 1000) },
    },
  ];
}

/** Shown on the order until further notice; not activity on it (its last activity stays). */
export const evolveEmailFailure = (
  state: OrderState,
  event: GuardedBy<typeof isEmailFailureEvent>,
): OrderState => ({
  ...state,
  emailFailures: [...(state.emailFailures ?? []), { ...event.data, failedAt: event.metadata.occurredAt }],
});

/**
 * A signed payment named the order for a checkout it never opened: not the order's payment, but a
 * fact for the team to look at (« Paiement reçu pour un lien que la commande n'a pas ouvert »). Noted
 * once per payment, by the provider, in any status; the order is otherwise unchanged.
 */
export function recordUnopenedCheckoutPayment(
  command: OrderCommandOf<'RecordUnopenedCheckoutPayment'>,
  state: OrderState,
): OrderEvent[] {
  if (command.actor.kind !== 'provider')
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      "Vous n'êtes pas autorisé à signaler un paiement du fournisseur.",
      'forbidden',
    );
  if ((state.unopenedCheckoutPayments ?? []).some((p) => p.payment.paymentId === command.payment.paymentId))
    return [];
  const { purpose, payment, amount } = command;
  return [{ type: 'UnopenedCheckoutPaid', data: { purpose, payment, amount } }];
}

export const evolveUnopenedCheckout = (
  state: OrderState,
  event: GuardedBy<typeof isUnopenedCheckoutEvent>,
): OrderState => ({
  ...state,
  unopenedCheckoutPayments: [
    ...(state.unopenedCheckoutPayments ?? []),
    { ...event.data, receivedAt: event.metadata.occurredAt },
  ],
});
