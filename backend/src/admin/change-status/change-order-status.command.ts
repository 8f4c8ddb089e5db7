import { type AdminActionInput } from '@coseso/domain/orders/admin-actions';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** An admin asks for the order to be at `status`: the handler finds the command that takes it there. */
export class ChangeOrderStatusCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly status: OrderStatus,
    readonly input: AdminActionInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
