// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { SavedMedium } from '@contract/label-media.ts';
import type { PrintBodyInput, PrintPreview } from '@contract/label-print.ts';
import type { LabelTemplate } from '@contract/labels.ts';
import { describe, expect, it, vi } from 'vitest';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply, type SeenRequest } from '../../test/render.tsx';
import { LabelPrintDialog, type LabelPrintDialogProps } from './label-print-dialog.tsx';

const downloads = vi.hoisted(() => ({ blobs: [] as { fileName: string; blob: Blob }[] }));
vi.mock('../../api/download.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/download.ts')>()),
  downloadBlob: (fileName: string, blob: Blob) => downloads.blobs.push({ fileName, blob }),
}));

const P1 = '00000000-0000-4000-8000-000000000001';
const T1 = '00000000-0000-4000-8000-000000000002';
const M1 = '00000000-0000-4000-8000-000000000003';
const A1 = '00000000-0000-4000-8000-00000000000a';
const A2 = '00000000-0000-4000-8000-00000000000b';
const assets: LabelPrintDialogProps['source'] = { kind: 'assets', project_id: P1, instance_ids: [A1, A2] };
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect x="7.2" y="15.15" width="63.5" height="38.1"/></svg>';

const template: LabelTemplate = {
  id: T1,
  project_id: P1,
  name: 'Asset tags',
  template_data: {
    columns: ['Asset Name'],
    lines: [{ id: 'l1', fields: [{ name: 'Asset Name', prependText: '', appendText: '' }], separator: ' ', casing: 'none' }],
  },
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
};

const previewOf = (figures: Partial<PrintPreview> = {}): PrintPreview => ({
  labels: 2,
  pages: 1,
  first_page_svg: SVG,
  warnings: [],
  warnings_total: 0,
  ...figures,
});

function open(options: { preview?: (request: SeenRequest) => unknown; role?: 'user' | 'admin'; count?: number } = {}) {
  return renderWithProviders(<LabelPrintDialog opened onClose={() => {}} source={assets} count={options.count ?? 2} templateProjectId={P1} />, {
    session: { user: person(options.role ?? 'user') },
    routes: {
      'GET /api/labels/media': { items: [] },
      'GET /api/labels/templates': { items: [template] },
      'POST /api/labels/print/preview': options.preview ?? (() => previewOf()),
      'POST /api/labels/print': () =>
        // A text body: jsdom's Blob is not the one Node's Response reads.
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="labels_2026-11-27T18-00-00-000Z.pdf"' },
        }),
    },
  });
}

