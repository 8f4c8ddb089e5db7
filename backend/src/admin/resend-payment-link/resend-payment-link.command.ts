import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** « Renvoyer un lien de paiement »: the final payment awaited, emailed to the client again. */
export class ResendPaymentLinkCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
