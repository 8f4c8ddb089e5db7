import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { RunAdminActionCommand } from './run-admin-action.command.js';

/** The decider builds the action's order command from the order (the mapping the allowed actions are tried with). */
@CommandHandler(RunAdminActionCommand)
export class RunAdminActionHandler implements ICommandHandler<RunAdminActionCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  execute({ orderId, action, input, context }: RunAdminActionCommand): Promise<CommandOutcome> {
    return this.runner.run(orderId, { type: 'RunAdminAction', action, input }, context);
  }
}
