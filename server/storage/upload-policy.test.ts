/**
 * A signed upload policy of the local store is the session's that asked for it, and good for one
 * upload: another session, no session, or a second upload with it is refused, whichever server
 * process the second upload reaches (the used-policy mark is in the database).
 */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let otherProcess: FastifyInstance;
let dataDir: string;
let admin: string;
let secondAdmin: string;
let projectId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-policy-'));
  runtime = await openTestRuntime();
  const storage = { kind: 'local' as const, dataDir, maxUploadBytes: 1024 * 1024 };
  app = await buildTestApp(runtime, { storage });
  otherProcess = await buildTestApp(runtime, { storage });
  const user = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  await createUser(runtime, 'second@acme.test', 'second password', 'admin');
  projectId = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: user.userId }, { metadata: SYSTEM_ACTOR });
  admin = await signIn(app, 'admin@acme.test', 'admin password');
  secondAdmin = await signIn(app, 'second@acme.test', 'second password');
});
afterAll(async () => {
  await otherProcess.close();
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function uploadPolicy(cookie = admin): Promise<{ upload_url: string; fields: Record<string, string>; file_key: string }> {
  const answer = await app.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=csv&project_id=${projectId}`, headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function post(to: FastifyInstance, policy: { upload_url: string; fields: Record<string, string> }, cookie: string | null, content = 'a,b\n1,2\n') {
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', new Blob([content]), 'labels.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return to.inject({
    method: 'POST',
    url: policy.upload_url,
    headers: { 'content-type': request.headers.get('content-type')!, ...(cookie ? { cookie } : {}) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('a signed upload policy', () => {
  it('is used once: a second upload with it is refused and the first file stays as it was', async () => {
    const policy = await uploadPolicy();
    expect((await post(app, policy, admin)).statusCode).toBe(204);
    const again = await post(app, policy, admin, 'replaced,by,a,second,upload\n');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This upload link has already been used; ask for a new one.');
    const kept = await app.inject({
      method: 'POST',
      url: `/api/labels/import-preview?project_id=${projectId}&import_type=raw&file_key=${encodeURIComponent(policy.file_key)}`,
      headers: { cookie: admin },
    });
    expect(kept.json().columns).toEqual(['a', 'b']);
  });

  it('is used once across server processes sharing the database', async () => {
    const policy = await uploadPolicy();
    expect((await post(app, policy, admin)).statusCode).toBe(204);
    const elsewhere = await post(otherProcess, policy, admin);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('This upload link has already been used; ask for a new one.');
  });

  it("is refused with another user's session and with none, and stays good for its own", async () => {
    const policy = await uploadPolicy();
    const foreign = await post(app, policy, secondAdmin);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This upload link was given to another session.');
    const anonymous = await post(app, policy, null);
    expect(anonymous.statusCode).toBe(401);
    expect((await post(app, policy, admin)).statusCode).toBe(204);
  });

  it('is refused with another session of the same user', async () => {
    const policy = await uploadPolicy();
    const sameUserElsewhere = await signIn(app, 'admin@acme.test', 'admin password');
    expect((await post(app, policy, sameUserElsewhere)).statusCode).toBe(403);
    expect((await post(app, policy, admin)).statusCode).toBe(204);
  });
});