type User = ReturnType<typeof open>['user'];
async function choose(user: User, box: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const lastBody = (server: ReturnType<typeof open>['server']) => server.sent('POST /api/labels/print/preview').at(-1)?.body as PrintBodyInput | undefined;

describe('the label print dialog', () => {
  it('is headed with the number of records, in the singular for one', () => {
    open({ count: 1 });
    expect(screen.getByText('Print 1 label')).toBeTruthy();
  });

  it('fills the numbers of a chosen preset, in the unit it is published in', async () => {
    const { user } = open();
    expect(box('Label width (mm)').value).toBe('63.5');
    await choose(user, 'Medium', 'Avery L7163 (A4, 14 per sheet, 99.1 × 38.1 mm)');
    expect(box('Label width (mm)').value).toBe('99.1');
    expect(box('Left margin (mm)').value).toBe('4.65');
    expect(box('Columns').value).toBe('2');
    expect(box('Rows').value).toBe('7');

    await choose(user, 'Medium', 'Avery 5160 (Letter, 30 per sheet, 2⅝ × 1 in)');
    expect(box('Label width (in)').value).toBe('2.625');
    expect(box('Left margin (in)').value).toBe('0.1875');
    expect(box('Columns').value).toBe('3');
    expect(box('Rows').value).toBe('10');
  });

  it('shows the message of a zero label width under its box and will not print or preview it', async () => {
    const { user, server } = open();
    await waitFor(() => expect(server.sent('POST /api/labels/print/preview')).toHaveLength(1));
    await choose(user, 'Medium', 'Custom sheet…');
    await user.clear(box('Label width (mm)'));
    await user.type(box('Label width (mm)'), '0');
    expect(await screen.findByText('Label width must be greater than 0.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Print' }) as HTMLButtonElement).disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.sent('POST /api/labels/print/preview')).toHaveLength(1);
  });

  it('says labels overflow the page under the columns', async () => {
    const { user } = open();
    await user.clear(box('Columns'));
    await user.type(box('Columns'), '4');
    expect(await screen.findByText('The labels reach 268.7 mm across but the page is only 210 mm wide.')).toBeTruthy();
  });

  it('offers ZPL only for a roll, and says why', async () => {
    const { user, server } = open();
    const zpl = () => screen.getByRole('radio', { name: 'ZPL (thermal printer)' }) as HTMLInputElement;
    expect(zpl().disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Sheet positions' })).toBeTruthy();
    expect(screen.getByText('ZPL prints on a thermal roll: choose a roll medium, or PDF for a sheet.')).toBeTruthy();
    await choose(user, 'Medium', 'Roll 62 × 29 mm, 300 dpi');
    expect(zpl().disabled).toBe(false);
    expect(screen.queryByText('ZPL prints on a thermal roll: choose a roll medium, or PDF for a sheet.')).toBeNull();
    // A roll has no sheet positions; its body asks for ZPL at the roll's resolution.
    expect(screen.queryByRole('group', { name: 'Sheet positions' })).toBeNull();
    await user.click(zpl());
    await waitFor(() => expect(lastBody(server)?.format).toBe('zpl'), { timeout: 2000 });
    expect(lastBody(server)!.medium).toEqual({ kind: 'roll', unit: 'mm', label_width_mm: 62, label_height_mm: 29, dpi: 300 });
    expect(lastBody(server)!.start_at).toBe(1);
    // Back on a sheet, the print is a PDF again.
    await choose(user, 'Medium', 'Avery L7160 (A4, 21 per sheet, 63.5 × 38.1 mm)');
    await waitFor(() => expect(lastBody(server)?.medium.kind).toBe('sheet'), { timeout: 2000 });
    expect(lastBody(server)!.format).toBe('pdf');
  });

  it('asks the preview for the source, content, medium, start position and copies chosen', async () => {
    const { user, server } = open();
    await user.click(screen.getByRole('button', { name: 'Start at label 4' }));
    await user.clear(box('Copies'));
    await user.type(box('Copies'), '3');
    await choose(user, 'Content', 'Asset tags');
    await waitFor(() => expect(lastBody(server)?.content).toEqual({ kind: 'template', template_id: T1, project_id: P1 }), { timeout: 2000 });
    const body = lastBody(server)!;
    expect(body.source).toEqual(assets);
    expect(body.start_at).toBe(4);
    expect(body.copies).toBe(3);
    expect(body.format).toBe('pdf');
    expect(body.include_code).toBe(true);
    expect(body.min_font_pt).toBe(6);
    expect(body.medium).toMatchObject({ kind: 'sheet', rows: 7, columns: 3, label_width_mm: 63.5, label_height_mm: 38.1, page_width_mm: 210 });
    expect(screen.getByText('Labels 1 to 3 of the first sheet are left blank.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Print the code' }));
    await waitFor(() => expect(lastBody(server)?.include_code).toBe(false), { timeout: 2000 });
  });

  it('shows the first page, the counts and every label that did not fit', async () => {
    const warnings = [
      { label: 1, name: 'Core switch A', message: 'The text was cut to fit.' },
      { label: 7, name: 'Patch panel 12', message: 'The text was cut to fit.' },
    ];
    open({ preview: () => previewOf({ labels: 30, pages: 2, warnings, warnings_total: 5 }) });
    expect(await screen.findByText('30 labels on 2 pages')).toBeTruthy();
    const image = screen.getByRole('img', { name: 'First page as printed' }) as HTMLImageElement;
    expect(decodeURIComponent(image.src)).toContain('width="210mm"');
    expect(screen.getByText('5 labels did not fit')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Labels that did not fit' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Label 1 (Core switch A): The text was cut to fit.',
      'Label 7 (Patch panel 12): The text was cut to fit.',
    ]);
    expect(screen.getByText('and 3 more')).toBeTruthy();
  });

  it("shows the server's refusal of the settings and keeps them", async () => {
    const { user } = open({ preview: () => reply(400, { error: 'VALIDATION', message: 'Start at label must be between 1 and 21.', field: 'start_at' }) });
    await user.clear(box('Copies'));
    await user.type(box('Copies'), '2');
    // In the alert, and under the box it names.
    await waitFor(() => expect(screen.getAllByText('Start at label must be between 1 and 21.')).toHaveLength(2), { timeout: 2000 });
    expect(screen.getByRole('alert').textContent).toContain('Start at label must be between 1 and 21.');
    expect(box('Start at label').getAttribute('aria-invalid')).toBe('true');
    expect(box('Copies').value).toBe('2');
  });

  it("downloads the print under the server's file name", async () => {
    downloads.blobs.length = 0;
    const { user, server } = open();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Downloaded labels_2026-11-27T18-00-00-000Z.pdf')).toBeTruthy();
    expect(downloads.blobs.map((d) => d.fileName)).toEqual(['labels_2026-11-27T18-00-00-000Z.pdf']);
    expect(await downloads.blobs[0]!.blob.text()).toBe('%PDF-1.7');
    expect((server.sent('POST /api/labels/print')[0]!.body as PrintBodyInput).medium).toMatchObject({ kind: 'sheet', rows: 7 });
  });

  it('lets only global admins save media', async () => {
    open();
    expect(screen.queryByRole('button', { name: 'Save media…' })).toBeNull();
  });

  it('saves the medium by name for the site and prints on it; deletes it after asking', async () => {
    const saved: SavedMedium[] = [];
    const { user, server } = renderWithProviders(<LabelPrintDialog opened onClose={() => {}} source={assets} count={2} />, {
      session: { user: person('superadmin') },
      routes: {
        'GET /api/labels/media': () => ({ items: saved }),
        'POST /api/labels/media': (request: SeenRequest) => {
          const body = request.body as { name: string; medium: SavedMedium['medium'] };
          const item = { id: M1, ...body, created_at: '2026-11-27T18:00:00Z', updated_at: '2026-11-27T18:00:00Z' };
          saved.push(item);
          return reply(201, item);
        },
        [`DELETE /api/labels/media/${M1}`]: () => {
          saved.length = 0;
          return new Response(null, { status: 204 });
        },
        'POST /api/labels/print/preview': () => previewOf(),
      },
    });
    await user.clear(box('Columns'));
    await user.type(box('Columns'), '2');
    await user.click(screen.getByRole('button', { name: 'Save media…' }));
    await user.type(screen.getByRole('textbox', { name: 'Media name' }), 'Shelf tags');
    await user.click(screen.getByRole('button', { name: /^Save$/ }));

    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Medium' }) as HTMLInputElement).value).toBe('Shelf tags'));
    const posted = server.sent('POST /api/labels/media')[0]!;
    expect(posted.body).toMatchObject({ name: 'Shelf tags', medium: { kind: 'sheet', rows: 7, columns: 2, label_width_mm: 63.5 } });
    expect(posted.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(lastBody(server)?.medium).toMatchObject({ columns: 2 }), { timeout: 2000 });

    await user.click(screen.getByRole('button', { name: 'Delete saved media' }));
    expect(screen.getByText('Delete “Shelf tags” for everyone?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Delete$/ }));
    await waitFor(() => expect(server.sent(`DELETE /api/labels/media/${M1}`)).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Medium' }) as HTMLInputElement).value).toBe('Custom sheet…'));
    // The numbers stay, for a print on the same stock.
    expect(box('Columns').value).toBe('2');
  });
});
