import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CheckedFile, checkIncomingFile, storeThenRecord } from '../../files/checked-upload.js';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { PostMessageCommand } from './post-message.command.js';

/**
 * Checks each attachment as a brief file is checked (its bytes are the format its name declares),
 * stores it under a name of ours, then appends the message; a refusal (the decider's limits, the
 * order's state) removes the stored bytes again.
 */
@CommandHandler(PostMessageCommand)
export class PostMessageHandler implements ICommandHandler<PostMessageCommand> {
  private readonly logger = new Logger('Messages');

  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ orderId, channel, text, files, context }: PostMessageCommand): Promise<CommandOutcome> {
    const checked: CheckedFile[] = [];
    for (const file of files) checked.push(await checkIncomingFile(file));
    return storeThenRecord(
      this.storage,
      checked,
      () =>
        this.orders.runAll(
          orderId,
          [
            {
              type: 'PostMessage',
              messageId: randomUUID(),
              channel,
              text,
              attachments: checked.map(({ bytes: _bytes, ...file }) => file),
            },
          ],
          context,
        ),
      this.logger,
    );
  }
}
