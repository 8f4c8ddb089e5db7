import { type Readable } from 'node:stream';

/** What a download link says of the file it serves: the name the browser saves it under, its type. */
export interface DownloadOptions {
  /** Shown to the person who downloads it (already sanitised); never a path. */
  readonly fileName: string;
  readonly contentType: string;
  /** How long the link works, in seconds. */
  readonly expiresInSeconds: number;
}

/**
 * Where brief files live: a local folder (the default) or an S3 bucket. Keys are names the server
 * generates (`<uuid>.<extension>`), never a client's; files are only ever reached through a
 * short-lived signed link.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The stored size in bytes, or null when there is no such file. */
  stat(key: string): Promise<{ readonly size: number } | null>;
  /** A link that downloads the file until it expires; a tampered or expired link is refused. */
  downloadUrl(key: string, options: DownloadOptions): Promise<string>;
  /** Lets go of what the storage holds open (the S3 client's sockets) when the app stops. */
  destroy?(): void;
}

/** The local folder also serves its files, through the API's signed-link route. */
export interface ServedFileStorage extends FileStorage {
  open(key: string): Promise<Readable | null>;
}

/** Whether the storage serves its files itself (the local folder) rather than through its own links (S3). */
export const servesFiles = (storage: FileStorage): storage is ServedFileStorage =>
  typeof (storage as Partial<ServedFileStorage>).open === 'function';

export const FILE_STORAGE = Symbol('FileStorage');

/** The keys the server makes: a UUID and an extension, nothing that could climb out of a folder. */
export const STORAGE_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
