import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentEvent, type PaymentProvider } from '../payment-provider.js';
import { RecordPaymentEventCommand, type WebhookOutcome } from './record-payment-event.command.js';

/**
 * A provider's payment event becomes an order command whose id is the provider's event id, so a
 * delivery repeated by the provider appends nothing the second time. Amounts come from the
 * provider's event and are checked by the order against what is due.
 */
@CommandHandler(RecordPaymentEventCommand)
export class RecordPaymentEventHandler implements ICommandHandler<RecordPaymentEventCommand> {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderCommandRunner,
  ) {}

  execute({ event }: RecordPaymentEventCommand): Promise<WebhookOutcome> {
    return this.apply(event);
  }

  private async apply(event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.kind === 'ignored') return { received: true, outcome: 'ignored' };
    const context: CommandContext = {
      actor: { kind: 'provider', id: this.provider.name },
      commandId: `${this.provider.name}:${event.eventId}`,
    };
    const run = async (command: Parameters<OrderCommandRunner['run']>[1]): Promise<WebhookOutcome> => {
      const outcome = await this.orders.run(event.orderId, command, context);
      return {
        received: true,
        outcome: outcome.duplicate ? 'duplicate' : outcome.events.length > 0 ? 'recorded' : 'ignored',
      };
    };
    const payment = (paymentId: string) => ({
      provider: this.provider.name,
      paymentId,
      providerEventId: event.eventId,
    });

    switch (event.kind) {
      case 'checkout_paid':
        switch (event.purpose) {
          case 'deposit':
          case 'setup_fee':
            return run({
              type: 'RecordFirstPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
            });
          case 'balance':
            return run({
              type: 'RecordFinalPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
            });
          case 'first_month': {
            if (!event.subscriptionId)
              throw new Error(`first month checkout ${event.paymentId} started no subscription`);
            const subscription = await this.provider.getSubscription(event.subscriptionId);
            return run({
              type: 'RecordFinalPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
              subscription: {
                subscriptionId: event.subscriptionId,
                currentPeriodEnd: subscription.currentPeriodEnd,
              },
            });
          }
          case 'account_manager':
            return run({
              type: 'RecordAccountManagerPayment',
              payment: payment(event.paymentId),
              amount: event.amount,
            });
          case 'card_update':
            return { received: true, outcome: 'ignored' };
        }
      // falls through: every purpose returned above
      case 'checkout_closed':
        return run({ type: 'RecordCheckoutClosed', paymentId: event.paymentId, outcome: event.outcome });
      case 'subscription_renewed':
        return run({
          type: 'RecordSubscriptionRenewal',
          subscriptionId: event.subscriptionId,
          payment: payment(event.paymentId),
          amount: event.amount,
          currentPeriodEnd: event.currentPeriodEnd,
        });
      case 'subscription_payment_failed':
        return run({
          type: 'RecordSubscriptionPaymentFailure',
          subscriptionId: event.subscriptionId,
          reason: event.reason,
        });
      case 'subscription_ended': {
        const order = await this.orders.current(event.orderId);
        // Already cancelled (at the client's request, effective now) or another subscription: nothing new.
        if (order.subscription.id !== event.subscriptionId || order.subscription.status !== 'active') {
          return { received: true, outcome: 'ignored' };
        }
        return run({
          type: 'CancelSubscription',
          reason: 'Abonnement terminé chez le fournisseur de paiement',
        });
      }
    }
  }
}
