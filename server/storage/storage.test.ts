import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { buildTestApp, createUser } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createSession } from '../auth/session-store.ts';
import { ACCESS_COOKIE } from '../plugins/auth.ts';
import { FileNotFoundError, newFileKey, readWhole, type FileStore, type PresignedUpload } from './file-store.ts';
import { LocalFileStore } from './local-store.ts';
import { S3FileStore } from './s3-store.ts';
import { createFileStore } from './storage.plugin.ts';
import { loadStorageConfig } from './storage-config.ts';

/** A session to upload with: its id goes into the policy, its cookie with the upload. */
interface UploadSession {
  id: string;
  cookie: string | null;
}

/** Posts the presigned fields and then the file, as the browser does (with its cookies on the same origin). */
async function postUpload(base: string, upload: PresignedUpload, body: Buffer, session: UploadSession): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: upload.fields['Content-Type'] }), 'labels.csv');
  return fetch(new URL(upload.upload_url, base), { method: 'POST', body: form, headers: session.cookie ? { cookie: session.cookie } : {} });
}

async function storeRoundTrip(store: FileStore, base: string, session: UploadSession) {
  const key = newFileKey('label-imports/p1', 'csv');
  const upload = await store.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024, expiresInSeconds: 60, sessionId: session.id });
  expect(upload.file_key).toBe(key);
  const answer = await postUpload(base, upload, Buffer.from('a,b\n1,2\n'), session);
  expect(answer.status).toBeLessThan(300);
  expect((await readWhole(store, key, 1024)).toString()).toBe('a,b\n1,2\n');
  expect(await store.stat(key)).toEqual({ size: 8 });
  await store.delete(key);
  expect(await store.stat(key)).toBeNull();
  await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
  return upload;
}

describe('the storage configuration', () => {
  it('is the local store under DATA_DIR with no S3 variables', () => {
    expect(loadStorageConfig({}, '/srv/data')).toEqual({ kind: 'local', dataDir: '/srv/data', maxUploadBytes: 50 * 1024 * 1024 });
  });
  it('is S3 with S3_BUCKET, path-style when an endpoint is given', () => {
    const config = loadStorageConfig(
      { S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', UPLOAD_MAX_BYTES: '1000' },
      '/srv/data',
    );
    expect(config).toEqual({
      kind: 's3',
      bucket: 'files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: 'k',
      secretAccessKey: 's',
      maxUploadBytes: 1000,
    });
  });
});

describe('the local store and its signed upload endpoint', () => {
  let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
  let app: FastifyInstance;
  let dir: string;
  let base: string;
  let session: UploadSession;
  const maxUploadBytes = 2 * 1024 * 1024;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-local-'));
    runtime = await openTestRuntime();
    app = await buildTestApp(runtime, { storage: { kind: 'local', dataDir: dir, maxUploadBytes } });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(runtime, 'uploader@acme.test', 'uploader password');
    const tokens = await createSession(runtime.store.db, user.userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    session = { id: tokens.sessionId, cookie: `${ACCESS_COOKIE}=${tokens.accessToken}` };
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes a browser-style multipart POST and gives the file back', async () => {
    const upload = await storeRoundTrip(app.storage, base, session);
    expect(upload.upload_url).toBe('/api/storage/upload');
    expect(Object.keys(upload.fields)).toEqual(['key', 'Content-Type', 'policy', 'signature']);
  });

  it('refuses a changed key, a forged signature and an expired policy', async () => {
    const key = newFileKey('label-imports/p1', 'csv');
    const upload = await app.storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024, expiresInSeconds: 60, sessionId: session.id });
    const otherKey = { ...upload, fields: { ...upload.fields, key: newFileKey('label-imports/p1', 'csv') } };
    expect((await postUpload(base, otherKey, Buffer.from('x'), session)).status).toBe(403);
    const forged = { ...upload, fields: { ...upload.fields, signature: 'f'.repeat(64) } };
    expect((await postUpload(base, forged, Buffer.from('x'), session)).status).toBe(403);

    const past = new LocalFileStore(dir, () => Date.now() - 120_000);
    const expired = await past.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024, expiresInSeconds: 60, sessionId: session.id });
    const answer = await postUpload(base, expired, Buffer.from('x'), session);
    expect(answer.status).toBe(403);
    expect((await answer.json()).message).toBe('The upload link has expired.');
    expect(await app.storage.stat(key)).toBeNull();
  });

  it('cuts off a file larger than its policy allows and keeps nothing of it', async () => {
    const key = newFileKey('label-imports/p1', 'csv');
    const upload = await app.storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1000, expiresInSeconds: 60, sessionId: session.id });
    const answer = await postUpload(base, upload, Buffer.alloc(5000, 'a'), session);
    expect(answer.status).toBe(413);
    expect((await answer.json()).message).toBe('The file is larger than the limit of 1000 bytes.');
    expect(await app.storage.stat(key)).toBeNull();
  });
});

describe('the S3 store against an S3-compatible server', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'stockledger-files', configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads through a presigned POST and reads the file back', async () => {
    const config = loadStorageConfig(
      { S3_BUCKET: 'stockledger-files', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
      dir,
    );
    const store = await createFileStore(config);
    try {
      expect(store).toBeInstanceOf(S3FileStore);
      // S3 sees no session: the policy names one for the local store's sake only.
      const upload = await storeRoundTrip(store, endpoint, { id: 'no-session', cookie: null });
      expect(upload.upload_url.startsWith(endpoint)).toBe(true);
      expect(upload.fields.Policy).toBeTruthy();
    } finally {
      (store as S3FileStore).destroy();
    }
  });
});
