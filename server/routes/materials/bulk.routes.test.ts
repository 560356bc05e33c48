import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let projectId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  projectId = await createProject(runtime.store, { name: 'Bulk', customer: null, number: 'B-1' }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const upload = (csv: string, action = 'receive', extra = '') =>
  app.inject({ method: 'POST', url: `/api/materials/bulk?project_id=${projectId}&action=${action}${extra}`, headers: { cookie: boss, 'content-type': 'text/csv' }, payload: csv });
const onHand = async () =>
  Object.fromEntries(
    (await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${projectId}`, headers: { cookie: boss } })).json().items.map((r: { PartNumber: string; QtyOnHand: number }) => [r.PartNumber, r.QtyOnHand]),
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
    expect(response.json().summary).toEqual({ ok: 2, invalid: 4, skipped: 0, failed: 0 });
    expect(await onHand()).toEqual({ 'BLT-10': 40, 'NUT-10': 25 });
  });

  it('receives nothing twice when the same file is uploaded again', async () => {
    const again = await upload(FILE);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(['Skipped', 'Skipped', 'Invalid row', 'Invalid row', 'Invalid row', 'Invalid row']);
    expect(await onHand()).toEqual({ 'BLT-10': 40, 'NUT-10': 25 });
    const logs = await runtime.store.db.selectFrom('activity_log').select('source').execute();
    expect(logs.map((l) => l.source)).toEqual(['bulk', 'bulk']);
  });

  it('returns in bulk without names, reporting a row that lacks cover with the rule’s message', async () => {
    const csv = ['Part Number,Part Name,Part Nickname,Quantity', 'BLT-10,,,10', 'NUT-10,,,99', 'NOPE-1,,,1'].join('\r\n');
    const response = await upload(csv, 'return');
    expect(response.json().results.map((r: { status: string }) => r.status)).toEqual(['OK', 'Insufficient quantity available', 'Part number not found in this project']);
    expect(await onHand()).toEqual({ 'BLT-10': 30, 'NUT-10': 25 });
  });

  it('refuses a file without the exact header, and assets', async () => {
    const response = await upload('Part,Name,Nick,Qty\nA,B,C,1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity' });
    const assets = await upload(FILE, 'receive', '&type=assets');
    expect(assets.statusCode).toBe(422);
    expect(assets.json().message).toBe('Bulk processing is for materials only; assets are received one by one.');
  });
});
