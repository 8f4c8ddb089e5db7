import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ExpireStaleLinksCommand } from './expire-stale-links.command.js';
import { StaleLinks } from './stale-links.js';

/**
 * Staleness is read from the order as it is now: a link opened since the change is for the order as
 * it is, and stays, however late the job runs. A provider that cannot be reached fails the job, which
 * is retried.
 */
@CommandHandler(ExpireStaleLinksCommand)
export class ExpireStaleLinksHandler implements ICommandHandler<ExpireStaleLinksCommand> {
  constructor(private readonly links: StaleLinks) {}

  async execute({ orderId }: ExpireStaleLinksCommand): Promise<void> {
    await this.links.closeFor(orderId);
  }
}
