/**
 * Uploads count against a quota of bytes in flight per user: while one person's uploads hold it,
 * their next upload is refused with 429 and Retry-After before any of its body is read, on every
 * upload route; other people upload as usual, and the quota comes back when an upload ends.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { multipartEnvelope, streamRequest } from '../../test/helpers/streaming-upload.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

const MB = 1024 * 1024;

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let dataDir: string;
let port: number;
let admin: string;
let secondAdmin: string;
let projectId: string;
let secondProjectId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-quota-'));
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { storage: { kind: 'local', dataDir, maxUploadBytes: 2 * MB }, uploadInFlightBytesPerUser: 3 * MB });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  const user = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  const second = await createUser(runtime, 'second@acme.test', 'second password', 'admin');
  projectId = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: user.userId }, { metadata: SYSTEM_ACTOR });
  secondProjectId = await createProject(runtime.store, { name: 'Beta', customer: null, number: 'B-1', creatorId: second.userId }, { metadata: SYSTEM_ACTOR });
  admin = await signIn(app, 'admin@acme.test', 'admin password');
  secondAdmin = await signIn(app, 'second@acme.test', 'second password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An import file upload of `size` bytes of file, announced; `stopAfterBytes` stalls it midway. */
async function importUpload(cookie: string, size: number, options: { stopAfterBytes?: number; answerTimeoutMs?: number; project?: string } = {}) {
  const project = options.project ?? projectId;
  const policy = await app.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=csv&project_id=${project}`, headers: { cookie } });
  expect(policy.statusCode, policy.body).toBe(200);
  const form = multipartEnvelope(policy.json().fields, { name: 'labels.csv', type: 'text/csv' });
  return streamRequest({
    port,
    path: '/api/storage/upload',
    headers: { cookie, 'content-type': form.contentType },
    head: form.head,
    fillerBytes: size,
    tail: form.tail,
    announceLength: true,
    stopAfterBytes: options.stopAfterBytes,
    answerTimeoutMs: options.answerTimeoutMs,
  });
}

describe('the per-user quota of uploads in flight', () => {
  it('refuses an upload that would pass it before reading it, on every upload route, until the holder ends', async () => {
    // Holds 2 MB of the 3 MB quota: announced, a quarter sent, then silent for a while.
    const holding = importUpload(admin, 2 * MB - 1024, { stopAfterBytes: MB / 2, answerTimeoutMs: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refused = await importUpload(admin, 2 * MB - 1024, { stopAfterBytes: 0 });
    expect(refused.status, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(/^You have 2\.0 MB of uploads in progress/);

    const image = multipartEnvelope({ project_id: projectId }, { name: 'photo.png', type: 'image/png' });
    const imageRefused = await streamRequest({
      port,
      path: '/api/upload/request-image',
      headers: { cookie: admin, 'content-type': image.contentType },
      head: image.head,
      fillerBytes: 2 * MB,
      tail: image.tail,
      announceLength: true,
      stopAfterBytes: 0,
    });
    expect(imageRefused.status, imageRefused.body).toBe(429);

    // Someone else's uploads are not held back by it.
    expect((await importUpload(secondAdmin, 2 * MB - 1024, { project: secondProjectId })).status).toBe(204);

    // The stalled upload is dropped by its client; its bytes come back.
    const held = await holding;
    expect(held.status).toBeNull();
    await expect.poll(async () => (await importUpload(admin, 2 * MB - 1024)).status, { timeout: 3000 }).toBe(204);
  });

  it('counts an upload without a length as its route’s largest', async () => {
    const policy = await app.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=csv&project_id=${projectId}`, headers: { cookie: admin } });
    const form = multipartEnvelope(policy.json().fields, { name: 'labels.csv', type: 'text/csv' });
    const holding = streamRequest({
      port,
      path: '/api/storage/upload',
      headers: { cookie: admin, 'content-type': form.contentType },
      head: form.head,
      fillerBytes: MB,
      stopAfterBytes: 1024,
      answerTimeoutMs: 1500,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await importUpload(admin, MB + MB / 2, { stopAfterBytes: 0 })).status).toBe(429);
    await holding;
    await expect.poll(async () => (await importUpload(admin, MB + MB / 2)).status, { timeout: 3000 }).toBe(204);
  });
});
