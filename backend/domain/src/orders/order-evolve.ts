import { type OrderState, type RecordedOrderEvent, initialOrderState } from './order-state.js';
import { evolveAdministration, isAdministrationEvent } from './decider/administration.decider.js';
import { evolveBrief, isBriefEvent } from './decider/brief.decider.js';
import { evolveClientAccount, isClientAccountEvent } from './decider/client-account.decider.js';
import { evolveContract, isContractEvent } from './decider/contract.decider.js';
import { evolveConversation, isConversationEvent, isReadReceipt } from './decider/conversation.decider.js';
import { evolveDelivery, isDeliveryEvent } from './decider/delivery.decider.js';
import { evolveErasure, isErasureEvent } from './decider/erasure.decider.js';
import {
  evolveEmailFailure,
  evolveUnopenedCheckout,
  isEmailFailureEvent,
  isUnopenedCheckoutEvent,
} from './decider/email-failure.decider.js';
import { evolveEvidence, isEvidenceEvent } from './decider/evidence.decider.js';
import { evolvePayment, isPaymentEvent } from './decider/payment.decider.js';
import { evolveReview, isReviewEvent } from './decider/review.decider.js';
import { evolveSubscription, isSubscriptionEvent } from './decider/subscription.decider.js';
import { evolveWizard, isWizardEvent } from './decider/wizard.decider.js';

/** How an event changes the order, and when it entered its status. */
export function evolve(state: OrderState, event: RecordedOrderEvent): OrderState {
  const next = evolveOrder(state, event);
  return next.status !== state.status || !state.exists
    ? { ...next, statusSince: event.metadata.occurredAt }
    : next;
}

/** How an event changes the order: each phase's module (./decider/) evolves its own events. */
function evolveOrder(state: OrderState, event: RecordedOrderEvent): OrderState {
  // Staff reading the evidence, erasing the contact, an email that failed: not activity on the order.
  if (isEvidenceEvent(event)) return evolveEvidence(state, event);
  if (isErasureEvent(event)) return evolveErasure(state, event);
  if (isEmailFailureEvent(event)) return evolveEmailFailure(state, event);
  if (isUnopenedCheckoutEvent(event)) return evolveUnopenedCheckout(state, event);
  // A read receipt is not activity either: reading moves nothing but the read mark.
  if (isReadReceipt(event)) return evolveConversation(state, event);
  const s: OrderState = { ...state, lastActivityAt: event.metadata.occurredAt };
  if (isWizardEvent(event)) return evolveWizard(s, event);
  if (isPaymentEvent(event)) return evolvePayment(s, event);
  if (isContractEvent(event)) return evolveContract(s, event);
  if (isClientAccountEvent(event)) return evolveClientAccount(s, event);
  if (isBriefEvent(event)) return evolveBrief(s, event);
  if (isReviewEvent(event)) return evolveReview(s, event);
  if (isDeliveryEvent(event)) return evolveDelivery(s, event);
  if (isSubscriptionEvent(event)) return evolveSubscription(s, event);
  if (isAdministrationEvent(event)) return evolveAdministration(s, event);
  if (isConversationEvent(event)) return evolveConversation(s, event);
  const _exhaustive: never = event;
  return _exhaustive;
}

export const foldOrder = (events: readonly RecordedOrderEvent[], from: OrderState = initialOrderState()) =>
  events.reduce(evolve, from);
