import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { DeleteBriefFileCommand } from './delete-brief-file.command.js';

/** Records the deletion (the order's rules decide whether it may happen), then removes the bytes. */
@CommandHandler(DeleteBriefFileCommand)
export class DeleteBriefFileHandler implements ICommandHandler<DeleteBriefFileCommand> {
  private readonly logger = new Logger('BriefFiles');

  constructor(
    private readonly orders: OrderCommandRunner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ orderId, storedName, context }: DeleteBriefFileCommand): Promise<CommandOutcome> {
    const state = await this.orders.current(orderId);
    const file = state.brief.files.find((f) => f.storedName === storedName);
    if (!file) throw new DomainError(ErrorCode.ORDER_FILE_NOT_FOUND, 'Fichier introuvable', 'not_found');
    const outcome = await this.orders.run(orderId, { type: 'DeleteBriefFile', fileId: file.fileId }, context);
    // The log says the file is gone: bytes left behind by a failure here are unreachable, not kept.
    await this.storage
      .delete(storedName)
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'a deleted brief file stays on storage', storedName, err: String(error) }),
      );
    return outcome;
  }
}
