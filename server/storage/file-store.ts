/**
 * One interface for the files the product keeps (label imports, request images): local disk under
 * DATA_DIR by default, S3-compatible storage when configured. The browser uploads the same way to
 * both: it asks for a presigned upload, then POSTs the returned fields plus the file as multipart
 * form data to `upload_url` (S3's browser-upload shape, which the local store imitates).
 */
import type { Readable } from 'node:stream';

/** What `POST …/upload-url` answers: where to POST, the form fields to send first, and the key the file will have. */
export interface PresignedUpload {
  upload_url: string;
  fields: Record<string, string>;
  file_key: string;
}

export interface PresignUploadOptions {
  /** The file's key, made by `newFileKey`; the upload may only write this key. */
  key: string;
  contentType: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Seconds the upload stays allowed. */
  expiresInSeconds: number;
  /** The session that asks: the local store takes the upload only with this session's cookie (S3 has no way to check one). */
  sessionId: string;
}

export interface StoredFileInfo {
  size: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes a whole file (server-side writes such as generated exports and tests). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** A stream of the file's bytes; throws `FileNotFoundError` when there is none. */
  get(key: string): Promise<Readable>;
  /** The file's size, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  presignUpload(options: PresignUploadOptions): Promise<PresignedUpload>;
  /** Lets go of what the store holds open (S3's client sockets); called when the server closes. */
  destroy?(): void;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

// Keys are ours to make: a folder, a random id and a short extension, so a key can never climb out
// of its directory or carry characters a file system or S3 treats specially.
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}(\/[a-z0-9][a-z0-9-]{0,62}){0,4}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

export function isValidFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh key under a folder such as `label-imports/<project id>`, keeping a safe extension. */
export function newFileKey(folder: string, extension: string, id: string = crypto.randomUUID()): string {
  const ext = extension.replace(/^\./, '').toLowerCase();
  const key = `${folder}/${id}${ext ? `.${ext}` : ''}`;
  if (!isValidFileKey(key)) throw new Error(`Not a valid file key: ${key}`);
  return key;
}

/** Reads a stored file whole, refusing to hold more than `maxBytes` in memory. */
export async function readWhole(store: FileStore, key: string, maxBytes: number): Promise<Buffer> {
  const stream = await store.get(key);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new FileTooLargeError(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}
