import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../write-side/order-command-runner.js';
import { SignContractCommand } from './sign-contract.command.js';

@CommandHandler(SignContractCommand)
export class SignContractHandler implements ICommandHandler<SignContractCommand> {
  constructor(private readonly orders: OrderCommandRunner) {}

  execute({ orderId, signerName, documentSha256, context }: SignContractCommand): Promise<CommandOutcome> {
    return this.orders.run(
      orderId,
      { type: 'SignContract', signerName, documentSha256, ip: context.ip ?? null },
      context,
    );
  }
}
