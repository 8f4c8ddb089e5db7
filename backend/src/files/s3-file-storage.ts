import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type DownloadOptions, type FileStorage, assertStorageKey } from './file-storage.js';
import { contentDisposition } from './download-names.js';

export interface S3StorageOptions {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible server (MinIO, a local one in tests); unset for AWS itself. */
  readonly endpoint?: string;
  readonly forcePathStyle?: boolean;
  /** Unset: the SDK's own chain (environment, instance role…). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Under which prefix of the bucket the files go. */
  readonly prefix?: string;
  /** When links are signed (tests sign in the past to get an expired one). */
  readonly clock?: () => number;
}

/** Files in an S3 bucket; downloads are presigned GET links that name the file and expire. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
    };
    this.client = new S3Client(config);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound') return null;
      throw error;
    }
  }

  async downloadUrl(key: string, options: DownloadOptions): Promise<string> {
    assertStorageKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: contentDisposition(options.fileName),
      }),
      {
        expiresIn: options.expiresInSeconds,
        ...(this.options.clock ? { signingDate: new Date(this.options.clock()) } : {}),
      },
    );
  }

  destroy(): void {
    this.client.destroy();
  }

  private objectKey(key: string) {
    return `${this.options.prefix ?? ''}${key}`;
  }
}
