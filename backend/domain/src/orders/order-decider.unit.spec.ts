import { orderEventDefinitions } from '@coseso/event-schemas/order/order-events';
import { isAdministrationCommand, isAdministrationEvent } from './decider/administration.decider.js';
import { isBriefCommand, isBriefEvent } from './decider/brief.decider.js';
import { isClientAccountCommand, isClientAccountEvent } from './decider/client-account.decider.js';
import { isContractCommand, isContractEvent } from './decider/contract.decider.js';
import { isDeliveryCommand, isDeliveryEvent } from './decider/delivery.decider.js';
import { isConversationEvent } from './decider/conversation.decider.js';
import { isEmailFailureEvent, isUnopenedCheckoutEvent } from './decider/email-failure.decider.js';
import { isErasureEvent } from './decider/erasure.decider.js';
import { isEvidenceEvent } from './decider/evidence.decider.js';
import { isPaymentCommand, isPaymentEvent } from './decider/payment.decider.js';
import { isReviewCommand, isReviewEvent } from './decider/review.decider.js';
import { isSubscriptionCommand, isSubscriptionEvent } from './decider/subscription.decider.js';
import { isWizardCommand, isWizardEvent } from './decider/wizard.decider.js';
import { type OrderCommand } from './order-commands.js';
import { orderCommandRules } from './order-rules.js';
import { type OrderState, type RecordedOrderEvent } from './order-state.js';
import { Scenario, orderIn } from './testing/order-test-kit.js';

describe('the phases', () => {
  const commandPhases = {
    wizard: isWizardCommand,
    payment: isPaymentCommand,
    contract: isContractCommand,
    clientAccount: isClientAccountCommand,
    brief: isBriefCommand,
    review: isReviewCommand,
    delivery: isDeliveryCommand,
    subscription: isSubscriptionCommand,
    administration: isAdministrationCommand,
  };
  const eventPhases = {
    wizard: isWizardEvent,
    payment: isPaymentEvent,
    contract: isContractEvent,
    clientAccount: isClientAccountEvent,
    brief: isBriefEvent,
    review: isReviewEvent,
    delivery: isDeliveryEvent,
    subscription: isSubscriptionEvent,
    administration: isAdministrationEvent,
    erasure: isErasureEvent,
    evidence: isEvidenceEvent,
    emailFailure: isEmailFailureEvent,
    unopenedCheckout: isUnopenedCheckoutEvent,
    conversation: isConversationEvent,
  };

  it.each(Object.keys(orderCommandRules))('decide %s in exactly one phase', (type) => {
    const phases = Object.entries(commandPhases).filter(([, is]) => is({ type } as OrderCommand));
    expect(phases.map(([phase]) => phase)).toHaveLength(1);
  });

  it.each(Object.keys(orderEventDefinitions))('evolve %s in exactly one phase', (type) => {
    const phases = Object.entries(eventPhases).filter(([, is]) => is({ type } as RecordedOrderEvent));
    expect(phases.map(([phase]) => phase)).toHaveLength(1);
  });
});

describe('the whole lifecycle', () => {
  it.each(['yearly', 'monthly'] as const)(
    'goes from draft to delivered on the %s plan, every event conforming to its schema',
    (billing) => {
      const s: Scenario = orderIn('delivered', { billing });
      const state: OrderState = s.state;
      expect(state).toMatchObject({
        status: 'delivered',
        depositPaid: true,
        finalPaid: true,
        formCompleted: true,
        contract: { signed: true },
      });
      expect(s.history[0]!.type).toBe('OrderDraftCreated');
      expect(s.history.at(-1)!.type).toBe('Delivered');
    },
  );
});
