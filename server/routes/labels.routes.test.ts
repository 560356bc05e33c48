import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let worker: string;
let projectA: string;
let projectB: string;
const system = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const adminUser = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  const workerUser = await createUser(runtime, 'worker@acme.test', 'worker password', 'user');
  projectA = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: adminUser.userId }, system);
  projectB = await createProject(runtime.store, { name: 'Beta', customer: null, number: 'B-1', creatorId: adminUser.userId }, system);
  await changeMembership(runtime.store, projectA, { type: 'add', userId: workerUser.userId, role: 'user' }, system);
  admin = await signIn(app, 'admin@acme.test', 'admin password');
  worker = await signIn(app, 'worker@acme.test', 'worker password');

  // 1,200 labels in A (two import events), 3 in B.
  const labels = Array.from({ length: 1200 }, (_, i) => ({
    label_lines: [`RACK ${String(i).padStart(4, '0')}`, i % 2 === 0 ? 'Port even' : 'Port odd', ...(i % 100 === 0 ? ['=SUM(A1)'] : [])],
    system: i % 3 === 0 ? 'Power' : i % 3 === 1 ? 'Network' : '',
    cluster_pod: i < 600 ? 'Pod-1' : 'Pod-2',
  }));
  const imported = await app.inject({ method: 'POST', url: '/api/labels/import', headers: { cookie: admin }, payload: { project_id: projectA, labels } });
  expect(imported.statusCode).toBe(201);
  expect(imported.json().imported).toBe(1200);
  const b = await app.inject({
    method: 'POST',
    url: '/api/labels/import',
    headers: { cookie: admin },
    payload: { project_id: projectB, labels: [{ label_lines: ['RACK 0001', 'B side'] }, { label_lines: ['B2'] }, { label_lines: ['B3'] }] },
  });
  expect(b.statusCode).toBe(201);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const search = async (query: Record<string, string | number>, cookie = worker) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await app.inject({ method: 'GET', url: `/api/labels/search?${qs}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: Array<{ id: string; label_lines: string[]; system: string | null; cluster_pod: string | null }>;
    total: number;
    total_capped: boolean;
  };
};

describe('label search', () => {
  it('pages through every label of the project in import order with an exact total', async () => {
    const first = await search({ project_id: projectA, limit: 100, offset: 0 });
    expect(first.total).toBe(1200);
    expect(first.total_capped).toBe(false);
    expect(first.items).toHaveLength(100);
    expect(first.items[0]!.label_lines[0]).toBe('RACK 0000');
    const last = await search({ project_id: projectA, limit: 500, offset: 1000 });
    expect(last.items).toHaveLength(200);
    expect(last.items.at(-1)!.label_lines[0]).toBe('RACK 1199');
  });

  it('treats a comma as AND, each term a case-insensitive substring of some line, blank terms ignored', async () => {
    // "rack 00" matches RACK 0000..0099 (100 labels); "port EVEN" halves them.
    const both = await search({ project_id: projectA, q: ' rack 00 , port EVEN ,, ' });
    expect(both.total).toBe(50);
    expect(both.items.every((l) => l.label_lines[0]!.startsWith('RACK 00') && l.label_lines[1] === 'Port even')).toBe(true);
    const one = await search({ project_id: projectA, q: 'rack 00' });
    expect(one.total).toBe(100);
    // An identifier in one term and a plain word in the other: RACK 0010..0019, the even ones.
    const mixed = await search({ project_id: projectA, q: 'RACK 001, even' });
    expect(mixed.items.map((l) => l.label_lines[0])).toEqual(['RACK 0010', 'RACK 0012', 'RACK 0014', 'RACK 0016', 'RACK 0018']);
    // A term must match within one line, not across two.
    expect((await search({ project_id: projectA, q: '0000port' })).total).toBe(0);
    // Wildcards are text.
    expect((await search({ project_id: projectA, q: '%' })).total).toBe(0);
  });

  it('filters by system and cluster/pod, and counts the filtered total', async () => {
    const power = await search({ project_id: projectA, system: 'Power' });
    expect(power.total).toBe(400);
    expect(power.items.every((l) => l.system === 'Power')).toBe(true);
    const both = await search({ project_id: projectA, system: 'Power', cluster_pod: 'Pod-2', q: 'port' });
    expect(both.total).toBe(200);
    const untagged = (await search({ project_id: projectA, q: 'RACK 0002' })).items[0]!;
    expect(untagged.system).toBeNull();
  });

  it('flags a total past the cap of 10,000', async () => {
    const labels = Array.from({ length: 5000 }, (_, i) => ({ label_lines: [`BULK ${i}`] }));
    for (let i = 0; i < 2; i += 1) {
      const r = await app.inject({ method: 'POST', url: '/api/labels/import', headers: { cookie: admin }, payload: { project_id: projectB, labels } });
      expect(r.statusCode).toBe(201);
    }
    await app.inject({
      method: 'POST',
      url: '/api/labels/import',
      headers: { cookie: admin },
      payload: { project_id: projectB, labels: [{ label_lines: ['one more bulk'] }] },
    });
    const capped = await search({ project_id: projectB, q: 'bulk', limit: 50 }, admin);
    expect(capped).toMatchObject({ total: 10_000, total_capped: true });
    // Unfiltered totals come from the running counts, exact at any size.
    expect((await search({ project_id: projectB, limit: 1 }, admin)).total).toBe(10_004);
  });

  it('answers 304 to a search whose tag the caller holds, until the labels change', async () => {
    const url = `/api/labels/search?project_id=${projectA}&q=rack&limit=5`;
    const first = await app.inject({ method: 'GET', url, headers: { cookie: worker } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url, headers: { cookie: worker, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await app.inject({
      method: 'POST',
      url: '/api/labels/import',
      headers: { cookie: admin },
      payload: { project_id: projectA, labels: [{ label_lines: ['zzz'] }] },
    });
    const changed = await app.inject({ method: 'GET', url, headers: { cookie: worker, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    // The new label is counted by the next search.
    expect((await search({ project_id: projectA, q: 'zzz' })).total).toBe(1);
  });

  it('answers 403 outside the project and 400 naming a bad limit', async () => {
    const other = await app.inject({ method: 'GET', url: `/api/labels/search?project_id=${projectB}`, headers: { cookie: worker } });
    expect(other.statusCode).toBe(403);
    const bad = await app.inject({ method: 'GET', url: `/api/labels/search?project_id=${projectA}&limit=501`, headers: { cookie: worker } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Limit');
  });
});

describe('label filters', () => {
  it('lists the systems and cluster/pods with an empty option first and no empty values', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/labels/filters?project_id=${projectA}`, headers: { cookie: worker } });
    expect(response.json()).toEqual({ systems: ['', 'Network', 'Power'], cluster_pods: ['', 'Pod-1', 'Pod-2'] });
  });
});

