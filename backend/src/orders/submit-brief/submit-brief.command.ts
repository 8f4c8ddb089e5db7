import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** The client sends the brief: its files, or the word that there is nothing to send. */
export class SubmitBriefCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly nothingToSend: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}
