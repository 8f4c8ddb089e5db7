import { randomUUID } from 'node:crypto';
import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import {
  MAX_ARCHIVE_ENTRIES,
  MAX_ARCHIVE_INFLATED_BYTES,
  UPLOAD_FORMATS,
  declaredExtension,
  emptyFileMessage,
} from '@coseso/domain/files/upload-formats';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../infra/http/api-errors.js';
import { type ArchiveProblem } from '../../files/archive-size.js';
import { checkUploadContent } from '../../files/content-type.js';
import { displayName } from '../../files/download-names.js';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import {
  type IncomingFile,
  UploadBriefFilesCommand,
  type UploadOutcome,
} from './upload-brief-files.command.js';

const formats = Object.keys(UPLOAD_FORMATS)
  .filter((extension) => extension !== 'jpeg')
  .map((extension) => extension.toUpperCase());
/** "PNG, JPG, …, DOC ou DOCX": what the server accepts, from the one list of formats. */
const ALLOWED = `${formats.slice(0, -1).join(', ')} ou ${formats.at(-1)}`;
const ARCHIVE_LIMIT = `${MAX_ARCHIVE_INFLATED_BYTES / (1024 * 1024)} Mo`;

/** Why an archive (a .docx is one) is refused, in French, after its name. */
const archiveRefusals: Record<ArchiveProblem, string> = {
  'too-large': `ce fichier se décompresse en plus de ${ARCHIVE_LIMIT} ; il est refusé. Allégez-le (images réduites) ou envoyez-le en PDF.`,
  'too-many-entries': `ce fichier compressé contient plus de ${MAX_ARCHIVE_ENTRIES.toLocaleString('fr-FR')} fichiers ; il est refusé. Envoyez-le en PDF.`,
  'nested-archive':
    'ce fichier contient une archive compressée dans une autre ; il est refusé. Envoyez les fichiers séparément ou en PDF.',
  unreadable: 'ce fichier compressé est illisible ; enregistrez-le à nouveau puis réessayez.',
};

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

    const stored: string[] = [];
    try {
      for (const file of checked) {
        await this.storage.put(file.storedName, file.bytes, file.mimeType);
        stored.push(file.storedName);
      }
      const outcome = await this.orders.runAll(
        orderId,
        checked.map(({ bytes: _bytes, ...file }) => ({ type: 'UploadBriefFile' as const, file })),
        context,
      );
      return { ...outcome, storedNames: stored };
    } catch (error) {
      await Promise.all(
        stored.map((key) =>
          this.storage
            .delete(key)
            .catch((cause: unknown) =>
              this.logger.warn({ msg: 'a refused upload left a file behind', key, err: String(cause) }),
            ),
        ),
      );
      throw error;
    }
  }

  private async check(file: IncomingFile, category: Checked['category']): Promise<Checked> {
    // A browser sends a file's own name, never a path: a name that climbs folders was made up.
    if (/[/\\]|\p{Cc}/u.test(file.originalName) || /^\.\.?$/.test(file.originalName))
      throw new ApiError(
        400,
        ErrorCode.ORDER_FILE_NAME_INVALID,
        'Nom de fichier invalide : renommez le fichier puis réessayez.',
        {
          files: 'Nom de fichier invalide',
        },
      );
    if (file.bytes.byteLength === 0) {
      const empty = displayName(file.originalName, declaredExtension(file.originalName) ?? 'bin');
      throw new ApiError(400, ErrorCode.ORDER_FILE_EMPTY, emptyFileMessage(empty), {
        files: 'Le fichier est vide',
      });
    }
    const check = await checkUploadContent(file.originalName, file.bytes);
    const shown = displayName(file.originalName, check.ok ? check.extension : 'bin');
    if (!check.ok && check.reason === 'format-not-allowed')
      throw new ApiError(
        400,
        ErrorCode.ORDER_FILE_TYPE_NOT_ALLOWED,
        `« ${shown} » : ce format n'est pas accepté (${ALLOWED}).`,
        { files: `Format non autorisé (${ALLOWED})` },
      );
    if (!check.ok && check.reason === 'archive-refused')
      throw new ApiError(
        400,
        ErrorCode.ORDER_FILE_ARCHIVE_TOO_LARGE,
        `« ${shown} » : ${archiveRefusals[check.problem]}`,
        {
          files:
            'Fichier compressé refusé (trop gros une fois décompressé, trop de fichiers, archive imbriquée ou illisible)',
        },
      );
    if (!check.ok)
      throw new ApiError(
        400,
        ErrorCode.ORDER_FILE_CONTENT_MISMATCH,
        `« ${shown} » : son contenu ne correspond pas à un fichier .${check.declared}.`,
        { files: 'Le contenu du fichier ne correspond pas à son extension' },
      );
    const fileId = randomUUID();
    return {
      fileId,
      category,
      originalName: shown,
      storedName: `${fileId}.${check.extension}`,
      size: file.bytes.byteLength,
      mimeType: check.mime,
      kind: check.kind,
      bytes: file.bytes,
    };
  }
}
