/** Reads that do not grow with the project: paged, searched and sorted inventory, ETags, picker totals, log search. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { COMPRESS_FROM_BYTES } from '../conditional.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let here: string;
let elsewhere: string;
let eliId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin', { firstName: 'Bea', lastName: 'Boss' });
  eliId = (await createUser(runtime, 'eli@example.com', 'eli password', 'user', { firstName: 'Eli', lastName: 'Field' })).userId;
  boss = await signIn(app, 'boss@example.com', 'boss password');
  here = await createProject(runtime.store, { name: 'Here', customer: null, number: 'H-1' }, { metadata: SYSTEM_ACTOR });
  elsewhere = await createProject(runtime.store, { name: 'Elsewhere', customer: null, number: 'E-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, here, { type: 'add', userId: eliId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  const parts: Array<[string, string, string, number]> = [
    ['BLT-10', 'Bolt M10', 'Bolt', 40],
    ['NUT-10', 'Nut M10', 'Nut', 25],
    ['WSH-10', 'Washer M10', 'Washer', 60],
    ['CBL-1', 'Cable 1 m', 'Cable', 5],
    ['CBL-2', 'Cable 2 m', 'Cable', 7],
  ];
  for (const [part_number, part_name, standard_name, quantity] of parts) {
    expect((await receive(here, { part_number, part_name, standard_name, quantity })).statusCode).toBe(200);
  }
  expect((await receive(elsewhere, { part_number: 'PIP-1', part_name: 'Pipe', standard_name: 'Pipe', quantity: 3 })).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { cookie: boss, ...headers } });
const send = (method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, payload, headers: { cookie: boss } });
function receive(projectId: string, part: { part_number: string; part_name?: string; standard_name?: string; quantity: number }) {
  return send('POST', '/api/materials/receive', { project_id: projectId, ...part });
}
const numbers = (body: { items: Array<{ PartNumber: string }> }) => body.items.map((r) => r.PartNumber);
const inventoryUrl = (projectId: string, extra = '') => `/api/inventory/materials?project_id=${projectId}${extra}`;

describe('GET /api/inventory/materials', () => {
  it('answers the whole inventory by part number without paging parameters, with its total', async () => {
    const body = (await get(inventoryUrl(here))).json();
    expect(numbers(body)).toEqual(['BLT-10', 'CBL-1', 'CBL-2', 'NUT-10', 'WSH-10']);
    expect(body.total).toBe(5);
    expect(body.as_of).toBeNull();
  });

  it('pages with limit and offset, total counting every match', async () => {
    const first = (await get(inventoryUrl(here, '&limit=2'))).json();
    expect([numbers(first), first.total]).toEqual([['BLT-10', 'CBL-1'], 5]);
    const last = (await get(inventoryUrl(here, '&limit=2&offset=4'))).json();
    expect([numbers(last), last.total]).toEqual([['WSH-10'], 5]);
    const past = (await get(inventoryUrl(here, '&limit=2&offset=10'))).json();
    expect([numbers(past), past.total]).toEqual([[], 5]);
  });

  it('searches part number, name and nickname', async () => {
    const cables = (await get(inventoryUrl(here, '&q=cable'))).json();
    expect([numbers(cables), cables.total]).toEqual([['CBL-1', 'CBL-2'], 2]);
    expect(numbers((await get(inventoryUrl(here, '&q=m10&limit=1&offset=1'))).json())).toEqual(['NUT-10']);
    expect((await get(inventoryUrl(here, '&q=50%25'))).json().total).toBe(0);
  });

  it('sorts by a column, descending with a leading minus', async () => {
    expect(numbers((await get(inventoryUrl(here, '&sort=-QtyOnHand'))).json())).toEqual(['WSH-10', 'BLT-10', 'NUT-10', 'CBL-2', 'CBL-1']);
    expect(numbers((await get(inventoryUrl(here, '&sort=StandardName&limit=3'))).json())).toEqual(['BLT-10', 'CBL-1', 'CBL-2']);
    const bad = await get(inventoryUrl(here, '&sort=Price'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sort');
    expect((await get(inventoryUrl(here, '&limit=0'))).json()).toEqual({ error: 'VALIDATION', message: 'Limit must be 1 or more.', field: 'limit' });
  });
});

describe('the inventory ETag', () => {
  const tagOf = async (projectId = here) => {
    const response = await get(inventoryUrl(projectId));
    expect(response.statusCode).toBe(200);
    return response.headers.etag as string;
  };

  it('answers 304 with no body to a request that holds the current tag', async () => {
    const tag = await tagOf();
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await get(inventoryUrl(here), { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Another page of the same stock is another answer.
    expect((await get(inventoryUrl(here, '&limit=2'), { 'if-none-match': tag })).statusCode).toBe(200);
  });

  it('stays the same when another project receives stock, or a part this project does not hold is renamed', async () => {
    const tag = await tagOf();
    expect((await receive(elsewhere, { part_number: 'PIP-1', quantity: 2 })).statusCode).toBe(200);
    expect((await send('PUT', '/api/materials/PIP-1', { project_id: elsewhere, part_name: 'Pipe, steel', part_nickname: 'Pipe' })).statusCode).toBe(200);
    expect(await tagOf()).toBe(tag);
    expect((await get(inventoryUrl(here), { 'if-none-match': tag })).statusCode).toBe(304);
  });

  it('changes with a movement in this project', async () => {
    const tag = await tagOf();
    expect((await receive(here, { part_number: 'BLT-10', quantity: 1 })).statusCode).toBe(200);
    const moved = await tagOf();
    expect(moved).not.toBe(tag);
    expect((await get(inventoryUrl(here), { 'if-none-match': tag })).statusCode).toBe(200);
  });

  it("changes with a rename of a part this project holds, a part's thresholds and the project's thresholds", async () => {
    const before = await tagOf();
    expect((await send('PUT', '/api/materials/NUT-10', { project_id: here, part_name: 'Hex nut M10', part_nickname: 'Nut' })).statusCode).toBe(200);
    const renamed = await tagOf();
    expect(renamed).not.toBe(before);
    expect((await send('PUT', '/api/materials/NUT-10/stock-warnings', { project_id: here, low_threshold: 5 })).statusCode).toBe(200);
    const partWarnings = await tagOf();
    expect(partWarnings).not.toBe(renamed);
    expect((await send('PUT', '/api/materials/stock-warnings', { project_id: here, low_threshold: 30 })).statusCode).toBe(200);
    expect(await tagOf()).not.toBe(partWarnings);
  });

  it('serves a cached answer only while the tag holds: the next read after a movement has it', async () => {
    const first = (await get(inventoryUrl(here))).json() as { items: Array<{ PartNumber: string; QtyOnHand: number }> };
    const before = first.items.find((r) => r.PartNumber === 'BLT-10')!.QtyOnHand;
    expect((await receive(here, { part_number: 'BLT-10', quantity: 3 })).statusCode).toBe(200);
    const after = (await get(inventoryUrl(here))).json() as typeof first;
    expect(after.items.find((r) => r.PartNumber === 'BLT-10')!.QtyOnHand).toBe(before + 3);
  });

  it('tags a window of days by the stock and the minute the window starts', async () => {
    const url = `/api/materials/logs?project_id=${here}&days=30&type=receive`;
    const first = await get(url);
    const tag = first.headers.etag as string;
    expect((await get(url, { 'if-none-match': tag })).statusCode).toBe(304);
    const count = first.json().total as number;
    expect((await receive(here, { part_number: 'CBL-2', quantity: 1 })).statusCode).toBe(200);
    const moved = await get(url, { 'if-none-match': tag });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().total).toBe(count + 1);
  });

  it('tags the whole log by the stock alone', async () => {
    const url = `/api/materials/logs?project_id=${here}`;
    const tag = (await get(url)).headers.etag as string;
    expect((await get(url, { 'if-none-match': tag })).statusCode).toBe(304);
    expect((await receive(here, { part_number: 'CBL-1', quantity: 1 })).statusCode).toBe(200);
    expect((await get(url, { 'if-none-match': tag })).statusCode).toBe(200);
  });
});

describe('the inventory over a slow link', () => {
  it('goes compressed to a caller that accepts brotli or gzip, the same answer once unpacked, and plain to one that does not', async () => {
    const plain = await get(inventoryUrl(here));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    const br = await get(inventoryUrl(here), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get(inventoryUrl(here), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The same tag whatever the encoding: a revalidation is answered 304 either way.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect((await get(inventoryUrl(here), { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string })).statusCode).toBe(304);
    expect((await get(inventoryUrl(here), { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small answer as it is', async () => {
    const one = await get(inventoryUrl(here, '&limit=1'), { 'accept-encoding': 'br' });
    expect(one.rawPayload.byteLength).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.json().items).toHaveLength(1);
  });
});

describe('GET /api/materials/logs', () => {
  it('pages by limit and offset as well as by page, and sorts oldest first on request', async () => {
    const url = `/api/materials/logs?project_id=${here}&type=receive`;
    const newest = (await get(`${url}&limit=2`)).json();
    const oldest = (await get(`${url}&sort=LogDate&limit=2`)).json();
    expect(newest.items).toHaveLength(2);
    expect(oldest.items.map((r: { PartNumber: string }) => r.PartNumber)).toEqual(['BLT-10', 'NUT-10']);
    expect(newest.total).toBe(oldest.total);
    const second = (await get(`${url}&sort=LogDate&limit=2&offset=2`)).json();
    expect(second.items.map((r: { PartNumber: string }) => r.PartNumber)).toEqual(['WSH-10', 'CBL-1']);
    expect((await get(`${url}&sort=LogDate&page=2&page_size=2`)).json().items).toEqual(second.items);
    expect((await get(`${url}&sort=PartNumber`)).json().field).toBe('sort');
  });
});

describe('pickers and log search', () => {
  it('answers at most 25 options and how many matched in all', async () => {
    for (let i = 0; i < 27; i += 1) {
      expect(
        (await receive(here, { part_number: `SCR-${String(i).padStart(2, '0')}`, part_name: `Screw ${i}`, standard_name: 'Screw', quantity: 1 })).statusCode,
      ).toBe(200);
    }
    const body = (await get(`/api/materials/options?project_id=${here}&q=scr`)).json();
    expect(body.items).toHaveLength(25);
    expect(body.total).toBe(27);
    expect(body.items[0]).toMatchObject({ part_number: 'SCR-00', display: 'SCR-00 — Screw 0 (Screw)' });
  });

  it('says which shown field a log search matched', async () => {
    expect((await send('POST', '/api/inventory/assign', { project_id: here, part_number: 'BLT-10', quantity: 2, user_id: eliId })).statusCode).toBe(200);
    const found = (await get(`/api/materials/logs?project_id=${here}&q=Eli`)).json();
    // Eli is not who transacted it: the row matched on the person it was assigned to.
    expect(found.items).toEqual([
      expect.objectContaining({ LogType: 'Assign', LogName: 'Bea Boss', AssociatedName: 'Eli Field', matched: ['AssociatedName'] }),
    ]);
    const bolts = (await get(`/api/materials/logs?project_id=${here}&q=blt&type=receive`)).json();
    expect(bolts.items.every((row: { matched: string[] }) => row.matched.includes('PartNumber'))).toBe(true);
    expect((await get(`/api/materials/logs?project_id=${here}`)).json().items[0].matched).toEqual([]);
  });
});
