import { basename } from 'node:path';

const MAX_NAME_LENGTH = 120;

/**
 * The name a client gave a file, made harmless for display and download: no folders, no control or
 * invisible characters, no leading dots, at most 120 characters (keeping the extension). It is only
 * ever metadata: files are stored under names the server makes.
 */
export function displayName(original: string, fallbackExtension: string): string {
  const lastSegment = basename(original.replaceAll('\\', '/'));
  let name = lastSegment
    .normalize('NFC')
    // Control characters, bidi overrides and other invisible format characters.
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name || `fichier.${fallbackExtension}`;
}

/** A Content-Disposition that downloads under `name`, for every browser (RFC 6266 with a UTF-8 twin). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
