/**
 * The files a client may send with the brief: the spec's PNG, JPG, TXT, DOC and DOCX, and the other
 * images and the PDFs its file picker also allows. The server checks each one's content against it.
 */
export const UPLOAD_FORMATS = {
  png: { mime: 'image/png', kind: 'image' },
  jpg: { mime: 'image/jpeg', kind: 'image' },
  jpeg: { mime: 'image/jpeg', kind: 'image' },
  webp: { mime: 'image/webp', kind: 'image' },
  gif: { mime: 'image/gif', kind: 'image' },
  pdf: { mime: 'application/pdf', kind: 'document' },
  txt: { mime: 'text/plain', kind: 'document' },
  doc: { mime: 'application/msword', kind: 'document' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document' },
} as const;

export type UploadExtension = keyof typeof UPLOAD_FORMATS;
export type UploadKind = (typeof UPLOAD_FORMATS)[UploadExtension]['kind'];

/**
 * The most an archive (a .docx, or any ZIP container) may say it unpacks to, all its entries
 * together. A Word document of 10 MB, pictures and text, unpacks to a few dozen at most; a ZIP bomb
 * of a few kilobytes says hundreds of megabytes or more, and would be unpacked by whoever opens it.
 */
export const MAX_ARCHIVE_INFLATED_BYTES = 100 * 1024 * 1024;

/** Entries an archive may hold, it and what it embeds together: a long Word document has a few hundred. */
export const MAX_ARCHIVE_ENTRIES = 2_000;

/** The `accept` attribute of the file picker. */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_FORMATS)
  .map((extension) => `.${extension}`)
  .join(',');

/** The extension a file name declares, lower-cased, or null when it has none. */
export function declaredExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : null;
}

export const isUploadExtension = (extension: string | null): extension is UploadExtension =>
  extension !== null && Object.hasOwn(UPLOAD_FORMATS, extension);

/** An empty file says nothing, whatever its extension: told as such, not as a content mismatch. */
export const emptyFileMessage = (fileName: string) =>
  `« ${fileName} » est vide (0 octet) : choisissez le bon fichier, ou enregistrez-le à nouveau.`;
