import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable } from 'node:stream';
import { type DownloadOptions, type ServedFileStorage, assertStorageKey } from './file-storage.js';
import { type DownloadLinkSigner } from './signed-links.js';

/** The API route that serves a local file to whoever holds a valid signed link. */
export const LOCAL_DOWNLOAD_PATH = '/api/files/download';

/**
 * Files in a folder of the server (UPLOAD_DIR). Never served as a folder: each download goes through
 * an HMAC-signed, expiring link checked by the API.
 */
export class LocalFileStorage implements ServedFileStorage {
  constructor(
    private readonly folder: string,
    private readonly signer: DownloadLinkSigner,
    private readonly publicUrl: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    assertStorageKey(key);
    await mkdir(this.folder, { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const partial = join(this.folder, `.${randomUUID()}.part`);
    await writeFile(partial, bytes, { flag: 'wx' });
    await rename(partial, this.path(key));
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await rm(this.path(key), { force: true });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    const found = await stat(this.path(key)).catch(() => null);
    return found?.isFile() ? { size: found.size } : null;
  }

  async open(key: string): Promise<Readable | null> {
    if (!(await this.stat(key))) return null;
    return createReadStream(this.path(key));
  }

  async downloadUrl(key: string, options: DownloadOptions): Promise<string> {
    assertStorageKey(key);
    const query = {
      expires: Math.floor(this.clock() / 1000) + options.expiresInSeconds,
      name: options.fileName,
      type: options.contentType,
    };
    const params = new URLSearchParams({
      expires: String(query.expires),
      name: query.name,
      type: query.type,
      signature: this.signer.sign(key, query),
    });
    return `${this.publicUrl}${LOCAL_DOWNLOAD_PATH}/${key}?${params}`;
  }

  private path(key: string) {
    return join(this.folder, key);
  }
}
