import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { ALREADY_REVERSED, NOT_APPLIED } from '../../materials/bulk-decide.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let projectId: string;
/** A project of its own, so its balances start from nothing. */
let batchProjectId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  projectId = await createProject(runtime.store, { name: 'Bulk', customer: null, number: 'B-1' }, { metadata: SYSTEM_ACTOR });
  batchProjectId = await createProject(runtime.store, { name: 'Batches', customer: null, number: 'B-2' }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const upload = (csv: string, action = 'receive', extra = '') =>
  app.inject({
    method: 'POST',
    url: `/api/materials/bulk?project_id=${projectId}&action=${action}${extra}`,
    headers: { cookie: boss, 'content-type': 'text/csv' },
    payload: csv,
  });
const onHand = async () =>
  Object.fromEntries(
    (await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${projectId}`, headers: { cookie: boss } }))
      .json()
      .items.map((r: { PartNumber: string; QtyOnHand: number }) => [r.PartNumber, r.QtyOnHand]),
  );

const FILE = [
  'Part Number,Part Name,Part Nickname,Quantity',
  'BLT-10,Bolt M10,Bolt,40',
  'NUT-10,Nut M10,Nut,25',
  ',No number,Nothing,3',
  'WSH-10,Washer M10,Washer,0',
  'CLP-1,,Clip,5',
  'BLT-10,Bolt M10,Bolt,abc',
].join('\n');

describe('bulk receive and return', () => {
  it('gives a result per row: OK for valid rows, Invalid row for the rest, and receives the valid ones', async () => {
    const response = await upload(FILE);
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [1, 'OK'],
      [2, 'OK'],
      [3, 'Invalid row'],
      [4, 'Invalid row'],
      [5, 'Invalid row'],
      [6, 'Invalid row'],
    ]);
    expect(response.json().summary).toEqual({ ok: 2, invalid: 4, skipped: 0, failed: 0, not_applied: 0 });
    expect(
      response
        .json()
        .results.slice(0, 2)
        .map((r: { on_hand_before: number; on_hand_after: number }) => [r.on_hand_before, r.on_hand_after]),
    ).toEqual([
      [0, 40],
      [0, 25],
    ]);
    expect(await onHand()).toEqual({ 'BLT-10': 40, 'NUT-10': 25 });
  });

  it('receives nothing twice when the same file is uploaded again', async () => {
    const again = await upload(FILE);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
      'Skipped',
      'Skipped',
      'Invalid row',
      'Invalid row',
      'Invalid row',
      'Invalid row',
    ]);
    expect(await onHand()).toEqual({ 'BLT-10': 40, 'NUT-10': 25 });
    const logs = await runtime.store.db.selectFrom('activity_log').select('source').execute();
    expect(logs.map((l) => l.source)).toEqual(['bulk', 'bulk']);
  });

  it('returns in bulk without names; a row that lacks cover refuses the whole file and every row says why', async () => {
    const csv = ['Part Number,Part Name,Part Nickname,Quantity', 'BLT-10,,,10', 'NUT-10,,,99', 'NOPE-1,,,1'].join('\r\n');
    const response = await upload(csv, 'return');
    expect(response.statusCode).toBe(200);
    expect(response.json().applied).toBe(false);
    expect(response.json().results.map((r: { status: string }) => r.status)).toEqual([
      NOT_APPLIED,
      'Insufficient quantity available',
      'Part number not found in this project',
    ]);
    expect(response.json().summary).toEqual({ ok: 0, invalid: 0, skipped: 0, failed: 2, not_applied: 1 });
    expect(await onHand()).toEqual({ 'BLT-10': 40, 'NUT-10': 25 });
  });

  it('refuses a file without the exact header, and assets', async () => {
    const response = await upload('Part,Name,Nick,Qty\nA,B,C,1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity', field: 'csv' });
    const assets = await upload(FILE, 'receive', '&type=assets');
    expect(assets.statusCode).toBe(422);
    expect(assets.json().message).toBe('Bulk processing is for materials only; assets are received one by one.');
  });
});

describe('a bulk file is one batch, previewed by the same reader and reversible in one step', () => {
  const HEADER = 'Part Number,Part Name,Part Nickname,Quantity';
  const upload = (rows: string[], action = 'receive', dryRun = false) =>
    app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${batchProjectId}&action=${action}${dryRun ? '&dry_run=true' : ''}`,
      headers: { cookie: boss, 'content-type': 'text/csv' },
      payload: [HEADER, ...rows].join('\n'),
    });
  const statuses = (response: { json(): { results: Array<{ status: string }> } }) => response.json().results.map((r) => r.status);
  const onHand = async () =>
    Object.fromEntries(
      (await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${batchProjectId}`, headers: { cookie: boss } }))
        .json()
        .items.map((r: { PartNumber: string; QtyOnHand: number }) => [r.PartNumber, r.QtyOnHand]),
    );
  const reverse = (batchId: string) =>
    app.inject({ method: 'POST', url: `/api/materials/bulk/${batchId}/reverse?project_id=${batchProjectId}`, headers: { cookie: boss } });
  const logs = async () =>
    (await app.inject({ method: 'GET', url: `/api/materials/logs?project_id=${batchProjectId}&page_size=100`, headers: { cookie: boss } })).json()
      .items as Array<{
      LogType: string;
      PartNumber: string;
      LogAmount: number;
      source: string | null;
      batch_id: string | null;
      reverses_batch_id: string | null;
    }>;

  const TOO_MUCH = `This would take the part's stock past 2,147,483,647, the most a part can hold.`;
  const IMPOSSIBLE = [
    'PIPE-1,Pipe 1in,Pipe,1000000000',
    'PIPE-1,Pipe 1in,Pipe,1000000000',
    'PIPE-1,Pipe 1in,Pipe,1000000000',
    'VLV-2,Valve 2in,Valve,12',
    'HUGE-1,Huge,Huge,99999999999',
  ];
  const FIXED = ['PIPE-1,Pipe 1in,Pipe,1000000000', 'PIPE-1,Pipe 1in,Pipe,1000000000', 'VLV-2,Valve 2in,Valve,12'];
  let appliedBatch = '';

  it('previews a file with an impossible row with the verdicts the real run then gives, committing nothing', async () => {
    const preview = await upload(IMPOSSIBLE, 'receive', true);
    expect(preview.statusCode).toBe(200);
    const real = await upload(IMPOSSIBLE);
    expect(statuses(real)).toEqual([NOT_APPLIED, NOT_APPLIED, TOO_MUCH, NOT_APPLIED, 'Invalid row']);
    expect(preview.json().results).toEqual(real.json().results);
    expect(real.json()).toMatchObject({ applied: false, batch_id: null, summary: { ok: 0, invalid: 1, skipped: 0, failed: 1, not_applied: 3 } });
    expect(real.json().results[2]).toMatchObject({ on_hand_before: 2_000_000_000, on_hand_after: 2_000_000_000 });
    expect(await onHand()).toEqual({});
    expect(await logs()).toEqual([]);
  });

  it('receives every row of the corrected file once, and the same file again is Skipped', async () => {
    const preview = await upload(FIXED, 'receive', true);
    expect(
      preview.json().results.map((r: { status: string; on_hand_before: number; on_hand_after: number }) => [r.status, r.on_hand_before, r.on_hand_after]),
    ).toEqual([
      ['OK', 0, 1_000_000_000],
      ['OK', 1_000_000_000, 2_000_000_000],
      ['OK', 0, 12],
    ]);
    const applied = await upload(FIXED);
    expect(applied.json().results).toEqual(preview.json().results);
    expect(applied.json().applied).toBe(true);
    appliedBatch = applied.json().batch_id;
    expect(appliedBatch).toMatch(/^[0-9a-f-]{36}$/);
    expect(await onHand()).toEqual({ 'PIPE-1': 2_000_000_000, 'VLV-2': 12 });

    const again = await upload(FIXED);
    expect(statuses(again)).toEqual(['Skipped', 'Skipped', 'Skipped']);
    expect(statuses(await upload(FIXED, 'receive', true))).toEqual(['Skipped', 'Skipped', 'Skipped']);
    expect(await onHand()).toEqual({ 'PIPE-1': 2_000_000_000, 'VLV-2': 12 });
    expect((await logs()).map((l) => [l.LogType, l.PartNumber, l.LogAmount, l.source, l.batch_id])).toEqual([
      ['Receive', 'VLV-2', 12, 'bulk', appliedBatch],
      ['Receive', 'PIPE-1', 1_000_000_000, 'bulk', appliedBatch],
      ['Receive', 'PIPE-1', 1_000_000_000, 'bulk', appliedBatch],
    ]);
  });

  it('refuses to reverse an upload whose stock has since moved, changing nothing', async () => {
    const returned = await app.inject({
      method: 'POST',
      url: '/api/materials/return',
      headers: { cookie: boss },
      payload: { project_id: batchProjectId, part_number: 'VLV-2', quantity: 5 },
    });
    expect(returned.statusCode).toBe(200);
    const refused = await reverse(appliedBatch);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This upload cannot be reversed: stock has moved since (VLV-2 has 7 on hand now and the reversal would return 12). Nothing was changed.',
    );
    expect(await onHand()).toEqual({ 'PIPE-1': 2_000_000_000, 'VLV-2': 7 });
    await app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: boss },
      payload: { project_id: batchProjectId, part_number: 'VLV-2', quantity: 5 },
    });
  });

  it('reverses a whole upload in one step, restoring every balance, with both batches in the logs', async () => {
    const reversed = await reverse(appliedBatch);
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json()).toMatchObject({ reverses: appliedBatch, rows: 3 });
    expect(await onHand()).toEqual({ 'PIPE-1': 0, 'VLV-2': 0 });
    const rows = (await logs()).filter((l) => l.source === 'bulk' || l.source === 'bulk-reversal');
    expect(rows.map((l) => [l.LogType, l.PartNumber, l.LogAmount, l.source, l.batch_id, l.reverses_batch_id])).toEqual([
      ['Return', 'PIPE-1', 1_000_000_000, 'bulk-reversal', reversed.json().batch_id, appliedBatch],
      ['Return', 'PIPE-1', 1_000_000_000, 'bulk-reversal', reversed.json().batch_id, appliedBatch],
      ['Return', 'VLV-2', 12, 'bulk-reversal', reversed.json().batch_id, appliedBatch],
      ['Receive', 'VLV-2', 12, 'bulk', appliedBatch, null],
      ['Receive', 'PIPE-1', 1_000_000_000, 'bulk', appliedBatch, null],
      ['Receive', 'PIPE-1', 1_000_000_000, 'bulk', appliedBatch, null],
    ]);
    const twice = await reverse(appliedBatch);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(ALREADY_REVERSED);
  });

  it('answers 404 for a batch that is not in the project, and 400 for a malformed id', async () => {
    expect((await reverse('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await reverse('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('batch_id');
  });

  it('marks rows past the forms’ limits as Invalid row instead of failing the file', async () => {
    const long = 'x'.repeat(201);
    const response = await upload([`LONG-1,${long},Long,1`, 'BIG-1,Big,Big,1000000001', 'OK-1,Fine,Fine,1000000000'], 'receive', true);
    expect(statuses(response)).toEqual(['Invalid row', 'Invalid row', 'OK']);
    // A character that cannot be stored refuses the whole file, naming the cell, on the preview as on the upload.
    const nul = await upload(['OK-1,Fine,Fine,1', 'NUL-1,Nul\u0000,Nul,1'], 'receive', true);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'csv', message: 'Row 2: Part Name contains a character that is not allowed.' });
    // A lone surrogate survives only inside JSON (raw text arrives as UTF-8, which cannot hold one): not text, refused.
    const surrogate = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${batchProjectId}&dry_run=true`,
      headers: { cookie: boss },
      payload: { csv: `${HEADER}\nSUR-1,Lone \uD800,Sur,1` },
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toMatchObject({ field: 'csv', message: 'Row 1: Part Name contains a character that is not allowed.' });
  });

  it('applies a file of 5,000 new parts as one batch (10,000 events in one transaction)', async () => {
    const rows = Array.from({ length: 5000 }, (_, k) => `MANY-${k},Part ${k},P${k},${k + 1}`);
    const response = await upload(rows);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ applied: true, summary: { ok: 5000, invalid: 0, skipped: 0, failed: 0, not_applied: 0 } });
    expect((await onHand())['MANY-4999']).toBe(5000);
  });

  it('lets only those who may use the bulk page preview or reverse: a plain member gets 403', async () => {
    const member = await createUser(runtime, 'member@example.com', 'member password', 'user');
    await changeMembership(runtime.store, batchProjectId, { type: 'add', userId: member.userId, role: 'user' }, { metadata: SYSTEM_ACTOR });
    const cookie = await signIn(app, 'member@example.com', 'member password');
    const preview = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${batchProjectId}&dry_run=true`,
      headers: { cookie, 'content-type': 'text/csv' },
      payload: `${HEADER}\nVLV-2,Valve 2in,Valve,1`,
    });
    expect(preview.statusCode).toBe(403);
    const reversal = await app.inject({ method: 'POST', url: `/api/materials/bulk/${appliedBatch}/reverse?project_id=${batchProjectId}`, headers: { cookie } });
    expect(reversal.statusCode).toBe(403);
  });

  it('refuses the whole file with 423 while transactions are frozen', async () => {
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { freeze_transactions: true } });
    const frozen = await upload(['VLV-2,Valve 2in,Valve,1']);
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { freeze_transactions: false } });
    expect(frozen.statusCode).toBe(423);
    expect(frozen.json()).toEqual({ error: 'FROZEN', message: 'Transactions are frozen' });
  });
});
