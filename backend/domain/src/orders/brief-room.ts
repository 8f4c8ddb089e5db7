import { BRIEF_LIMITS } from './decider/brief.decider.js';

/** What the brief of an order can still take: files, and bytes of storage. */
export interface BriefRoom {
  readonly files: number;
  readonly bytes: number;
}

/** The room the brief's limits (20 files, 50 MB) leave beside the files it holds. */
export function briefRoom(files: readonly { readonly size: number }[]): BriefRoom {
  const used = files.reduce((sum, file) => sum + file.size, 0);
  return {
    files: Math.max(0, BRIEF_LIMITS.maxFiles - files.length),
    bytes: Math.max(0, BRIEF_LIMITS.maxTotalBytes - used),
  };
}

/**
 * What a multipart body adds to its files' bytes at most: the boundaries, each part's headers and
 * the form's small fields (the upload reads at most 30 parts and fields of 1 kB).
 */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Whether an upload whose body announces `contentLength` bytes can fit, judged before a byte of its
 * files is read: `files-full` when the brief holds its 20 files, `storage-full` when even the body
 * less its multipart overhead would not fit in the storage left. Anything else is judged file by
 * file by the decider once the files are read.
 */
export function upFrontRefusal(room: BriefRoom, contentLength: number): 'files-full' | 'storage-full' | null {
  if (room.files === 0) return 'files-full';
  if (contentLength - MULTIPART_OVERHEAD_BYTES > room.bytes) return 'storage-full';
  return null;
}
