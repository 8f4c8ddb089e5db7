import { type OrderCommand } from '@coseso/domain/orders/order-commands';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';
import { type CommandInput } from '../../write-side/stream-command-runner.js';

/**
 * One back-office command on an order, as the decider takes it (a named action, a status asked for,
 * a refund, a payment link sent again…): what it means is the decider's (docs/adr/0058), so the
 * route only says which command and what of its body it passes on.
 */
export class RunOrderCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly command: CommandInput<OrderCommand>,
    readonly context: CommandContext,
  ) {
    super();
  }
}
