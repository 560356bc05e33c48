/**
 * Which file store to use, from the environment: none of the S3 variables means the local store
 * under DATA_DIR; `S3_BUCKET` (with `S3_ENDPOINT`, `S3_REGION` and credentials as needed) means S3.
 */
import { z } from 'zod';

/** Largest upload any presigned policy may allow, unless `UPLOAD_MAX_BYTES` says otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface LocalStorageConfig {
  kind: 'local';
  dataDir: string;
  maxUploadBytes: number;
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** Unset means AWS itself; set for other S3-compatible services. */
  endpoint: string | null;
  /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Unset means the SDK's usual chain (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  maxUploadBytes: number;
}

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

const storageEnv = z.object({
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  AWS_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional().or(z.literal('')),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
});

export function loadStorageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const parsed = storageEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (!e.S3_BUCKET) return { kind: 'local', dataDir, maxUploadBytes: e.UPLOAD_MAX_BYTES };
  const endpoint = e.S3_ENDPOINT || null;
  const pathStyle = e.S3_FORCE_PATH_STYLE;
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || e.AWS_REGION || 'us-east-1',
    endpoint,
    // A custom endpoint is almost always a service that wants path-style addresses.
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : endpoint !== null,
    accessKeyId: e.S3_ACCESS_KEY_ID || null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || null,
    maxUploadBytes: e.UPLOAD_MAX_BYTES,
  };
}
