/**
 * Reading spreadsheets cannot take the server down: at most two parses run at once per process
 * (another waits its turn in a short queue, or is told to retry), the server keeps answering
 * meanwhile, and a parse that runs past its time is ended with a message naming the file.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { rawRows, xlsxFile } from '../labels/import/import-fixtures.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let dataDir: string;
let base: string;
let admin: string;
let projectId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'label-import-parses-'));
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { storage: { kind: 'local', dataDir, maxUploadBytes: 10 * 1024 * 1024 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  projectId = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: user.userId }, { metadata: SYSTEM_ACTOR });
  admin = await signIn(app, 'admin@acme.test', 'admin password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(to: FastifyInstance, bytes: Buffer): Promise<string> {
  const answer = await to.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=xlsx&project_id=${projectId}`, headers: { cookie: admin } });
  const { upload_url, fields, file_key } = answer.json() as { upload_url: string; fields: Record<string, string>; file_key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'labels.xlsx');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const posted = await to.inject({
    method: 'POST',
    url: upload_url,
    headers: { 'content-type': request.headers.get('content-type')!, cookie: admin },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(posted.statusCode, posted.body).toBe(204);
  return file_key;
}

const previewUrl = (fileKey: string) => `/api/labels/import-preview?project_id=${projectId}&import_type=raw&file_key=${encodeURIComponent(fileKey)}`;

describe('spreadsheet previews', () => {
  it('run two at a time while the server keeps answering /healthz within 200 ms', async () => {
    const workbook = xlsxFile(rawRows(20_000));
    const keys = [await upload(app, workbook), await upload(app, workbook), await upload(app, workbook)];

    let peakRunning = 0;
    let peakWaiting = 0;
    const roundTrips: number[] = [];
    let previewing = true;
    const watch = (async () => {
      while (previewing) {
        peakRunning = Math.max(peakRunning, app.labelImports.parses.running);
        peakWaiting = Math.max(peakWaiting, app.labelImports.parses.waiting);
        const started = performance.now();
        const health = await fetch(`${base}/healthz`);
        roundTrips.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const answers = await Promise.all(keys.map((key) => fetch(`${base}${previewUrl(key)}`, { method: 'POST', headers: { cookie: admin } })));
    previewing = false;
    await watch;

    const statuses = answers.map((answer) => answer.status).sort();
    expect(peakRunning).toBe(2);
    expect(peakWaiting > 0 || statuses.includes(429)).toBe(true);
    for (const answer of answers) {
      if (answer.status === 429) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await answer.json()).message).toMatch(/^The server is reading 2 import files already; try again in \d+ seconds\.$/);
      } else {
        expect(answer.status).toBe(200);
        expect((await answer.json()).total_rows).toBe(20_000);
      }
    }
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(roundTrips.length).toBeGreaterThan(5);
    // Nine in ten under 200 ms and none held for a second: the test shares this process and its
    // two cores with other test files, whose pauses a strict maximum would charge to the server.
    const sorted = [...roundTrips].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(200);
    expect(sorted.at(-1)).toBeLessThan(1000);
  });

  it('ends a parse that runs past its time with 422 naming the file', async () => {
    const impatient = await buildTestApp(runtime, { storage: { kind: 'local', dataDir, maxUploadBytes: 10 * 1024 * 1024 }, importParseTimeoutMs: 1 });
    try {
      const key = await upload(impatient, xlsxFile(rawRows(5_000)));
      const answer = await impatient.inject({ method: 'POST', url: previewUrl(key), headers: { cookie: admin } });
      expect(answer.statusCode).toBe(422);
      const name = key.split('/').pop()!;
      expect(answer.json().message).toBe(
        `Failed to parse file: ${name} took longer than 1 ms to read and was stopped. Save it as CSV or split it into smaller files.`,
      );
    } finally {
      await impatient.close();
    }
  });
});
