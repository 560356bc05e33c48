import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPreset, type MediumInput, MEDIA_MESSAGES, sheetOverflowMessage, type SavedMedium } from '../../contract/label-media.ts';
import { projectors } from '../../projections/registry.ts';
import { rebuildProjections } from '../../projections/rebuild.ts';
import { verifyLedger } from '../../projections/verify.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let superadmin: string;
let worker: string;
let auditor: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  await createUser(runtime, 'root@acme.test', 'root password', 'superadmin');
  await createUser(runtime, 'worker@acme.test', 'worker password', 'user');
  await createUser(runtime, 'auditor@acme.test', 'auditor password', 'auditor');
  admin = await signIn(app, 'admin@acme.test', 'admin password');
  superadmin = await signIn(app, 'root@acme.test', 'root password');
  worker = await signIn(app, 'worker@acme.test', 'worker password');
  auditor = await signIn(app, 'auditor@acme.test', 'auditor password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const roll: MediumInput = { kind: 'roll', label_width_mm: 62, label_height_mm: 29, dpi: 300 };
const l7160 = findPreset('avery-l7160')!.medium;

const list = async (cookie = worker) => {
  const answer = await app.inject({ method: 'GET', url: '/api/labels/media', headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items as SavedMedium[];
};
/** The table's rows as PostgreSQL prints them, so a rebuild must give them back exactly. */
const rowsAsText = async () =>
  (await sql<{ row: string }>`select t::text as row from label_media t order by t.id`.execute(runtime.store.db)).rows.map((r) => r.row);
const save = (payload: Record<string, unknown>, cookie = admin) => app.inject({ method: 'POST', url: '/api/labels/media', headers: { cookie }, payload });

describe('saved label media', () => {
  it('asks for a session before it reads the body', async () => {
    const post = await app.inject({ method: 'POST', url: '/api/labels/media', payload: { name: '', medium: { kind: 'roll', label_width_mm: -1 } } });
    expect(post.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/labels/media' })).statusCode).toBe(401);
    const put = await app.inject({ method: 'PUT', url: '/api/labels/media/not-an-id', payload: {} });
    expect(put.statusCode).toBe(401);
  });

  it('saves a roll and a sheet, filling in the unit and corner, and lists them to anyone signed in', async () => {
    const saved = await save({ name: 'Cable roll', medium: roll });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ name: 'Cable roll', medium: { ...roll, unit: 'mm' } });
    const sheet = await save({ name: 'Avery L7160 for racks', medium: l7160 }, superadmin);
    expect(sheet.statusCode, sheet.body).toBe(201);
    expect(sheet.json().medium).toEqual(l7160);
    expect(await list(worker)).toEqual([sheet.json(), saved.json()]);
    expect(await list(auditor)).toEqual([sheet.json(), saved.json()]);
  });

  it('lets only admins and superadmins save, change and delete', async () => {
    const [first] = await list();
    for (const cookie of [worker, auditor]) {
      const post = await save({ name: 'By a reader', medium: roll }, cookie);
      expect(post.statusCode).toBe(403);
      const put = await app.inject({ method: 'PUT', url: `/api/labels/media/${first!.id}`, headers: { cookie }, payload: { name: 'Renamed', medium: roll } });
      expect(put.statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `/api/labels/media/${first!.id}`, headers: { cookie } })).statusCode).toBe(403);
    }
    // Refused before the body is read: a reader learns nothing of its shape.
    expect((await save({ name: '' }, worker)).statusCode).toBe(403);
    expect((await list()).map((m) => m.name)).toEqual(['Avery L7160 for racks', 'Cable roll']);
  });

  it('refuses a size of 0 or below, naming the field', async () => {
    const zero = await save({ name: 'Flat', medium: { ...roll, label_height_mm: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ error: 'VALIDATION', message: 'Label height must be greater than 0.', field: 'medium.label_height_mm' });
    const negative = await save({ name: 'Negative', medium: { ...l7160, page_width_mm: -210 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ message: 'Page width must be greater than 0.', field: 'medium.page_width_mm' });
  });

  it('refuses a sheet whose labels overflow the page, with the numbers', async () => {
    const tooWide = await save({ name: 'Too wide', medium: { ...l7160, columns: 4 } });
    expect(tooWide.statusCode).toBe(400);
    // 7.2 + 4 × 63.5 + 3 × 2.5 = 268.7 mm across an A4 page of 210 mm.
    expect(tooWide.json()).toMatchObject({ message: sheetOverflowMessage('wide', 268.7, 210), field: 'medium.columns' });
    expect(tooWide.json().message).toBe('The labels reach 268.7 mm across but the page is only 210 mm wide.');
    const tooTall = await save({ name: 'Too tall', medium: { ...l7160, rows: 8 } });
    expect(tooTall.statusCode).toBe(400);
    expect(tooTall.json()).toMatchObject({ message: 'The labels reach 319.95 mm down but the page is only 297 mm tall.', field: 'medium.rows' });
  });

  it('refuses a name already saved, whatever its case, and a blank name', async () => {
    const twin = await save({ name: '  cable ROLL ', medium: { ...roll, dpi: 203 } });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ error: 'CONFLICT', message: MEDIA_MESSAGES.nameTaken, field: 'name' });
    const blank = await save({ name: '   ', medium: roll });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Media name is required.', field: 'name' });
  });

  it('changes and deletes a saved medium, and answers 404 for one that is gone', async () => {
    const cable = (await list()).find((m) => m.name === 'Cable roll')!;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/labels/media/${cable.id}`,
      headers: { cookie: admin },
      payload: { name: 'Cable roll 203', medium: { ...roll, dpi: 203 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: cable.id, name: 'Cable roll 203', medium: { dpi: 203 }, created_at: cable.created_at });
    const taken = await app.inject({
      method: 'PUT',
      url: `/api/labels/media/${cable.id}`,
      headers: { cookie: admin },
      payload: { name: 'AVERY l7160 FOR RACKS', medium: roll },
    });
    expect(taken.statusCode).toBe(409);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/labels/media/${cable.id}`, headers: { cookie: admin } });
    expect(deleted.statusCode).toBe(204);
    const again = await app.inject({ method: 'DELETE', url: `/api/labels/media/${cable.id}`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MEDIA_MESSAGES.notFound);
    const badId = await app.inject({ method: 'PUT', url: '/api/labels/media/42', headers: { cookie: admin }, payload: { name: 'X', medium: roll } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ message: 'Media id must be a valid id', field: 'id' });
    expect((await list()).map((m) => m.name)).toEqual(['Avery L7160 for racks']);
  });

  it('lists by name without regard to case', async () => {
    for (const name of ['zebra 4x6', 'Brother 62', 'avery 5160 copy']) expect((await save({ name, medium: roll })).statusCode).toBe(201);
    expect((await list()).map((m) => m.name)).toEqual(['avery 5160 copy', 'Avery L7160 for racks', 'Brother 62', 'zebra 4x6']);
  });

  it('rebuilds and verifies the saved media from the events', async () => {
    const before = await list();
    const rowsBefore = await rowsAsText();
    const verified = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(verified.projections.flatMap((p) => p.differences)).toEqual([]);
    await rebuildProjections(
      runtime.store,
      projectors.filter((p) => p.name === 'label_media'),
      { databaseUrl: runtime.database.url },
    );
    const after = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(after.projections.flatMap((p) => p.differences)).toEqual([]);
    expect(await list()).toEqual(before);
    expect(await rowsAsText()).toEqual(rowsBefore);
  });
});
