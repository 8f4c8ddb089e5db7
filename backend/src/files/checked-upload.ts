import { randomUUID } from 'node:crypto';
import {
  MAX_ARCHIVE_ENTRIES,
  MAX_ARCHIVE_INFLATED_BYTES,
  UPLOAD_FORMATS,
  declaredExtension,
  emptyFileMessage,
} from '@coseso/domain/files/upload-formats';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type Logger } from '@nestjs/common';
import { ApiError } from '../infra/http/api-errors.js';
import { type ArchiveProblem } from './archive-size.js';
import { checkUploadContent } from './content-type.js';
import { displayName } from './download-names.js';
import { type FileStorage } from './file-storage.js';

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

/** A file as the browser sent it. */
export interface IncomingFile {
  /** As the browser named it: metadata only, sanitised before it is kept. */
  readonly originalName: string;
  readonly bytes: Uint8Array;
}

/** A file whose content is what its name declares, named for storage by us. */
export interface CheckedFile {
  readonly fileId: string;
  /** The sender's name, made safe for display. */
  readonly originalName: string;
  readonly storedName: string;
  readonly size: number;
  readonly mimeType: string;
  readonly kind: 'image' | 'document';
  readonly bytes: Uint8Array;
}

/**
 * The checks every uploaded file passes (brief files, message attachments): a name that is not a
 * path, some bytes, a format of the list whose content is that format, an archive that does not
 * unpack past its limit. Each refusal is a 400 in French naming the file.
 */
export async function checkIncomingFile(file: IncomingFile): Promise<CheckedFile> {
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
    originalName: shown,
    storedName: `${fileId}.${check.extension}`,
    size: file.bytes.byteLength,
    mimeType: check.mime,
    kind: check.kind,
    bytes: file.bytes,
  };
}

/**
 * Stores checked files, then records them (`record`: the command that appends their event); when
 * anything is refused on the way (a limit of the order, its status), the stored bytes are removed
 * again, so a refusal leaves nothing behind.
 */
export async function storeThenRecord<T>(
  storage: FileStorage,
  files: readonly Pick<CheckedFile, 'storedName' | 'bytes' | 'mimeType'>[],
  record: () => Promise<T>,
  logger: Logger,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await storage.put(file.storedName, file.bytes, file.mimeType);
      stored.push(file.storedName);
    }
    return await record();
  } catch (error) {
    await Promise.all(
      stored.map((key) =>
        storage
          .delete(key)
          .catch((cause: unknown) =>
            logger.warn({ msg: 'a refused upload left a file behind', key, err: String(cause) }),
          ),
      ),
    );
    throw error;
  }
}
