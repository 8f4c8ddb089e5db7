import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, commandsOf, eventsOf } from './decider-guards.js';

/** A monthly order's subscription: started with the first month (decided with it), renewed, cancelled. */
export const isSubscriptionCommand = commandsOf(
  'RecordSubscriptionRenewal',
  'RecordSubscriptionPaymentFailure',
  'CancelSubscription',
  'RestartSubscription',
);
export const isSubscriptionEvent = eventsOf(
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionPaymentFailed',
  'SubscriptionCancelled',
);

export function decideSubscription(
  command: GuardedBy<typeof isSubscriptionCommand>,
  state: OrderState,
): OrderEvent[] {
  switch (command.type) {
    case 'RecordSubscriptionRenewal': {
      assertSubscription(state, command.subscriptionId);
      if (state.subscription.renewalPaymentIds.includes(command.payment.paymentId)) return [];
      const { subscriptionId, payment, amount, currentPeriodStart, currentPeriodEnd } = command;
      return [
        {
          type: 'SubscriptionRenewed',
          data: {
            subscriptionId,
            payment,
            amount,
            currentPeriodStart: currentPeriodStart ?? null,
            currentPeriodEnd,
          },
        },
      ];
    }
    case 'RecordSubscriptionPaymentFailure':
      assertSubscription(state, command.subscriptionId);
      return [
        {
          type: 'SubscriptionPaymentFailed',
          data: { subscriptionId: command.subscriptionId, reason: command.reason },
        },
      ];
    case 'CancelSubscription':
      return cancelSubscription(command, state);
    case 'RestartSubscription':
      return restartSubscription(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveSubscription(s: OrderState, event: GuardedBy<typeof isSubscriptionEvent>): OrderState {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'SubscriptionStarted': {
      const { endedWithOrder: _ended, ...subscription } = s.subscription;
      return {
        ...s,
        subscription: {
          ...subscription,
          status: 'active',
          id: event.data.subscriptionId,
          monthlyWithVat: event.data.monthlyAmount,
          startedAt: at,
          currentPeriodEnd: event.data.currentPeriodEnd,
          expiresAt: null,
        },
      };
    }
    case 'SubscriptionRenewed':
      return {
        ...s,
        subscription: {
          ...s.subscription,
          currentPeriodEnd: event.data.currentPeriodEnd,
          renewalPaymentIds: [...s.subscription.renewalPaymentIds, event.data.payment.paymentId],
          renewalPayments: [
            ...(s.subscription.renewalPayments ?? []),
            { payment: event.data.payment, amount: event.data.amount, paidAt: at },
          ],
          lastFailure: null,
        },
      };
    case 'SubscriptionPaymentFailed':
      return { ...s, subscription: { ...s.subscription, lastFailure: { at, reason: event.data.reason } } };
    case 'SubscriptionCancelled':
      return {
        ...s,
        subscription: {
          ...s.subscription,
          status: 'cancelled',
          expiresAt: event.data.expiresAt,
          ...(event.data.endedWithOrder ? { endedWithOrder: true } : {}),
        },
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function cancelSubscription(command: OrderCommandOf<'CancelSubscription'>, state: OrderState): OrderEvent[] {
  if (state.subscription.status === 'cancelled') {
    throw new DomainError(
      ErrorCode.ORDER_SUBSCRIPTION_ALREADY_CANCELLED,
      "L'abonnement est déjà annulé.",
      'conflict',
    );
  }
  assertSubscription(state, state.subscription.id);
  return [
    {
      type: 'SubscriptionCancelled',
      data: {
        subscriptionId: state.subscription.id!,
        reason: command.reason?.trim() || null,
        expiresAt: state.subscription.currentPeriodEnd ?? command.now,
      },
    },
  ];
}

/**
 * The subscription a reactivated order starts again (decision 132): the one its cancellation ended at
 * once, while the order still holds the first month (the guarantee gave it back otherwise: the first
 * month is then asked again, and its checkout starts a new subscription). Its first charge comes at
 * the end of the period already paid. Null for any other order, one the client cancelled included.
 */
export function subscriptionToRestart(
  state: OrderState,
): { subscriptionId: string; monthlyWithVat: number; resumeAt: string } | null {
  const { status, id, endedWithOrder, monthlyWithVat, currentPeriodEnd } = state.subscription;
  if (state.status === 'cancelled' || status !== 'cancelled' || !endedWithOrder || !id) return null;
  if (!state.finalPaid || monthlyWithVat === null || currentPeriodEnd === null) return null;
  return { subscriptionId: id, monthlyWithVat, resumeAt: currentPeriodEnd };
}

/** The provider started it again: the order's subscription is the new one, active (once). */
function restartSubscription(
  command: OrderCommandOf<'RestartSubscription'>,
  state: OrderState,
): OrderEvent[] {
  if (state.subscription.status === 'active' && state.subscription.id === command.subscriptionId) return [];
  const ended = subscriptionToRestart(state);
  if (!ended) {
    throw new DomainError(
      ErrorCode.ORDER_NO_ACTIVE_SUBSCRIPTION,
      "Cette commande n'a pas d'abonnement à reprendre.",
      'conflict',
    );
  }
  return [
    {
      type: 'SubscriptionStarted',
      data: {
        subscriptionId: command.subscriptionId,
        provider: command.provider,
        monthlyAmount: ended.monthlyWithVat,
        currentPeriodEnd: command.currentPeriodEnd,
      },
    },
  ];
}

function assertSubscription(state: OrderState, subscriptionId: string | null) {
  if (state.subscription.status !== 'active' || !subscriptionId || state.subscription.id !== subscriptionId) {
    throw new DomainError(
      ErrorCode.ORDER_NO_ACTIVE_SUBSCRIPTION,
      "Cette commande n'a pas d'abonnement actif.",
      'conflict',
    );
  }
}

/** The order's active subscription (the one whose card a client may change), or why there is none. */
export function activeSubscription(state: OrderState): string {
  if (!state.exists) throw new DomainError(ErrorCode.ORDER_NOT_FOUND, 'Commande introuvable', 'not_found');
  if (state.subscription.status !== 'active' || !state.subscription.id) {
    throw new DomainError(
      ErrorCode.ORDER_NO_ACTIVE_SUBSCRIPTION,
      "Cette commande n'a pas d'abonnement actif.",
      'conflict',
    );
  }
  return state.subscription.id;
}

/**
 * The subscription a client may cancel, or why not: asked before the provider stops its renewals,
 * so that a refusal calls nobody; CancelSubscription is then decided on the order.
 */
export function subscriptionToCancel(state: OrderState): string {
  if (state.exists && state.subscription.status === 'cancelled') {
    throw new DomainError(
      ErrorCode.ORDER_SUBSCRIPTION_ALREADY_CANCELLED,
      "L'abonnement est déjà annulé.",
      'conflict',
    );
  }
  return activeSubscription(state);
}
