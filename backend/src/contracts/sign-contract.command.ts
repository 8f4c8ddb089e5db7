import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../write-side/command-context.js';
import { type CommandOutcome } from '../write-side/order-command-runner.js';

/** The client signs the document it was shown (its SHA-256), with its typed name. */
export class SignContractCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly signerName: string,
    readonly documentSha256: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
