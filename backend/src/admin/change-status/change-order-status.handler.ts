import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { ChangeOrderStatusCommand } from './change-order-status.command.js';

/**
 * `PATCH /status` keeps the spec's shape; the decider maps the requested status, from the current
 * one, to its command (a correction when a reason is given), and judges it on the stream's latest
 * state.
 */
@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  execute({ orderId, status, input, context }: ChangeOrderStatusCommand): Promise<CommandOutcome> {
    return this.runner.run(orderId, { type: 'ChangeOrderStatus', status, input }, context);
  }
}
