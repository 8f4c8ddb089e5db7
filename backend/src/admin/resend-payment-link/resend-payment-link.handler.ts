import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { ResendPaymentLinkCommand } from './resend-payment-link.command.js';

/** Records PaymentLinkResent; the order emails' reactor sends the client the link (keyed by the event). */
@CommandHandler(ResendPaymentLinkCommand)
export class ResendPaymentLinkHandler implements ICommandHandler<ResendPaymentLinkCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  execute({ orderId, context }: ResendPaymentLinkCommand): Promise<CommandOutcome> {
    return this.runner.run(orderId, { type: 'ResendPaymentLink' }, context);
  }
}
