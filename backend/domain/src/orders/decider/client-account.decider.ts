import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, commandsOf, eventsOf } from './decider-guards.js';

/** The client account an order belongs to, opened from its first payment: linked once, never moved. */
export const isClientAccountCommand = commandsOf('LinkOrderToClient');
export const isClientAccountEvent = eventsOf('OrderLinkedToClient');

export function decideClientAccount(
  command: GuardedBy<typeof isClientAccountCommand>,
  state: OrderState,
): OrderEvent[] {
  if (state.clientId === command.clientId) return [];
  if (state.clientId) {
    throw new DomainError(
      ErrorCode.ORDER_ALREADY_LINKED,
      'Cette commande appartient déjà à un autre compte client.',
      'conflict',
    );
  }
  return [{ type: 'OrderLinkedToClient', data: { clientId: command.clientId } }];
}

export const evolveClientAccount = (
  s: OrderState,
  event: GuardedBy<typeof isClientAccountEvent>,
): OrderState => ({
  ...s,
  clientId: event.data.clientId,
});
