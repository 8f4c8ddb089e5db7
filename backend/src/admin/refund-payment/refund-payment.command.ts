import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** « Rembourser »: the team gives back part or all of a payment of the order, through the provider. */
export class RefundPaymentCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly paymentId: string,
    readonly amount: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
