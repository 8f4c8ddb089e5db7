import { type MessageChannel } from '@coseso/event-schemas/order/order-keys';
import { Command } from '@nestjs/cqrs';
import { type IncomingFile } from '../../files/checked-upload.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** A message of the order's conversation, with its files: each checked, stored, then recorded with it. */
export class PostMessageCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly channel: MessageChannel,
    readonly text: string,
    readonly files: readonly IncomingFile[],
    readonly context: CommandContext,
  ) {
    super();
  }
}
