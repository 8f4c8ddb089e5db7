import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { CompleteOrderCommand } from './complete-order.command.js';

/** Validates the whole order on the server, prices it, and asks for the first payment. */
@CommandHandler(CompleteOrderCommand)
export class CompleteOrderHandler implements ICommandHandler<CompleteOrderCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  execute({ orderId, form, context }: CompleteOrderCommand): Promise<CommandOutcome> {
    return this.runner.run(orderId, { type: 'CompleteOrderForm', form }, context);
  }
}
