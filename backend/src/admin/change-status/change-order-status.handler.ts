import { statusChangeCommand } from '@coseso/domain/orders/admin-actions';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { ChangeOrderStatusCommand } from './change-order-status.command.js';

/**
 * `PATCH /status` keeps the spec's shape; the domain maps the requested status, from the current
 * one, to its command (a correction when a reason is given), which the decider then judges on the
 * stream's latest state.
 */
@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  async execute({ orderId, status, input, context }: ChangeOrderStatusCommand): Promise<CommandOutcome> {
    const state = await this.runner.current(orderId);
    if (!state.exists) throw orderNotFound();
    const command = statusChangeCommand(state, status, input, new Date().toISOString());
    return this.runner.run(orderId, command, context);
  }
}
