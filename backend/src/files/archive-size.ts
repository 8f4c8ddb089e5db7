import { unzipSync } from 'fflate';

/** A ZIP container's first local file header: docx, xlsx, pptx, odt, epub, zip… all start so. */
export const isZipArchive = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * What a ZIP archive says its entries unpack to, all together, read from its central directory
 * (ZIP64 sizes included) without unpacking anything; null when the archive cannot be read.
 */
export function declaredInflatedSize(bytes: Uint8Array): number | null {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        total += entry.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  return total;
}
