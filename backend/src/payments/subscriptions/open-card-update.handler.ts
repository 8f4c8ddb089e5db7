import { activeSubscription } from '@coseso/domain/orders/decider/subscription.decider';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { OpenCardUpdateCommand } from './open-card-update.command.js';

/** Only an active subscription has a card to change (the domain's rule); the provider makes the page. */
@CommandHandler(OpenCardUpdateCommand)
export class OpenCardUpdateHandler implements ICommandHandler<OpenCardUpdateCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId }: OpenCardUpdateCommand): Promise<{ checkoutUrl: string }> {
    const subscriptionId = activeSubscription(await this.orders.current(orderId));
    const returnUrl = `${this.config.PUBLIC_URL}/card-validation-success?status=success&orderId=${orderId}`;
    return { checkoutUrl: await this.provider.cardUpdateUrl({ subscriptionId, orderId, returnUrl }) };
  }
}
