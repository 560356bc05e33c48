/**
 * Files on local disk under `DATA_DIR/files`. Uploads come through the server's own endpoint
 * (`local-upload.routes.ts`), allowed by a policy signed here: which key, which content type, how
 * many bytes at most and until when, as S3 does for its presigned POST, and besides S3's terms which
 * session may use it (once, see upload-policy-uses.ts). The signing secret is a file beside the
 * stored files, so every process sharing the directory accepts the same uploads.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { FileNotFoundError, isValidFileKey, type FileStore, type PresignedUpload, type PresignUploadOptions, type StoredFileInfo } from './file-store.ts';

export const LOCAL_UPLOAD_PATH = '/api/storage/upload';

const PARTIAL_SUFFIX = '.partial';

const uploadPolicy = z.object({
  /** Marks the policy used, once. */
  id: z.uuid(),
  key: z.string().refine(isValidFileKey),
  contentType: z.string(),
  maxBytes: z.number().int().positive(),
  /** Milliseconds since the epoch after which the policy is refused. */
  expiresAt: z.number(),
  /** The session whose cookie the upload must carry. */
  sessionId: z.string().min(1),
});

/** What a signed local upload allows. */
export type UploadPolicy = z.infer<typeof uploadPolicy>;

export type PolicyCheck = { ok: true; policy: UploadPolicy } | { ok: false; reason: 'signature' | 'expired' | 'malformed' };

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly root: string;
  private secret: Promise<Buffer> | null = null;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = join(dataDir, 'files');
  }

  pathOf(key: string): string {
    if (!isValidFileKey(key)) throw new FileNotFoundError(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const partial = `${target}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    if (!(await this.stat(key))) throw new FileNotFoundError(key);
    return createReadStream(path);
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    if (!isValidFileKey(key)) return null;
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidFileKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Removes the partial files of writes that ended without their process (a crash mid-upload),
   * recognised by no write for `idleMs`: a live write, even a slow upload's, touches its file more
   * often than that. Answers how many it removed.
   */
  async sweepPartialFiles(idleMs: number): Promise<number> {
    let paths: string[];
    try {
      paths = await readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const path of paths.filter((p) => p.endsWith(PARTIAL_SUFFIX))) {
      const file = join(this.root, path);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || this.now() - info.mtimeMs < idleMs) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  async presignUpload(options: PresignUploadOptions): Promise<PresignedUpload> {
    const policy: UploadPolicy = {
      id: randomUUID(),
      key: options.key,
      contentType: options.contentType,
      maxBytes: options.maxBytes,
      expiresAt: this.now() + options.expiresInSeconds * 1000,
      sessionId: options.sessionId,
    };
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
    const signature = await this.sign(encoded);
    return {
      upload_url: LOCAL_UPLOAD_PATH,
      fields: { key: options.key, 'Content-Type': options.contentType, policy: encoded, signature },
      file_key: options.key,
    };
  }

  /** Checks a policy and its signature as posted in the upload form. */
  async checkPolicy(encoded: string | undefined, signature: string | undefined): Promise<PolicyCheck> {
    if (!encoded || !signature || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(await this.sign(encoded), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature' };
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const parsed = uploadPolicy.safeParse(decoded);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    if (parsed.data.expiresAt < this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, policy: parsed.data };
  }

  private async sign(encoded: string): Promise<string> {
    return createHmac('sha256', await this.signingSecret())
      .update(encoded)
      .digest('hex');
  }

  private signingSecret(): Promise<Buffer> {
    this.secret ??= loadOrCreateSecret(join(this.root, '.upload-secret'));
    return this.secret;
  }
}

async function loadOrCreateSecret(path: string): Promise<Buffer> {
  try {
    return Buffer.from(await readFile(path, 'utf8'), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  try {
    // `wx` fails when another process wrote it first; then its secret is the one to use.
    await writeFile(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(await readFile(path, 'utf8'), 'hex');
}