describe('bulk delete', () => {
  it('is refused to a user who is not an admin', async () => {
    const { items } = await search({ project_id: projectA, limit: 1 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/labels/bulk-delete',
      headers: { cookie: worker },
      payload: { project_id: projectA, ids: [items[0]!.id] },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses ids of another project and deletes nothing', async () => {
    const a = await search({ project_id: projectA, limit: 2 });
    const b = await search({ project_id: projectB, limit: 1 }, admin);
    const response = await app.inject({
      method: 'POST',
      url: '/api/labels/bulk-delete',
      headers: { cookie: admin },
      payload: { project_id: projectA, ids: [a.items[0]!.id, b.items[0]!.id] },
    });
    expect(response.statusCode).toBe(422);
    expect((await search({ project_id: projectA, limit: 1 })).total).toBe(1201);
    expect((await search({ project_id: projectB, limit: 1 }, admin)).total).toBe(10_004);
  });

  it('deletes the labels of the project in one event and the counts follow', async () => {
    const power = await search({ project_id: projectA, system: 'Power', limit: 10 });
    const before = await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await app.inject({
      method: 'POST',
      url: '/api/labels/bulk-delete',
      headers: { cookie: admin },
      payload: { project_id: projectA, ids: power.items.map((l) => l.id) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 10 });
    const after = await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    expect((await search({ project_id: projectA, system: 'Power' })).total).toBe(390);
    expect((await search({ project_id: projectA })).total).toBe(1191);
    // Deleting them again is refused: they are gone.
    const again = await app.inject({
      method: 'POST',
      url: '/api/labels/bulk-delete',
      headers: { cookie: admin },
      payload: { project_id: projectA, ids: [power.items[0]!.id] },
    });
    expect(again.statusCode).toBe(422);
  });
});

describe('export', () => {
  const rows = [{ labelLines: ['RACK 1', 'Port "A"'] }, { labelLines: ['=cmd|calc', 'x', 'third'] }];

  it('writes a CSV with a byte-order mark, every cell quoted and formulas neutralised', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/labels/export?format=csv&filename=mine.xlsx&data=${encodeURIComponent(JSON.stringify(rows))}`,
      headers: { cookie: worker },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="mine.csv"');
    const body = response.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    expect(body.slice(1)).toBe('"RACK 1","Port ""A""",""\r\n"\'=cmd|calc","x","third"\r\n');
  });

  it('writes an XLSX with one sheet named Labels, columns 50 wide, one row per label', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/labels/export', headers: { cookie: worker }, payload: { format: 'xlsx', labels: rows } });
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellStyles: true });
    expect(book.SheetNames).toEqual(['Labels']);
    const sheet = book.Sheets.Labels!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: '' })).toEqual([
      ['RACK 1', 'Port "A"', ''],
      ["'=cmd|calc", 'x', 'third'],
    ]);
    expect(sheet['!cols']!.map((c) => c.wch)).toEqual([50, 50, 50]);
  });

  it('exports selected labels by id within the project only', async () => {
    const page = await search({ project_id: projectA, q: 'rack 000', limit: 10 });
    const b = await search({ project_id: projectB, limit: 1 }, admin);
    const response = await app.inject({
      method: 'POST',
      url: '/api/labels/export',
      headers: { cookie: worker },
      payload: { format: 'csv', project_id: projectA, ids: [...page.items.map((l) => l.id), b.items[0]!.id] },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    // Labels 0, 3, 6 and 9 were deleted above; the six left, and not B's label.
    expect(lines).toEqual(page.items.map((l) => l.label_lines.map((t) => `"${t}"`).join(',')));
    expect(lines).toHaveLength(6);
    const outsider = await app.inject({
      method: 'POST',
      url: '/api/labels/export',
      headers: { cookie: worker },
      payload: { format: 'csv', project_id: projectB, ids: [b.items[0]!.id] },
    });
    expect(outsider.statusCode).toBe(403);
  });

  it('lets an auditor export labels, which reads, and still refuses them an import', async () => {
    await createUser(runtime, 'auditor@acme.test', 'auditor password', 'auditor');
    const auditor = await signIn(app, 'auditor@acme.test', 'auditor password');
    const page = await search({ project_id: projectA, q: 'rack 000', limit: 2 }, auditor);
    const byIds = await app.inject({
      method: 'POST',
      url: '/api/labels/export',
      headers: { cookie: auditor },
      payload: { format: 'csv', project_id: projectA, ids: page.items.map((l) => l.id) },
    });
    expect(byIds.statusCode).toBe(200);
    const given = await app.inject({ method: 'POST', url: '/api/labels/export', headers: { cookie: auditor }, payload: { format: 'xlsx', labels: rows } });
    expect(given.statusCode).toBe(200);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/labels/import',
      headers: { cookie: auditor },
      payload: { project_id: projectA, labels: [{ label_lines: ['NOPE'] }] },
    });
    expect(imported.statusCode).toBe(403);
  });

  it('answers 400 for data that is not JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/labels/export?format=csv&data=%7Bnope', headers: { cookie: worker } });
    expect(response.statusCode).toBe(400);
  });
});
