import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { CancelSubscriptionCommand } from './cancel-subscription.command.js';

/** Stops renewals at the provider first, then records it: never a recorded cancellation that still charges. */
@CommandHandler(CancelSubscriptionCommand)
export class CancelSubscriptionHandler implements ICommandHandler<CancelSubscriptionCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ orderId, reason, context }: CancelSubscriptionCommand): Promise<CommandOutcome> {
    const order = await this.orders.current(orderId);
    if (!order.exists) throw orderNotFound();
    if (order.subscription.status === 'cancelled') {
      throw new DomainError(
        ErrorCode.ORDER_SUBSCRIPTION_ALREADY_CANCELLED,
        "L'abonnement est déjà annulé.",
        'conflict',
      );
    }
    if (order.subscription.status !== 'active' || !order.subscription.id) {
      throw new DomainError(
        ErrorCode.ORDER_NO_SUBSCRIPTION,
        "Cette commande n'a pas d'abonnement actif.",
        'conflict',
      );
    }
    await this.provider.cancelSubscription(order.subscription.id);
    return this.orders.run(orderId, { type: 'CancelSubscription', reason }, context);
  }
}
