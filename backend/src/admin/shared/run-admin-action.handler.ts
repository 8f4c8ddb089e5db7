import { adminActionCommand } from '@coseso/domain/orders/admin-actions';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { RunAdminActionCommand } from './run-admin-action.command.js';

/** The domain builds the action's order command (the same mapping the allowed actions are tried with). */
@CommandHandler(RunAdminActionCommand)
export class RunAdminActionHandler implements ICommandHandler<RunAdminActionCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  async execute({ orderId, action, input, context }: RunAdminActionCommand): Promise<CommandOutcome> {
    const state = await this.runner.current(orderId);
    if (!state.exists) throw orderNotFound();
    return this.runner.run(
      orderId,
      adminActionCommand(action, state, input, new Date().toISOString()),
      context,
    );
  }
}
