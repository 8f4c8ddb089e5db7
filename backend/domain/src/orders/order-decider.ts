import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../shared/domain-error.js';
import { type Decider } from '../shared/decider.js';
import { ErrorCode } from '../shared/error-codes.js';
import { decideAdministration, isAdministrationCommand } from './decider/administration.decider.js';
import { backOfficeCommand, isBackOfficeCommand } from './decider/back-office.decider.js';
import { decideBrief, isBriefCommand } from './decider/brief.decider.js';
import { decideClientAccount, isClientAccountCommand } from './decider/client-account.decider.js';
import { decideContract, isContractCommand } from './decider/contract.decider.js';
import { markMessagesRead, postMessage } from './decider/conversation.decider.js';
import { forbiddenTransition } from './decider/decider-guards.js';
import { decideDelivery, isDeliveryCommand } from './decider/delivery.decider.js';
import { recordEmailFailure, recordUnopenedCheckoutPayment } from './decider/email-failure.decider.js';
import { assertContactKept, eraseContact } from './decider/erasure.decider.js';
import { recordEvidenceExport } from './decider/evidence.decider.js';
import { decidePayment, isPaymentCommand } from './decider/payment.decider.js';
import { decideReview, isReviewCommand } from './decider/review.decider.js';
import { decideSubscription, isSubscriptionCommand } from './decider/subscription.decider.js';
import { createDraft, decideWizard, isWizardCommand } from './decider/wizard.decider.js';
import { type OrderCommand } from './order-commands.js';
import { orderCommandRules } from './order-rules.js';
import { type OrderState, initialOrderState } from './order-state.js';
import { evolve } from './order-evolve.js';

/**
 * The order's decider: given what happened (state) and what is asked (command), the events to
 * append, or a DomainError. Pure: no clock, no I/O, no randomness. The transition table is
 * enforced here, once; each phase's module (./decider/) decides the rest of its commands.
 */
export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === 'CreateOrderDraft') return createDraft(command, state);
  if (!state.exists) throw new DomainError(ErrorCode.ORDER_NOT_FOUND, 'Commande introuvable', 'not_found');
  if (isBackOfficeCommand(command)) return decide(backOfficeCommand(command, state), state);
  if (command.type === 'RecordEvidenceExport') return recordEvidenceExport(command);
  if (command.type === 'EraseOrderContact') return eraseContact(command, state);
  assertContactKept(command, state);
  if (command.type === 'RecordEmailFailure') return recordEmailFailure(command, state);
  if (command.type === 'RecordUnopenedCheckoutPayment') return recordUnopenedCheckoutPayment(command, state);
  if (command.type === 'PostMessage') return postMessage(command, state);
  if (command.type === 'MarkMessagesRead') return markMessagesRead(command, state);

  const rule = orderCommandRules[command.type];
  if (!rule.who.includes(command.actor.kind)) {
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      `Vous n'êtes pas autorisé à ${rule.action}.`,
      'forbidden',
    );
  }
  if (!rule.from.includes(state.status)) throw forbiddenTransition(rule, state);

  if (isWizardCommand(command)) return decideWizard(command, state, rule);
  if (isPaymentCommand(command)) return decidePayment(command, state);
  if (isContractCommand(command)) return decideContract(command, state);
  if (isClientAccountCommand(command)) return decideClientAccount(command, state);
  if (isBriefCommand(command)) return decideBrief(command, state);
  if (isReviewCommand(command)) return decideReview(command, state);
  if (isDeliveryCommand(command)) return decideDelivery(command);
  if (isSubscriptionCommand(command)) return decideSubscription(command, state);
  if (isAdministrationCommand(command)) return decideAdministration(command, state, rule);
  const _exhaustive: never = command;
  return _exhaustive;
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: initialOrderState,
  evolve,
  decide,
};
