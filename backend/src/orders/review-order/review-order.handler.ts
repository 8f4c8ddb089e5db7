import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { ReviewOrderCommand } from './review-order.command.js';

@CommandHandler(ReviewOrderCommand)
export class ReviewOrderHandler implements ICommandHandler<ReviewOrderCommand> {
  constructor(private readonly orders: OrderCommandRunner) {}

  execute({ orderId, answer, sessionRef, context }: ReviewOrderCommand): Promise<CommandOutcome> {
    return answer.reviewStatus === 'approved'
      ? this.orders.run(orderId, { type: 'ApproveReview', sessionRef }, context)
      : this.orders.run(orderId, { type: 'RequestChanges', feedback: answer.reviewFeedback }, context);
  }
}
