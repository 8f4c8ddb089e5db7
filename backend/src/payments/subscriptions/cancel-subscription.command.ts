import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** The client stops its subscription: renewals stop at the provider, the site stays until the paid period ends. */
export class CancelSubscriptionCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly reason: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}
