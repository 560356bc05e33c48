/** The label import's upload and job against a real S3-compatible server (s3rver on a free port). */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportPreview, ImportStatus } from '../../contract/label-import.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { rawRows, xlsxFile } from '../labels/import/import-fixtures.ts';
import { createProject } from '../projects/project-commands.ts';
import { loadStorageConfig } from '../storage/storage-config.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let s3: S3rver;
let dir: string;
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let projectId: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'label-import-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'labels-bucket', configs: [] }] });
  const { port } = await s3.run();
  const storage = loadStorageConfig(
    { S3_BUCKET: 'labels-bucket', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    dir,
  );
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { storage });
  const user = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  projectId = await createProject(runtime.store, { name: 'Cloud', customer: null, number: 'C-1', creatorId: user.userId }, { metadata: SYSTEM_ACTOR });
  admin = await signIn(app, 'admin@acme.test', 'admin password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

it('uploads to S3 with a presigned POST, previews and imports from the bucket', async () => {
  const answer = await app.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=xlsx&project_id=${projectId}`, headers: { cookie: admin } });
  const { upload_url, fields, file_key } = answer.json() as { upload_url: string; fields: Record<string, string>; file_key: string };
  expect(upload_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/labels-bucket/);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(xlsxFile(rawRows(40)))]), 'labels.xlsx');
  expect((await fetch(upload_url, { method: 'POST', body: form })).status).toBeLessThan(300);

  const q = `file_key=${encodeURIComponent(file_key)}&project_id=${projectId}&import_type=raw`;
  const preview = (await app.inject({ method: 'POST', url: `/api/labels/import-preview?${q}`, headers: { cookie: admin } })).json() as ImportPreview;
  expect(preview).toMatchObject({ total_rows: 40, columns: ['Rack', 'Port', 'Device'] });
  const { job_id } = (await app.inject({ method: 'POST', url: `/api/labels/import-from-s3/async/start?${q}`, headers: { cookie: admin } })).json();
  let status: ImportStatus | null = null;
  for (let i = 0; i < 400 && status?.status !== 'success' && status?.status !== 'error'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    status = (await app.inject({ method: 'GET', url: `/api/labels/import-from-s3/async/status?job_id=${job_id}`, headers: { cookie: admin } })).json();
  }
  expect(status).toMatchObject({ status: 'success', imported: 40, total: 40, result: { imported_count: 40 } });
});
