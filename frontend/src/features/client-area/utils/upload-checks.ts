import {
  UPLOAD_FORMATS,
  declaredExtension,
  emptyFileMessage,
  isUploadExtension,
} from '@coseso/domain/files/upload-formats';
import { STORAGE_LIMIT_MB } from './client-files';

export const MAX_FILES_PER_UPLOAD = 20;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MB = 1024 * 1024;

type Picked = Pick<File, 'name' | 'size'>;

/**
 * Checks a batch before sending it, with the server's limits (spec §5): 20 files, 10 MB each,
 * 50 MB in all for the order, and the formats it accepts. The first problem, in French, or null.
 */
export function uploadProblem(files: readonly Picked[], storageUsedMb: number): string | null {
  if (files.length === 0) return 'Choisissez au moins un fichier.';
  if (files.length > MAX_FILES_PER_UPLOAD)
    return `Trop de fichiers : ${MAX_FILES_PER_UPLOAD} au plus par envoi.`;
  for (const file of files) {
    if (!isUploadExtension(declaredExtension(file.name)))
      return `« ${file.name} » n'est pas un format accepté (PNG, JPG, TXT, DOC, DOCX ou PDF).`;
    if (file.size > MAX_FILE_BYTES) return `« ${file.name} » dépasse 10 Mo.`;
    if (file.size === 0) return emptyFileMessage(file.name);
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (storageUsedMb + total / MB > STORAGE_LIMIT_MB)
    return `Espace insuffisant : ${STORAGE_LIMIT_MB} Mo au plus par commande (${formatMb(storageUsedMb)} déjà utilisés).`;
  return null;
}

/** The multipart field of a batch (spec §5): `images` when any file is an image, else `documents`. */
export function uploadField(files: readonly Picked[]): 'images' | 'documents' {
  return files.some((file) => {
    const extension = declaredExtension(file.name);
    return isUploadExtension(extension) && UPLOAD_FORMATS[extension].kind === 'image';
  })
    ? 'images'
    : 'documents';
}

export const formatMb = (mb: number) =>
  `${mb.toLocaleString('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 0 })} Mo`;
