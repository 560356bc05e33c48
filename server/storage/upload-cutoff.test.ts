/**
 * Uploads that cannot fill the disk: a body past its limit is answered 413 and its connection closed
 * as soon as the limit is passed, on every route that takes a body; an upload the client drops
 * leaves no partial file; partial files a crash left behind are removed when the server starts.
 */
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_IMAGE_MAX_BYTES, REQUEST_MESSAGES } from '../../contract/requests.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { multipartEnvelope, streamRequest, type StreamedAnswer } from '../../test/helpers/streaming-upload.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

const MB = 1024 * 1024;
const HUGE = 120 * MB;

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let dataDir: string;
let port: number;
let admin: string;
let projectId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-cutoff-'));
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { storage: { kind: 'local', dataDir, maxUploadBytes: MB } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  const user = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  projectId = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: user.userId }, { metadata: SYSTEM_ACTOR });
  admin = await signIn(app, 'admin@acme.test', 'admin password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function uploadPolicy(): Promise<{ fields: Record<string, string>; file_key: string }> {
  const answer = await app.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=csv&project_id=${projectId}`, headers: { cookie: admin } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Every file under the project's import folder, partial or whole. */
async function importFolderFiles(): Promise<string[]> {
  return readdir(join(dataDir, 'files', 'label-imports', projectId)).catch(() => []);
}

/** Answered 413 once `limit` bytes were passed, and cut off with most of the body unsent. */
function expectCutOffEarly(answer: StreamedAnswer, limit: number) {
  expect(answer.status, answer.body).toBe(413);
  // Socket buffers let some megabytes more leave the client before it hears the answer, never the rest.
  expect(answer.sentWhenAnswered!).toBeLessThan(limit + 16 * MB);
  expect(answer.closedBeforeBodyEnd).toBe(true);
  expect(answer.sent).toBeLessThan(answer.bodyBytes);
}

async function expectServing() {
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
}

describe('a body past its limit', () => {
  for (const announceLength of [true, false]) {
    it(`is cut off at the local upload endpoint with 413, ${announceLength ? 'announced' : 'chunked'}, and leaves no file`, async () => {
      const policy = await uploadPolicy();
      const form = multipartEnvelope(policy.fields, { name: 'labels.csv', type: 'text/csv' });
      const answer = await streamRequest({
        port,
        path: '/api/storage/upload',
        headers: { cookie: admin, 'content-type': form.contentType },
        head: form.head,
        fillerBytes: HUGE,
        tail: form.tail,
        announceLength,
      });
      expectCutOffEarly(answer, MB);
      expect(JSON.parse(answer.body).message).toBe(`The file is larger than the limit of ${MB} bytes.`);
      await expect.poll(importFolderFiles).toEqual([]);
      await expectServing();
    });
  }

  it('is answered 413 even when the body never ends', async () => {
    const policy = await uploadPolicy();
    const form = multipartEnvelope(policy.fields, { name: 'labels.csv', type: 'text/csv' });
    const answer = await streamRequest({
      port,
      path: '/api/storage/upload',
      headers: { cookie: admin, 'content-type': form.contentType },
      head: form.head,
      fillerBytes: HUGE,
      stopAfterBytes: HUGE,
    });
    expectCutOffEarly(answer, MB);
    await expect.poll(importFolderFiles).toEqual([]);
  });

  it('is cut off on the request image upload with 413', async () => {
    const form = multipartEnvelope({ project_id: projectId }, { name: 'photo.png', type: 'image/png' });
    const answer = await streamRequest({
      port,
      path: '/api/upload/request-image',
      headers: { cookie: admin, 'content-type': form.contentType },
      head: form.head,
      fillerBytes: HUGE,
      tail: form.tail,
    });
    expectCutOffEarly(answer, REQUEST_IMAGE_MAX_BYTES);
    expect(JSON.parse(answer.body).message).toBe(REQUEST_MESSAGES.imageTooLarge);
    await expectServing();
  });

  it('is cut off on a JSON route with 413', async () => {
    const answer = await streamRequest({
      port,
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      head: '{"email":"',
      fillerBytes: HUGE,
      tail: '","password":"x"}',
    });
    expectCutOffEarly(answer, app.initialConfig.bodyLimit!);
    await expectServing();
  });
});

describe('an upload the client drops midway', () => {
  it('leaves neither a partial nor a whole file', async () => {
    const policy = await uploadPolicy();
    const form = multipartEnvelope(policy.fields, { name: 'labels.csv', type: 'text/csv' });
    await streamRequest({
      port,
      path: '/api/storage/upload',
      headers: { cookie: admin, 'content-type': form.contentType },
      head: form.head,
      fillerBytes: MB - 4096,
      tail: form.tail,
      abortAfterBytes: MB / 2,
    });
    await expect.poll(importFolderFiles, { timeout: 3000 }).toEqual([]);
    await expectServing();
  });
});

describe('the start-up sweep', () => {
  it('removes partial files a crash left behind and keeps one still being written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upload-sweep-'));
    const folder = join(dir, 'files', 'label-imports', projectId);
    await mkdir(folder, { recursive: true });
    const leftBehind = join(folder, `${crypto.randomUUID()}.xlsx.0a1b2c3d4e5f.partial`);
    const beingWritten = join(folder, `${crypto.randomUUID()}.csv.abcdefabcdef.partial`);
    const whole = join(folder, `${crypto.randomUUID()}.csv`);
    for (const path of [leftBehind, beingWritten, whole]) await writeFile(path, 'a,b\n');
    const anHourAgo = new Date(Date.now() - 3600_000);
    await utimes(leftBehind, anHourAgo, anHourAgo);
    await utimes(whole, anHourAgo, anHourAgo);

    const restarted = await buildTestApp(runtime, { storage: { kind: 'local', dataDir: dir, maxUploadBytes: MB } });
    try {
      await expect(stat(leftBehind)).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await stat(beingWritten)).isFile()).toBe(true);
      expect((await stat(whole)).isFile()).toBe(true);
    } finally {
      await restarted.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
