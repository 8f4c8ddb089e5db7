import {
  UPLOAD_FORMATS,
  type UploadExtension,
  type UploadKind,
  declaredExtension,
  isUploadExtension,
} from '@coseso/domain/files/upload-formats';
import { fileTypeFromBuffer } from 'file-type';
import { type ArchiveProblem, inspectArchive, isZipArchive } from './archive-size.js';

/** What the bytes are, whatever the file is called: a format from its signature, plain text, or unknown. */
export interface SniffedContent {
  /** file-type's extension (`png`, `jpg`, `pdf`, `zip`, `docx`, `cfb`…), or `txt`. */
  readonly extension: string;
  readonly mime: string;
}

export type ContentCheck =
  | {
      readonly ok: true;
      readonly extension: UploadExtension;
      readonly mime: string;
      readonly kind: UploadKind;
    }
  | { readonly ok: false; readonly reason: 'format-not-allowed'; readonly declared: string | null }
  | {
      readonly ok: false;
      readonly reason: 'content-mismatch';
      readonly declared: UploadExtension;
      readonly detected: string | null;
    }
  | {
      readonly ok: false;
      readonly reason: 'archive-refused';
      readonly declared: UploadExtension;
      readonly problem: ArchiveProblem;
    };

/** The sniffed formats each declared extension accepts. A .doc is an OLE compound file (`cfb`). */
const ACCEPTED_CONTENT: Record<UploadExtension, readonly string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  webp: ['webp'],
  gif: ['gif'],
  pdf: ['pdf'],
  txt: ['txt'],
  doc: ['cfb'],
  docx: ['docx'],
};

// Control characters other than tab, line feed, form feed and carriage return: binary, not text.
const isBinaryByte = (byte: number) =>
  (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) || byte === 0x7f;

/**
 * Plain text has no signature: it is what has none and holds no control characters. Bytes above
 * 0x7f pass, so UTF-8 and the Windows-1252 of an old Notepad both count.
 */
const looksLikeText = (bytes: Uint8Array) => bytes.length > 0 && !bytes.some(isBinaryByte);

export async function sniffContent(bytes: Uint8Array): Promise<SniffedContent | null> {
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined); // a malformed file is unknown, not an error
  if (detected) return { extension: detected.ext, mime: detected.mime };
  return looksLikeText(bytes) ? { extension: 'txt', mime: 'text/plain' } : null;
}

/**
 * Accepts an upload only when its extension is an allowed format and its bytes are that format: a
 * script renamed `.png`, or a PDF renamed `.docx`, is refused. An archive (a .docx is one) is
 * inflated, not trusted (`inspectArchive`): refused past 100 MB unpacked or 2,000 entries, with an
 * archive inside where the format needs none, or unreadable; the team would open it. The MIME type to store and serve it with comes from here, never from the
 * browser.
 */
export async function checkUploadContent(fileName: string, bytes: Uint8Array): Promise<ContentCheck> {
  const declared = declaredExtension(fileName);
  if (!isUploadExtension(declared)) return { ok: false, reason: 'format-not-allowed', declared };
  const sniffed = await sniffContent(bytes);
  if (!sniffed || !ACCEPTED_CONTENT[declared].includes(sniffed.extension))
    return { ok: false, reason: 'content-mismatch', declared, detected: sniffed?.extension ?? null };
  if (isZipArchive(bytes)) {
    const inspection = await inspectArchive(bytes);
    if (!inspection.ok)
      return { ok: false, reason: 'archive-refused', declared, problem: inspection.problem };
  }
  const { mime, kind } = UPLOAD_FORMATS[declared];
  return { ok: true, extension: declared, mime, kind };
}
