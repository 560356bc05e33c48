// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { ImportPreview } from '@contract/label-import.ts';
import type { LabelTemplate } from '@contract/labels.ts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type SeenRequest } from '../../test/render.tsx';
import { ImportLabelsDialog } from './import-labels-dialog.tsx';

// The file's trip to the storage is the browser's own POST, outside the app's API.
vi.mock('../../api/label-import-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/label-import-api.ts')>()),
  uploadFile: async () => true,
}));

const projectId = '00000000-0000-4000-8000-000000000001';
const templateId = '00000000-0000-4000-8000-000000000002';
const fileKey = `label-imports/${projectId}/00000000-0000-4000-8000-000000000003.csv`;
const uploadUrl = { upload_url: '/uploads', fields: {}, file_key: fileKey };
const dryRun = (labels: number) => ({ labels, new: labels, duplicates: 0 });

/** A raw file of Rack and Port: its columns, or with a template its labels. */
function rawPreview(request: SeenRequest): ImportPreview {
  const templated = request.params.get('template_id') === templateId;
  const rows = ['R1', 'R2'].map((rack, i) => ({
    row_index: i + 1,
    data_points: { Rack: rack, Port: String(i + 1) },
    ...(templated ? { label_lines: [`RACK ${rack}`] } : {}),
    system: null,
    cluster_pod: null,
  }));
  return { preview_data: rows, total_rows: 2, columns: ['Rack', 'Port'], import_type: 'raw', first_row: null, dry_run: dryRun(2) };
}

/** A preformatted file whose first row is `Line1,Line2`: left out unless the request says it is a label. */
function preformattedPreview(request: SeenRequest): ImportPreview {
  const skipped = request.params.get('first_row_header') !== 'false';
  const lines = [...(skipped ? [] : [['Line1', 'Line2']]), ['CAB-1', 'Port 1'], ['CAB-2', 'Port 2']];
  return {
    preview_data: lines.map((label_lines, i) => ({ row_index: i + 1, label_lines, system: null, cluster_pod: null })),
    total_rows: lines.length,
    columns: ['Line 1', 'Line 2'],
    import_type: 'preformatted',
    first_row: { cells: ['Line1', 'Line2'], looks_like_header: true, skipped },
    dry_run: dryRun(lines.length),
  };
}

function routes(preview: (request: SeenRequest) => ImportPreview) {
  const templates: LabelTemplate[] = [];
  return {
    'GET /api/labels/templates': () => ({ items: templates }),
    'POST /api/labels/templates': (request: SeenRequest) => {
      const body = request.body as Pick<LabelTemplate, 'name' | 'template_data'>;
      const created = { id: templateId, project_id: projectId, ...body, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' };
      templates.push(created);
      return created;
    },
    'GET /api/labels/imports': { items: [] },
    'POST /api/labels/upload-url': uploadUrl,
    'POST /api/labels/import-preview': preview,
    'POST /api/labels/import-from-s3/async/start': { job_id: '00000000-0000-4000-8000-000000000004' },
  };
}

async function chooseAndPreview(user: ReturnType<typeof renderWithProviders>['user'], name: string, raw: boolean) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await user.upload(input, new File(['x'], name, { type: 'text/csv' }));
  if (raw) await user.click(screen.getByRole('radio', { name: /^Raw/ }));
  await user.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('the import dialog', () => {
  it('applies a template made from the dialog as soon as it is saved', async () => {
    const { user, server } = renderWithProviders(<ImportLabelsDialog opened projectId={projectId} onClose={() => {}} />, { routes: routes(rawPreview) });
    await chooseAndPreview(user, 'racks.csv', true);
    await user.click(await screen.findByRole('button', { name: 'Create New Template' }));
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'Rack labels');
    await user.click(screen.getByText('Rack'));
    await user.click(screen.getByRole('button', { name: 'Save Template' }));

    expect((await screen.findByText(/Template applied:/)).textContent).toMatch(/Template applied: Rack labels/);
    expect(screen.getByRole('table', { name: 'Import preview' }).textContent).toContain('RACK R1');
    expect(server.sent('POST /api/labels/import-preview').at(-1)!.params.get('template_id')).toBe(templateId);
    await user.click(screen.getByRole('button', { name: 'Import 2 Labels' }));
    await waitFor(() => expect(server.sent('POST /api/labels/import-from-s3/async/start')).toHaveLength(1));
    expect(server.sent('POST /api/labels/import-from-s3/async/start')[0]!.params.get('template_id')).toBe(templateId);
  });

  it("says a first row of column names is left out, and imports as the person's choice was previewed", async () => {
    const { user, server } = renderWithProviders(<ImportLabelsDialog opened projectId={projectId} onClose={() => {}} />, {
      routes: routes(preformattedPreview),
    });
    await chooseAndPreview(user, 'cables.csv', false);
    expect(await screen.findByText('The first row (Line1, Line2) looks like column names and will not be imported.')).toBeTruthy();
    const header = screen.getByRole('checkbox', { name: 'First row is a header' }) as HTMLInputElement;
    expect(header.checked).toBe(true);

    await user.click(header);
    expect(await screen.findByText('The first row (Line1, Line2) looks like column names but will be imported as a label.')).toBeTruthy();
    expect(server.sent('POST /api/labels/import-preview').at(-1)!.params.get('first_row_header')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Import 3 Labels' }));
    await waitFor(() => expect(server.sent('POST /api/labels/import-from-s3/async/start')).toHaveLength(1));
    expect(server.sent('POST /api/labels/import-from-s3/async/start')[0]!.params.get('first_row_header')).toBe('false');
  });
});
