import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkIncomingFile, storeThenRecord } from '../../files/checked-upload.js';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import {
  type IncomingFile,
  UploadBriefFilesCommand,
  type UploadOutcome,
} from './upload-brief-files.command.js';

type Checked = Extract<OrderCommandInput, { type: 'UploadBriefFile' }>['file'] & { bytes: Uint8Array };

/**
 * Checks every file's content (its bytes must be the format its name declares), stores each under
 * a name of ours, then records them all in one append. Anything refused (a format, a limit of the
 * order, its status) leaves nothing behind: the stored bytes are removed again.
 */
@CommandHandler(UploadBriefFilesCommand)
export class UploadBriefFilesHandler implements ICommandHandler<UploadBriefFilesCommand> {
  private readonly logger = new Logger('BriefFiles');

  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ orderId, category, files, context }: UploadBriefFilesCommand): Promise<UploadOutcome> {
    const checked: Checked[] = [];
    for (const file of files) checked.push(await this.check(file, category));

    const outcome = await storeThenRecord(
      this.storage,
      checked,
      () =>
        this.orders.runAll(
          orderId,
          checked.map(({ bytes: _bytes, ...file }) => ({ type: 'UploadBriefFile' as const, file })),
          context,
        ),
      this.logger,
    );
    return { ...outcome, storedNames: checked.map((file) => file.storedName) };
  }

  private async check(file: IncomingFile, category: Checked['category']): Promise<Checked> {
    return { ...(await checkIncomingFile(file)), category };
  }
}
