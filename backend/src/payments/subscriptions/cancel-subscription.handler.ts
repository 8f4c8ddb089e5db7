import { subscriptionToCancel } from '@coseso/domain/orders/decider/subscription.decider';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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
    await this.provider.cancelSubscription(subscriptionToCancel(await this.orders.current(orderId)));
    return this.orders.run(orderId, { type: 'CancelSubscription', reason }, context);
  }
}
