import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, eventsOf } from './decider-guards.js';

export const isEmailFailureEvent = eventsOf('OrderEmailFailed');

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
