/**
 * What a print refuses, before the first byte: a body zod refuses (400 naming the field), ZPL on a
 * sheet, a start beyond the sheet, more than 100,000 labels, nothing matched, a label too small
 * for text; and who may print what (401 first, then the screens' own 403 and 404).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_MESSAGES } from '../../contract/label-print.ts';
import { NO_PROJECT_ACCESS } from '../../contract/messages.ts';
import { WAREHOUSE_MESSAGES } from '../../contract/warehouses.ts';
import { TEMPLATE_NOT_FOUND } from '../../ledger/label-template/decide.ts';
import { NO_PERMISSION } from '../auth/policies.ts';
import { L7160, openPrintFixtures, type PrintFixtures, printer, ROLL, TINY_ROLL } from './labels-print.fixtures.ts';

let f: PrintFixtures;
const print = printer(() => f);

beforeAll(async () => {
  f = await openPrintFixtures();
});
afterAll(async () => {
  await f.app.close();
  await f.runtime.close();
});

const labels = () => ({ kind: 'labels' as const, project_id: f.project, ids: f.labelIds.slice(0, 3) });

describe('print: refusals before the first byte', () => {
  it('answers 401 signed out, before reading the body', async () => {
    const response = await print({ nonsense: true }, null);
    expect(response.statusCode).toBe(401);
  });

  it('names the field zod refuses', async () => {
    const copies = await print({ source: labels(), medium: L7160, copies: 0 });
    expect(copies.statusCode).toBe(400);
    expect(copies.json()).toMatchObject({ field: 'copies', message: 'Copies must be at least 1.' });
    const medium = await print({ source: labels(), medium: { ...L7160, label_width_mm: 0 } });
    expect(medium.statusCode).toBe(400);
    expect(medium.json()).toMatchObject({ field: 'medium.label_width_mm', message: 'Label width must be greater than 0.' });
    const kind = await print({ source: { kind: 'racks' }, medium: L7160 });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe('Source kind must be labels, assets, parts or locations.');
  });

  it('refuses ZPL on a sheet', async () => {
    const response = await print({ source: labels(), medium: L7160, format: 'zpl' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'format', message: PRINT_MESSAGES.zplNeedsRoll });
  });

  it('refuses a start beyond the sheet, and any start but 1 on a roll', async () => {
    const sheet = await print({ source: labels(), medium: L7160, start_at: 22 });
    expect(sheet.statusCode).toBe(400);
    expect(sheet.json()).toMatchObject({ field: 'start_at', message: PRINT_MESSAGES.startAtBeyondSheet(21) });
    const roll = await print({ source: labels(), medium: ROLL, format: 'zpl', start_at: 2 });
    expect(roll.json().message).toBe(PRINT_MESSAGES.startAtBeyondSheet(1));
  });

  it('refuses more than 100,000 labels, counting copies', async () => {
    const places = Array.from({ length: 1_001 }, (_, i) => ({ rack: `R${i}`, shelf: '', bin: '', zone: '' }));
    const response = await print({ source: { kind: 'locations', warehouse_id: f.warehouse, places }, medium: ROLL, format: 'zpl', copies: 100 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'copies', message: PRINT_MESSAGES.tooMany(100_100) });
  });

  it('takes a body of 100,000 ids and answers that none of them matched', async () => {
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    const response = await print({ source: { kind: 'labels', project_id: f.project, ids }, medium: L7160 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PRINT_MESSAGES.nothingToPrint);
  });

  it('answers nothing to print for a search that matches nothing, and asks for ids or a search', async () => {
    const none = await print({ source: { kind: 'labels', project_id: f.project, search: { q: 'no such cable' } }, medium: L7160 }, f.cookies.worker, true);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(PRINT_MESSAGES.nothingToPrint);
    const neither = await print({ source: { kind: 'labels', project_id: f.project }, medium: L7160 });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ field: 'source.ids', message: PRINT_MESSAGES.labelsNeedIdsOrSearch });
  });

  it('refuses a label too small to hold any text, with its numbers', async () => {
    const response = await print({ source: labels(), medium: TINY_ROLL, format: 'zpl' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\d/);
  });

  it('refuses parts of a project and a warehouse at once', async () => {
    const response = await print({ source: { kind: 'parts', project_id: f.project, warehouse_id: f.warehouse, part_numbers: ['PN-100'] }, medium: L7160 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'source.warehouse_id', message: PRINT_MESSAGES.partsOneOwner });
  });
});

describe('print: who may print what', () => {
  const preview = (payload: Record<string, unknown>, cookie: string) => print({ medium: L7160, ...payload }, cookie, true);

  it("lets a project's viewers print its labels (auditors too) and refuses others", async () => {
    expect((await preview({ source: labels() }, f.cookies.worker)).statusCode).toBe(200);
    expect((await preview({ source: labels() }, f.cookies.auditor)).statusCode).toBe(200);
    const outsider = await preview({ source: labels() }, f.cookies.outsider);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(NO_PROJECT_ACCESS);
  });

  it("refuses a template of a project the caller cannot see, and one that is not the project's", async () => {
    const own = { kind: 'labels', project_id: f.otherProject, search: {} };
    const foreign = await preview({ source: own, content: { kind: 'template', template_id: f.template, project_id: f.project } }, f.cookies.outsider);
    expect(foreign.statusCode).toBe(403);
    const missing = await preview({ source: labels(), content: { kind: 'template', template_id: randomUUID(), project_id: f.project } }, f.cookies.worker);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TEMPLATE_NOT_FOUND);
  });

  it("lets members print their project's assets, and only admins assets anywhere", async () => {
    const inProject = { kind: 'assets', project_id: f.project, instance_ids: [f.projectAsset] };
    expect((await preview({ source: inProject }, f.cookies.worker)).statusCode).toBe(200);
    expect((await preview({ source: inProject }, f.cookies.outsider)).statusCode).toBe(403);
    const anywhere = await preview({ source: { kind: 'assets', instance_ids: [f.warehouseAsset] } }, f.cookies.worker);
    expect(anywhere.statusCode).toBe(403);
    expect(anywhere.json().message).toBe(NO_PERMISSION);
    // A member naming their project prints only what it holds.
    const elsewhere = await preview({ source: { ...inProject, instance_ids: [f.warehouseAsset] } }, f.cookies.worker);
    expect(elsewhere.statusCode).toBe(404);
  });

  it("lets members print their project's parts, admins a warehouse's, and refuses the catalogue to plain users", async () => {
    expect((await preview({ source: { kind: 'parts', project_id: f.project, part_numbers: ['PN-100'] } }, f.cookies.worker)).statusCode).toBe(200);
    expect((await preview({ source: { kind: 'parts', warehouse_id: f.warehouse, part_numbers: ['WH-7'] } }, f.cookies.worker)).statusCode).toBe(403);
    expect((await preview({ source: { kind: 'parts', part_numbers: ['WH-7'] } }, f.cookies.worker)).statusCode).toBe(403);
    const missing = await preview({ source: { kind: 'parts', warehouse_id: randomUUID(), part_numbers: ['WH-7'] } }, f.cookies.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(WAREHOUSE_MESSAGES.notFound);
  });

  it("keeps a warehouse's locations to admins", async () => {
    const source = { kind: 'locations', warehouse_id: f.warehouse, places: [{ rack: 'A', shelf: '1', bin: '', zone: '' }] };
    expect((await preview({ source }, f.cookies.worker)).statusCode).toBe(403);
    expect((await preview({ source }, f.cookies.admin)).statusCode).toBe(200);
  });
});
