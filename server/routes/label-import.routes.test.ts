import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PREVIEW_ROWS, type ImportPreview, type ImportStatus } from '../../contract/label-import.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { csvFile, rawRows, xlsxFile, zipBomb } from '../labels/import/import-fixtures.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let dataDir: string;
let admin: string;
let projectId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'label-import-'));
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { storage: { kind: 'local', dataDir, maxUploadBytes: 5 * 1024 * 1024 } });
  const adminUser = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  projectId = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: adminUser.userId }, { metadata: SYSTEM_ACTOR });
  admin = await signIn(app, 'admin@acme.test', 'admin password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The browser's upload: ask for the URL, then POST its fields plus the file as multipart form data. */
async function upload(bytes: Buffer, extension: 'csv' | 'xlsx'): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/labels/upload-url?file_extension=${extension}&project_id=${projectId}`,
    headers: { cookie: admin },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const { upload_url, fields, file_key } = answer.json() as { upload_url: string; fields: Record<string, string>; file_key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), `labels.${extension}`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const posted = await app.inject({
    method: 'POST',
    url: upload_url,
    // The upload link is this session's: the browser sends its cookie with the POST (same origin).
    headers: { 'content-type': request.headers.get('content-type')!, cookie: admin },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(posted.statusCode, posted.body).toBe(204);
  return file_key;
}

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries({ project_id: projectId, ...params }).filter((e): e is [string, string] => e[1] !== undefined)).toString();

async function preview(fileKey: string, params: Record<string, string | undefined> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/labels/import-preview?${query({ file_key: fileKey, import_type: 'preformatted', ...params })}`,
    headers: { cookie: admin },
  });
}

