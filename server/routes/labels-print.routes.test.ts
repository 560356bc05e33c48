/**
 * What a print makes from each source: a PDF on Avery L7160 with the right pages (a partly used
 * sheet finished first), ZPL with one ^XA…^XZ per label, copies one after another, labels found by
 * the Label Database's search, a template's lines over the records' fields, and the preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerUrl } from '../../contract/scan-paths.ts';
import { printFileName } from '../../contract/label-print.ts';
import { L7160, openPrintFixtures, pdfPages, pdfText, type PrintFixtures, printer, ROLL } from './labels-print.fixtures.ts';

let f: PrintFixtures;
const print = printer(() => f);

beforeAll(async () => {
  f = await openPrintFixtures();
});
afterAll(async () => {
  await f.app.close();
  await f.runtime.close();
});

/** The answer's file and what its headers say it holds. */
async function file(payload: Record<string, unknown>, cookie = f.cookies.admin) {
  const response = await print(payload, cookie);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return {
    body: response.rawPayload,
    type: response.headers['content-type'],
    disposition: String(response.headers['content-disposition']),
    labels: Number(response.headers['x-label-count']),
    pages: Number(response.headers['x-page-count']),
  };
}
const zplLabels = (zpl: Buffer) => (zpl.toString('utf8').match(/\^XA/g) ?? []).length;

describe('print: a PDF from each source', () => {
  it('prints labels by id on L7160 from position 5: 25 labels fill two pages', async () => {
    const pdf = await file({ source: { kind: 'labels', project_id: f.project, ids: f.labelIds }, medium: L7160, start_at: 5 }, f.cookies.worker);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toMatch(/^attachment; filename="labels_.*\.pdf"$/);
    expect(pdf.disposition.length).toBe(`attachment; filename="${printFileName('pdf')}"`.length);
    expect({ labels: pdf.labels, pages: pdf.pages, objects: pdfPages(pdf.body) }).toEqual({ labels: 25, pages: 2, objects: 2 });
    const text = pdfText(pdf.body);
    expect(text).toContain('cab-0001');
    expect(text).toContain('cab-0025');
  });

  it('prints the labels a search matches, in import order, and no others', async () => {
    const pdf = await file({ source: { kind: 'labels', project_id: f.project, search: { q: 'rack a', system: 'FIBER' } }, medium: L7160 });
    // Rack A is every third label; FIBER the 11th to the 25th: 12, 15, 18, 21, 24.
    expect({ labels: pdf.labels, pages: pdfPages(pdf.body) }).toEqual({ labels: 5, pages: 1 });
    const text = pdfText(pdf.body);
    const order = ['cab-0012', 'cab-0015', 'cab-0018', 'cab-0021', 'cab-0024'].map((t) => text.indexOf(t));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(text).not.toContain('cab-0003');
    expect(text).not.toContain('cab-0013');
  });

  it("prints an asset's name, number and serial", async () => {
    const pdf = await file({ source: { kind: 'assets', project_id: f.project, instance_ids: [f.projectAsset] }, medium: L7160 }, f.cookies.worker);
    expect({ labels: pdf.labels, pages: pdfPages(pdf.body) }).toEqual({ labels: 1, pages: 1 });
    const text = pdfText(pdf.body);
    for (const line of ['ThinkPad T14', 'LAP-01', 'S/N SN-PRJ-1']) expect(text).toContain(line);
  });

  it("prints a project's parts, and a warehouse's for an admin, by part number without case", async () => {
    const project = await file({ source: { kind: 'parts', project_id: f.project, part_numbers: ['pn-100', 'WH-7'] }, medium: L7160 }, f.cookies.worker);
    // WH-7 is the warehouse's, not the project's.
    expect(project.labels).toBe(1);
    const text = pdfText(project.body);
    for (const line of ['PN-100', 'Hex bolt', 'M8 bolt']) expect(text).toContain(line);
    const warehouse = await file({ source: { kind: 'parts', warehouse_id: f.warehouse, part_numbers: ['WH-7'] }, medium: L7160 });
    expect(pdfText(warehouse.body)).toContain('Cable tie');
  });

  it("prints a warehouse's locations, blanks left out", async () => {
    const places = [
      { rack: 'A', shelf: '1', bin: '', zone: 'North' },
      { rack: 'B', shelf: '', bin: '', zone: '' },
    ];
    const pdf = await file({ source: { kind: 'locations', warehouse_id: f.warehouse, places }, medium: L7160 });
    expect(pdf.labels).toBe(2);
    const text = pdfText(pdf.body);
    expect(text).toContain('North Yard');
    expect(text).toContain('Rack A · Shelf 1 · Zone North');
    expect(text).toContain('Rack B');
  });
});

describe('print: ZPL, copies and templates', () => {
  it('writes one ^XA…^XZ per label on a roll, copies one after another', async () => {
    const zpl = await file({ source: { kind: 'labels', project_id: f.project, ids: f.labelIds.slice(0, 3) }, medium: ROLL, format: 'zpl', copies: 4 });
    expect(zpl.type).toBe('text/plain; charset=utf-8');
    expect(zpl.disposition).toMatch(/\.zpl"$/);
    expect({ labels: zpl.labels, pages: zpl.pages, printed: zplLabels(zpl.body) }).toEqual({ labels: 12, pages: 12, printed: 12 });
    const text = zpl.body.toString('utf8');
    const firsts = [...text.matchAll(/cab-000(\d)/g)].map((m) => m[1]);
    expect(firsts.filter((_, i, all) => i === 0 || all[i - 1] !== all[i])).toEqual(['1', '2', '3']);
  });

  it('prints assets as ZPL with the QR of their tracker link', async () => {
    const zpl = await file({ source: { kind: 'assets', instance_ids: [f.projectAsset, f.warehouseAsset] }, medium: ROLL, format: 'zpl' });
    expect(zplLabels(zpl.body)).toBe(2);
    expect(zpl.body.toString('utf8')).toContain(trackerUrl('http://localhost:3000', f.projectAsset).slice(0, 20));
  });

  it("formats each label with the template's lines: casing, prepend and the record's fields", async () => {
    const content = { kind: 'template', template_id: f.template, project_id: f.project };
    const pdf = await file({ source: { kind: 'labels', project_id: f.project, ids: f.labelIds.slice(9, 11) }, content, medium: L7160 }, f.cookies.worker);
    const text = pdfText(pdf.body);
    expect(text).toContain('ID CAB-0010');
    expect(text).toContain('Rack B (POWER)');
    expect(text).toContain('ID CAB-0011');
    expect(text).toContain('Rack B (FIBER)');
    expect(text).not.toContain('cab-0010');
  });

  it('previews the first page and counts every label and page', async () => {
    const response = await print({ source: { kind: 'labels', project_id: f.project, search: {} }, medium: L7160, copies: 2 }, f.cookies.worker, true);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect({ labels: preview.labels, pages: preview.pages }).toEqual({ labels: 50, pages: 3 });
    expect(preview.first_page_svg).toMatch(/^<svg/);
    expect(preview.warnings_total).toBe(preview.warnings.length);
  });

  it('lists a label whose text did not fit among the warnings, by its first line', async () => {
    const long = 'X'.repeat(200);
    const places = [{ rack: long, shelf: long, bin: '', zone: '' }];
    const response = await print({ source: { kind: 'locations', warehouse_id: f.warehouse, places }, medium: ROLL, min_font_pt: 12 }, f.cookies.admin, true);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.warnings_total).toBeGreaterThan(0);
    expect(preview.warnings[0]).toMatchObject({ label: 1, name: expect.stringMatching(/^LOC:\d+:X+/) });
  });
});
