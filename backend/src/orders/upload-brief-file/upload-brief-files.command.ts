import { type BriefFileCategory } from '@coseso/event-schemas/order/order-values';
import { Command } from '@nestjs/cqrs';
import { type IncomingFile } from '../../files/checked-upload.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

export type { IncomingFile };

export interface UploadOutcome extends CommandOutcome {
  /** The names the files were stored under, in the order they were sent. */
  readonly storedNames: readonly string[];
}

/** A batch of brief files: each becomes an UploadBriefFile, all stored and recorded, or none. */
export class UploadBriefFilesCommand extends Command<UploadOutcome> {
  constructor(
    readonly orderId: string,
    readonly category: BriefFileCategory,
    readonly files: readonly IncomingFile[],
    readonly context: CommandContext,
  ) {
    super();
  }
}
