import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** The client removes one brief file, named by the name it is stored under. */
export class DeleteBriefFileCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly storedName: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
