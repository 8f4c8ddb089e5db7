import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** The team corrects the contact email of an order (and the login of its client account), for a reason. */
export class CorrectContactEmailCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly email: string,
    readonly reason: string,
    readonly context: CommandContext,
    /** The emails already sent to send again to the new address, by the event each told. */
    readonly resend: readonly string[] = [],
  ) {
    super();
  }
}
