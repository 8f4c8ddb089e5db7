import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { SubmitBriefCommand } from './submit-brief.command.js';

@CommandHandler(SubmitBriefCommand)
export class SubmitBriefHandler implements ICommandHandler<SubmitBriefCommand> {
  constructor(private readonly orders: OrderCommandRunner) {}

  execute({ orderId, nothingToSend, context }: SubmitBriefCommand): Promise<CommandOutcome> {
    return this.orders.run(orderId, { type: 'SubmitBrief', nothingToSend }, context);
  }
}
