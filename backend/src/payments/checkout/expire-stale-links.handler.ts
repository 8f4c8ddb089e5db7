import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { ExpireStaleLinksCommand } from './expire-stale-links.command.js';
import { PaymentLinks } from './payment-links.js';

/** The stale links are for another order; a link opened since is for this one and stays, however late the job runs. */
@CommandHandler(ExpireStaleLinksCommand)
export class ExpireStaleLinksHandler implements ICommandHandler<ExpireStaleLinksCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly links: PaymentLinks,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ orderId, changedAt }: ExpireStaleLinksCommand): Promise<void> {
    for (const purpose of ['deposit', 'setup_fee'] as const) {
      await this.links.exclusive(orderId, purpose, async () => {
        const link = (await this.orders.current(orderId)).checkouts[purpose];
        if (
          link &&
          !link.closed &&
          link.provider === this.provider.name &&
          new Date(link.startedAt) < changedAt
        )
          await this.links.expire(link.paymentId);
      });
    }
  }
}
