/**
 * Files in an S3-compatible bucket. The browser uploads straight to the bucket with a presigned
 * POST whose policy fixes the key, the content type and the size range; the server reads files
 * back with `GetObject`.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { Readable } from 'node:stream';
import { FileNotFoundError, isValidFileKey, type FileStore, type PresignedUpload, type PresignUploadOptions, type StoredFileInfo } from './file-store.ts';
import type { S3StorageConfig } from './storage-config.ts';

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // PutObject needs the length up front; server-side writes are small, so gather streams first.
    const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await Readable.from(body).toArray());
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable> {
    if (!isValidFileKey(key)) throw new FileNotFoundError(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) throw new FileNotFoundError(key);
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    if (!isValidFileKey(key)) return null;
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidFileKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async presignUpload(options: PresignUploadOptions): Promise<PresignedUpload> {
    const post = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: options.key,
      Conditions: [
        ['content-length-range', 0, options.maxBytes],
        ['eq', '$Content-Type', options.contentType],
      ],
      Fields: { 'Content-Type': options.contentType },
      Expires: options.expiresInSeconds,
    });
    return { upload_url: post.url, fields: post.fields, file_key: options.key };
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
