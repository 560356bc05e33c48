import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { FileNotFoundError, newFileKey, readWhole, type FileStore, type PresignedUpload } from './file-store.ts';
import { LocalFileStore } from './local-store.ts';
import storagePlugin from './storage.plugin.ts';
import { loadStorageConfig } from './storage-config.ts';

/** Posts the presigned fields and then the file, as the browser does. */
async function postUpload(base: string, upload: PresignedUpload, body: Buffer, contentType = upload.fields['Content-Type']): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: contentType }), 'labels.csv');
  return fetch(new URL(upload.upload_url, base), { method: 'POST', body: form });
}

async function storeRoundTrip(store: FileStore, base: string) {
  const key = newFileKey('label-imports/p1', 'csv');
  const upload = await store.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024, expiresInSeconds: 60 });
  expect(upload.file_key).toBe(key);
  const answer = await postUpload(base, upload, Buffer.from('a,b\n1,2\n'));
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
  let app: FastifyInstance;
  let dir: string;
  let base: string;
  const maxUploadBytes = 2 * 1024 * 1024;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-local-'));
    app = Fastify();
    await app.register(storagePlugin, { config: { kind: 'local', dataDir: dir, maxUploadBytes } });
    app.get('/ping', async () => ({ ok: true }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes a browser-style multipart POST and gives the file back', async () => {
    const upload = await storeRoundTrip(app.storage, base);
    expect(upload.upload_url).toBe('/api/storage/upload');
    expect(Object.keys(upload.fields)).toEqual(['key', 'Content-Type', 'policy', 'signature']);
  });

  it('refuses a changed key, a forged signature and an expired policy', async () => {
    const key = newFileKey('label-imports/p1', 'csv');
    const upload = await app.storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024, expiresInSeconds: 60 });
    const otherKey = { ...upload, fields: { ...upload.fields, key: newFileKey('label-imports/p1', 'csv') } };
    expect((await postUpload(base, otherKey, Buffer.from('x'))).status).toBe(403);
    const forged = { ...upload, fields: { ...upload.fields, signature: 'f'.repeat(64) } };
    expect((await postUpload(base, forged, Buffer.from('x'))).status).toBe(403);

    const past = new LocalFileStore(dir, () => Date.now() - 120_000);
    const expired = await past.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024, expiresInSeconds: 60 });
    const answer = await postUpload(base, expired, Buffer.from('x'));
    expect(answer.status).toBe(403);
    expect((await answer.json()).message).toBe('The upload link has expired.');
    expect(await app.storage.stat(key)).toBeNull();
  });

  it('cuts off a file larger than its policy allows and keeps nothing of it', async () => {
    const key = newFileKey('label-imports/p1', 'csv');
    const upload = await app.storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1000, expiresInSeconds: 60 });
    const answer = await postUpload(base, upload, Buffer.alloc(5000, 'a'));
    expect(answer.status).toBe(413);
    expect(await app.storage.stat(key)).toBeNull();
  });

  it('refuses a 1 GB upload cleanly, announced or streamed, and keeps serving', async () => {
    const key = newFileKey('label-imports/p1', 'csv');
    const upload = await app.storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1024 * 1024, expiresInSeconds: 60 });
    const gigabyte = 1024 * 1024 * 1024;
    for (const announce of [true, false]) {
      const status = await sendHugeUpload(base, upload, gigabyte, announce);
      expect(status).toBe(413);
      const ping = await fetch(new URL('/ping', base));
      expect(await ping.json()).toEqual({ ok: true });
    }
    expect(await app.storage.stat(key)).toBeNull();
  });
});

/** Streams a multipart body of `size` bytes of file without holding it; resolves with the answer's status. */
function sendHugeUpload(base: string, upload: PresignedUpload, size: number, announceLength: boolean): Promise<number> {
  const boundary = 'x-boundary-1234';
  let head = '';
  for (const [name, value] of Object.entries(upload.fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const url = new URL(upload.upload_url, base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    if (announceLength) headers['content-length'] = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', (error) => (stopped ? undefined : reject(error)));
    let stopped = false;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    req.write(head);
    const pump = () => {
      while (!stopped && sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!stopped) req.end(tail);
    };
    req.on('response', () => {
      stopped = true;
    });
    req.on('close', () => {
      stopped = true;
    });
    pump();
  });
}

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
    const app = Fastify();
    const config = loadStorageConfig(
      { S3_BUCKET: 'stockledger-files', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
      dir,
    );
    await app.register(storagePlugin, { config });
    await app.ready();
    try {
      expect(app.storage.kind).toBe('s3');
      const upload = await storeRoundTrip(app.storage, endpoint);
      expect(upload.upload_url.startsWith(endpoint)).toBe(true);
      expect(upload.fields.Policy).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
