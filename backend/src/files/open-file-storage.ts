import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { type AppConfig } from '../config/app-config.js';
import { type FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { type DownloadLinkSigner } from './signed-links.js';

/**
 * S3 when S3_BUCKET is set, else the local folder UPLOAD_DIR. The S3 client (some 35 MB of a
 * process's memory with its presigner) is loaded only when it is the one configured. The local
 * folder's links are dated by the app's Clock; S3 dates its presigned links itself.
 */
export async function openFileStorage(
  config: AppConfig,
  signer: DownloadLinkSigner,
  clock: Clock = systemClock,
): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    const { S3FileStorage } = await import('./s3-file-storage.js');
    return new S3FileStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
    });
  }
  return new LocalFileStorage(config.UPLOAD_DIR, signer, config.PUBLIC_URL, () => clock.now().getTime());
}
