import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommand, type OrderCommandOf } from '../order-commands.js';
import { erasePersonalData } from '../order-personal-data.js';
import { type OrderState } from '../order-state.js';
import { adminStatusLabels } from '../order-status.js';
import { type GuardedBy, eventsOf } from './decider-guards.js';

export const isErasureEvent = eventsOf('OrderContactErased');

/** Statuses where nothing is being done for the contact yet, or any more. */
const contactErasableStatuses: readonly OrderState['status'][] = [
  'pending',
  'contract_ready_for_signature',
  'cancelled',
];

/**
 * The right to be forgotten of a contact who never became a client: by an admin, with a reason,
 * once. A client's orders are erased with the client (one account, every order); an order that is
 * paid has, or is about to have, a client account; an order worked on (a contract forced without
 * payment) still needs its contact; and a visitor who may still pay an open payment link would
 * become a client named « données effacées ».
 */
export function eraseContact(command: OrderCommandOf<'EraseOrderContact'>, state: OrderState): OrderEvent[] {
  if (command.actor.kind !== 'admin') {
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      'Seul un administrateur peut effacer les données du contact d’une commande.',
      'forbidden',
    );
  }
  if (state.contactErasedAt) {
    throw new DomainError(
      ErrorCode.ORDER_CONTACT_ALREADY_ERASED,
      'Les données du contact de cette commande ont déjà été effacées.',
      'conflict',
    );
  }
  if (state.clientId || state.depositPaid) {
    throw new DomainError(
      ErrorCode.ORDER_CONTACT_IS_CLIENT,
      state.clientId
        ? 'Cette commande appartient à un client : effacez ses données avec « Effacer les données du client », qui efface toutes ses commandes.'
        : 'Cette commande est payée : son contact devient un client, dont les données s’effacent avec « Effacer les données du client ».',
      'conflict',
    );
  }
  if (!contactErasableStatuses.includes(state.status)) {
    throw new DomainError(
      ErrorCode.ORDER_TRANSITION_FORBIDDEN,
      `Impossible d’effacer les données du contact : la commande est au statut « ${adminStatusLabels[state.status]} ». Annulez-la d’abord.`,
      'conflict',
    );
  }
  const reason = command.reason.trim();
  if (!reason) {
    throw new DomainError(ErrorCode.REQUEST_INVALID, 'Indiquez la raison de l’effacement.', 'invalid', {
      reason: 'Indiquez la raison de l’effacement.',
    });
  }
  const open = openFirstPaymentLink(state, command.now);
  if (open) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_LINK_OPEN,
      `Un lien de paiement de cette commande est encore ouvert${
        open.expiresAt ? ` (jusqu’au ${open.expiresAt.slice(0, 16).replace('T', ' à ')} UTC)` : ''
      } : le visiteur pourrait encore payer. Effacez ses données une fois le lien expiré.`,
      'conflict',
    );
  }
  return [{ type: 'OrderContactErased', data: { reason, plaintextEvents: command.plaintextEvents } }];
}

/**
 * Once its contact is erased, an order takes no command but a payment link's closing or a refused
 * payment, its refund or its refund's failure, facts about the provider that name nobody, and its cancellation by the team
 * (nobody is left to pay it: it must be able to leave the orders waiting for a payment).
 */
export function assertContactKept(command: OrderCommand, state: OrderState) {
  if (
    state.contactErasedAt &&
    command.type !== 'RecordCheckoutClosed' &&
    command.type !== 'RecordPaymentRefund' &&
    command.type !== 'RecordPaymentRefusal' &&
    command.type !== 'RecordRefundFailure' &&
    command.type !== 'RecordProviderRefund' &&
    command.type !== 'CancelOrder'
  ) {
    throw new DomainError(
      ErrorCode.ORDER_CONTACT_ERASED,
      'Les données du contact de cette commande ont été effacées : elle ne peut plus être modifiée.',
      'conflict',
    );
  }
}

/** What its events read once erased; its amounts, status and dates stay (not activity on it). */
export const evolveErasure = (state: OrderState, event: GuardedBy<typeof isErasureEvent>): OrderState => ({
  ...erasePersonalData(state),
  contactErasedAt: event.metadata.occurredAt,
});

/** The first payment's link the visitor may still pay at `now`: not closed, not past its expiry. */
function openFirstPaymentLink(state: OrderState, now: string) {
  if (state.status === 'cancelled') return null;
  const links = [state.checkouts.deposit, state.checkouts.setup_fee];
  return (
    links.find(
      (link) =>
        link && !link.closed && (link.expiresAt === null || Date.parse(link.expiresAt) > Date.parse(now)),
    ) ?? null
  );
}
