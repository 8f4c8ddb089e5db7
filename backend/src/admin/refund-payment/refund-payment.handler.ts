import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { RefundPaymentCommand } from './refund-payment.command.js';

/**
 * The order records the refund asked (RefundRequested) if the payment is its own, paid by card, and
 * the amount within what is left of it; the refund reactor then asks the provider, and the provider's
 * report of the refund credits the payment's invoice.
 */
@CommandHandler(RefundPaymentCommand)
export class RefundPaymentHandler implements ICommandHandler<RefundPaymentCommand> {
  constructor(private readonly orders: OrderCommandRunner) {}

  execute({ orderId, paymentId, amount, reason, context }: RefundPaymentCommand): Promise<CommandOutcome> {
    return this.orders.run(orderId, { type: 'RequestRefund', paymentId, amount, reason }, context);
  }
}
