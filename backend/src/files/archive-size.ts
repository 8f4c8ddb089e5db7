import { MAX_ARCHIVE_ENTRIES, MAX_ARCHIVE_INFLATED_BYTES } from '@coseso/domain/files/upload-formats';
import yauzl from 'yauzl';

/** A ZIP container's first local file header: docx, xlsx, pptx, odt, epub, zip… all start so. */
export const isZipArchive = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Why an archive is refused: it unpacks past the byte cap, holds too many entries, holds an
 * archive where the format needs none (or one inside an embedded one), or cannot be read.
 */
export type ArchiveProblem = 'too-large' | 'too-many-entries' | 'nested-archive' | 'unreadable';

export type ArchiveInspection =
  | { readonly ok: true; readonly inflated: number; readonly entries: number }
  | { readonly ok: false; readonly problem: ArchiveProblem; readonly inflated: number };

/**
 * Where an Office document keeps the documents embedded in it (a spreadsheet in a letter): ZIP
 * archives themselves, the one nesting the formats need. Anywhere else, and inside those, an
 * archive is refused.
 */
const OFFICE_EMBEDDING = /^(word|xl|ppt)\/embeddings\/[^/]+$/;

class Refused extends Error {
  constructor(readonly problem: ArchiveProblem) {
    super(problem);
  }
}

interface Budget {
  inflated: number;
  entries: number;
}

const open = (bytes: Uint8Array) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // validateEntrySizes: an entry that inflates to more (or less) than its header says is an error.
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );

/**
 * Reads every entry of the archive by inflating it (yauzl, from the central directory, as Office
 * reads it), counting the bytes as they come against one budget for the archive and what it embeds:
 * it stops at the first byte past the cap, whatever the headers declared.
 */
async function inspect(bytes: Uint8Array, budget: Budget, nested: boolean): Promise<void> {
  const zip = await open(bytes).catch(() => {
    throw new Refused('unreadable');
  });
  try {
    if (budget.entries + zip.entryCount > MAX_ARCHIVE_ENTRIES) throw new Refused('too-many-entries');
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new Refused('unreadable')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        budget.entries += 1;
        if (budget.entries > MAX_ARCHIVE_ENTRIES) return reject(new Refused('too-many-entries'));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(new Refused('unreadable'));
          const kept: Buffer[] = [];
          let head: Buffer | null = null;
          let fail: Refused | null = null;
          stream.on('data', (chunk: Buffer) => {
            budget.inflated += chunk.length;
            if (budget.inflated > MAX_ARCHIVE_INFLATED_BYTES) fail = new Refused('too-large');
            head ??= chunk;
            if (!fail && isZipArchive(head) && (nested || !OFFICE_EMBEDDING.test(entry.fileName)))
              fail = new Refused('nested-archive');
            if (fail) return stream.destroy();
            if (isZipArchive(head)) kept.push(chunk);
          });
          stream.on('error', () => reject(fail ?? new Refused('unreadable')));
          stream.on('close', () => {
            if (fail) return reject(fail);
          });
          stream.on('end', () => {
            if (kept.length === 0) return zip.readEntry();
            inspect(Buffer.concat(kept), budget, true).then(() => zip.readEntry(), reject);
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/**
 * Inspects a ZIP archive (a .docx is one) by inflating it, never by trusting what it declares: at
 * most MAX_ARCHIVE_INFLATED_BYTES unpacked and MAX_ARCHIVE_ENTRIES entries, it and what it embeds
 * together, and no archive inside but an Office document's embedded ones (themselves without any).
 */
export async function inspectArchive(bytes: Uint8Array): Promise<ArchiveInspection> {
  const budget: Budget = { inflated: 0, entries: 0 };
  try {
    await inspect(bytes, budget, false);
    return { ok: true, inflated: budget.inflated, entries: budget.entries };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem, inflated: budget.inflated };
    throw error;
  }
}
