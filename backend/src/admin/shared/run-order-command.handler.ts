import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { RunOrderCommand } from './run-order-command.command.js';

/** Judged by the decider on the stream's latest state, appended, and answered with the order after it. */
@CommandHandler(RunOrderCommand)
export class RunOrderCommandHandler implements ICommandHandler<RunOrderCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  execute({ orderId, command, context }: RunOrderCommand): Promise<CommandOutcome> {
    return this.runner.run(orderId, command, context);
  }
}