async function importAndWait(fileKey: string, params: Record<string, string | undefined> = {}): Promise<ImportStatus & { jobId: string }> {
  const started = await app.inject({
    method: 'POST',
    url: `/api/labels/import-from-s3/async/start?${query({ file_key: fileKey, import_type: 'preformatted', ...params })}`,
    headers: { cookie: admin },
  });
  expect(started.statusCode, started.body).toBe(200);
  const jobId = started.json().job_id as string;
  for (let i = 0; i < 600; i += 1) {
    const status = (
      await app.inject({ method: 'GET', url: `/api/labels/import-from-s3/async/status?job_id=${jobId}`, headers: { cookie: admin } })
    ).json() as ImportStatus;
    if (status.status === 'success' || status.status === 'error') return { ...status, jobId };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

async function searchAll(q?: string) {
  const answer = await app.inject({ method: 'GET', url: `/api/labels/search?${query({ q, limit: '500' })}`, headers: { cookie: admin } });
  return answer.json() as { items: Array<{ label_lines: string[]; system: string | null; cluster_pod: string | null }>; total: number };
}

async function createTemplate(): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/labels/templates?project_id=${projectId}`,
    headers: { cookie: admin },
    payload: {
      name: 'Rack and port',
      template_data: {
        columns: ['Rack', 'Port', 'Device'],
        lines: [
          { id: 'l1', fields: [{ name: 'Rack', prependText: 'RACK ', appendText: '' }], separator: ' ', casing: 'none' },
          {
            id: 'l2',
            fields: [
              { name: 'Port', prependText: 'P', appendText: '' },
              { name: 'Device', prependText: '', appendText: '' },
            ],
            separator: ' / ',
            casing: 'uppercase',
          },
        ],
      },
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as string;
}

describe('label import through the local store', () => {
  it('refuses a file type other than CSV or XLSX when asked for an upload URL', async () => {
    const answer = await app.inject({ method: 'POST', url: `/api/labels/upload-url?file_extension=txt&project_id=${projectId}`, headers: { cookie: admin } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Please select a CSV or XLSX file');
  });

  it('previews and imports a preformatted CSV: non-blank cells trimmed, blank rows skipped, tags from the dialog', async () => {
    const file = csvFile([['  RACK 1 ', '', 'Port 1'], ['', '', ''], ['RACK 2', ' Port 2 ', ' '], ['RACK 3']]);
    const key = await upload(file, 'csv');
    const answer = await preview(key, { system: 'Power', cluster_pod: 'Pod-1' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as ImportPreview;
    expect(body).toMatchObject({ total_rows: 3, columns: ['Line 1', 'Line 2'], import_type: 'preformatted', dry_run: { labels: 3, new: 3, duplicates: 0 } });
    expect(body.preview_data[0]).toEqual({ row_index: 1, label_lines: ['RACK 1', 'Port 1'], system: 'Power', cluster_pod: 'Pod-1' });
    const done = await importAndWait(key, { system: 'Power', cluster_pod: 'Pod-1' });
    expect(done).toMatchObject({ status: 'success', imported: 3, total: 3, message: 'Successfully imported 3 labels', result: { imported_count: 3 } });
    const labels = await searchAll('RACK');
    expect(labels.items.map((l) => l.label_lines)).toEqual([['RACK 1', 'Port 1'], ['RACK 2', 'Port 2'], ['RACK 3']]);
    expect(labels.items[0]).toMatchObject({ system: 'Power', cluster_pod: 'Pod-1' });

    // The imported file is removed; the same file uploaded again is all duplicates in the dry run.
    await expect.poll(async () => (await preview(key)).statusCode).toBe(404);
    const again = (await preview(await upload(file, 'csv'))).json() as ImportPreview;
    expect(again.dry_run).toEqual({ labels: 3, new: 0, duplicates: 3 });
  });

  it('leaves out a first row of column names, says so, and imports that row only when told it is a label', async () => {
    const file = csvFile([
      ['Line1', 'Line2', 'Line3'],
      ['HEAD 1', 'Rack 1', 'Port 1'],
      ['HEAD 2', 'Rack 2'],
    ]);
    const key = await upload(file, 'csv');
    const judged = (await preview(key)).json() as ImportPreview;
    expect(judged).toMatchObject({ total_rows: 2, columns: ['Line 1', 'Line 2', 'Line 3'], dry_run: { labels: 2 } });
    expect(judged.first_row).toEqual({ cells: ['Line1', 'Line2', 'Line3'], looks_like_header: true, skipped: true });
    expect(judged.preview_data[0]).toMatchObject({ row_index: 1, label_lines: ['HEAD 1', 'Rack 1', 'Port 1'] });
    const kept = (await preview(key, { first_row_header: 'false' })).json() as ImportPreview;
    expect(kept).toMatchObject({ total_rows: 3, first_row: { looks_like_header: true, skipped: false } });
    expect(kept.preview_data[0]!.label_lines).toEqual(['Line1', 'Line2', 'Line3']);

    expect(await importAndWait(key, { first_row_header: 'true' })).toMatchObject({ status: 'success', imported: 2 });
    expect((await searchAll('HEAD')).items.map((l) => l.label_lines)).toEqual([
      ['HEAD 1', 'Rack 1', 'Port 1'],
      ['HEAD 2', 'Rack 2'],
    ]);
    expect((await searchAll('Line1')).total).toBe(0);
    // Told so, the server leaves out a first row that does not look like column names, and keeps one that does.
    const told = await upload(csvFile([['TOLD 0'], ['TOLD 1'], ['TOLD 2']]), 'csv');
    expect(((await preview(told)).json() as ImportPreview).first_row).toMatchObject({ looks_like_header: false, skipped: false });
    expect(await importAndWait(told, { first_row_header: 'true' })).toMatchObject({ status: 'success', imported: 2 });
    expect((await searchAll('TOLD')).items.map((l) => l.label_lines)).toEqual([['TOLD 1'], ['TOLD 2']]);
    expect(await importAndWait(await upload(csvFile([['Label'], ['KEPT 1']]), 'csv'), { first_row_header: 'false' })).toMatchObject({ imported: 2 });
    expect((await searchAll('Label')).items.map((l) => l.label_lines)).toContainEqual(['Label']);
  });

  it('refuses a first_row_header other than true or false', async () => {
    const answer = await preview(await upload(csvFile([['x']]), 'csv'), { first_row_header: 'yes' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'first_row_header must be true or false.', field: 'first_row_header' });
  });

  it('previews a raw XLSX without a template as its columns and with one as formatted labels, then imports it', async () => {
    const rows = rawRows(3);
    rows[2] = [' R000002 ', '', 'sw-2'];
    const key = await upload(xlsxFile(rows), 'xlsx');
    const plain = (await preview(key, { import_type: 'raw' })).json() as ImportPreview;
    expect(plain).toMatchObject({ columns: ['Rack', 'Port', 'Device'], first_row: null });
    expect(plain.preview_data[1]).toEqual({ row_index: 2, data_points: { Rack: 'R000002', Port: '', Device: 'sw-2' }, system: null, cluster_pod: null });

    const templateId = await createTemplate();
    const formatted = (await preview(key, { import_type: 'raw', template_id: templateId })).json() as ImportPreview;
    expect(formatted.preview_data.map((r) => r.label_lines)).toEqual([
      ['RACK R000001', 'P1 / SW-1'],
      ['RACK R000002', 'SW-2'],
      ['RACK R000003', 'P3 / SW-3'],
    ]);
    const done = await importAndWait(key, { import_type: 'raw', template_id: templateId });
    expect(done).toMatchObject({ status: 'success', imported: 3 });
    expect((await searchAll('RACK R00000')).items.map((l) => l.label_lines)).toContainEqual(['RACK R000002', 'SW-2']);
  });

  it('imports a raw CSV without a template as the values of each record', async () => {
    const key = await upload(
      csvFile([
        ['Name', 'Place'],
        ['Switch A', ' Hall 1 '],
        ['', ''],
        ['Switch B', ''],
      ]),
      'csv',
    );
    const done = await importAndWait(key, { import_type: 'raw' });
    expect(done).toMatchObject({ status: 'success', imported: 2 });
    expect((await searchAll('Switch')).items.map((l) => l.label_lines)).toEqual([['Switch A', 'Hall 1'], ['Switch B']]);
  });

  it('previews at most 200 data rows but counts them all', async () => {
    const key = await upload(csvFile(rawRows(250)), 'csv');
    const body = (await preview(key, { import_type: 'raw' })).json() as ImportPreview;
    expect(body.preview_data).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(body.total_rows).toBe(250);
  });

  it("refuses empty and unreadable files in the spec's words", async () => {
    const empty = await preview(await upload(csvFile([['', ''], [' ']]), 'csv'));
    expect(empty.json().message).toBe('File is empty');
    const broken = await preview(await upload(Buffer.from('a,"b\n1,2'), 'csv'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^Failed to parse file: /);
    const notZip = await preview(await upload(Buffer.from('not a workbook'), 'xlsx'));
    expect(notZip.json().message).toBe('Failed to parse file: the file is not a valid XLSX workbook');
  });

  it('refuses a file that names a column after a prototype, and built-in objects stay clean', async () => {
    const answer = await preview(
      await upload(
        xlsxFile([
          ['__proto__', 'polluted'],
          ['x', 'yes'],
        ]),
        'xlsx',
      ),
      { import_type: 'raw' },
    );
    expect(answer.json().message).toBe('Failed to parse file: a column may not be called "__proto__"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a zip bomb before unpacking it and keeps serving', async () => {
    const key = await upload(await zipBomb(512 * 1024 * 1024), 'xlsx');
    const answer = await preview(key);
    expect(answer.json().message).toBe('Failed to parse file: the workbook unpacks to more than the allowed size');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('fails a job whose file has a line too long, saying which row, and writes no label of it', async () => {
    const before = (await searchAll()).total;
    const key = await upload(csvFile([['ok'], ['fine'], ['x'.repeat(501)]]), 'csv');
    const done = await importAndWait(key);
    expect(done).toMatchObject({ status: 'error', imported: 0, message: 'Failed to parse file: row 3 has a line longer than 500 characters', result: null });
    expect((await searchAll()).total).toBe(before);
  });

  it('undoes a whole import in one event, once', async () => {
    const key = await upload(csvFile([['UNDO ME 1'], ['UNDO ME 2']]), 'csv');
    const done = await importAndWait(key);
    expect((await searchAll('UNDO ME')).total).toBe(2);
    const undo = () =>
      app.inject({ method: 'POST', url: `/api/labels/imports/${done.jobId}/undo`, headers: { cookie: admin }, payload: { project_id: projectId } });
    const first = await undo();
    expect(first.json()).toEqual({ removed: 2 });
    expect((await searchAll('UNDO ME')).total).toBe(0);
    expect((await undo()).statusCode).toBe(422);
    const history = await runtime.store.db
      .selectFrom('events')
      .select(['type'])
      .where('stream_id', '=', `labels:${projectId}`)
      .where('type', '=', 'LabelsImportUndone')
      .execute();
    expect(history).toHaveLength(1);
    const imports = (await app.inject({ method: 'GET', url: `/api/labels/imports?project_id=${projectId}`, headers: { cookie: admin } })).json();
    expect(imports.items.find((i: { job_id: string }) => i.job_id === done.jobId)).toMatchObject({ undone_by: 'Test User', imported: 2 });
  });
});
