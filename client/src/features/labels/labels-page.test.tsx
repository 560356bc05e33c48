// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Label } from '@contract/labels.ts';
import { printedSource, printedTemplateProject, withPrintDialog } from '../../test/label-print-stub.tsx';
import { renderWithProviders, type SeenRequest } from '../../test/render.tsx';
import { LabelsPage } from './labels-page.tsx';

const project = { id: 'p-1', project_name: 'Cable Yard', project_customer: null, project_number: '4001' };
const projectRow = {
  ...project,
  num_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  managing_logistics: false,
  hide_from_transfer_list: false,
  project_role: 'admin',
};
const user = (role: 'user' | 'admin') => ({
  id: 'u-1',
  email: 'a@b.c',
  user_email: 'a@b.c',
  user_firstname: 'Ada',
  user_lastname: 'Lee',
  role,
  emails: false,
  stock_emails: false,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
});
const label = (n: number, extra: string[] = []): Label => ({
  id: `l-${n}`,
  label_lines: [`CAB-${n}`, ...extra],
  system: n % 2 ? 'Power' : null,
  cluster_pod: null,
});
const labels = Array.from({ length: 8 }, (_, i) => label(i, i === 3 ? ['Rack 3', 'Port 9'] : []));

function renderPage(role: 'user' | 'admin' = 'admin', search: (r: SeenRequest) => unknown = () => ({ items: labels, total: 8, total_capped: false })) {
  return renderWithProviders(withPrintDialog(<LabelsPage />), {
    session: { user: user(role), project, projectRole: 'admin' },
    routes: {
      'GET /api/projects': { items: [projectRow] },
      'GET /api/projects/p-1/my-role': { project_role: 'admin' },
      'GET /api/labels/filters': { systems: ['', 'Power'], cluster_pods: [''] },
      'GET /api/labels/search': search,
      'POST /api/labels/bulk-delete': { deleted: 2 },
    },
  });
}

const mainTable = () => screen.getByRole('table', { name: 'Labels' });
const row = (text: string) => within(mainTable()).getByText(text).closest('tr')!;

describe('the Label Database', () => {
  it('shows a column per line up to the longest label, and N/A for empty tags', async () => {
    renderPage();
    await screen.findByText('CAB-0');
    const headers = within(mainTable())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['', 'Line 1', 'Line 2', 'Line 3', 'Cluster/Pod', 'System']);
    expect(within(row('CAB-0')).getAllByText('N/A')).toHaveLength(2);
    expect(within(row('CAB-1')).getByText('Power')).toBeTruthy();
  });

  it('selects a range with shift-click, with the header checkbox indeterminate, and copies it to the drawer', async () => {
    const { user: person } = renderPage();
    await screen.findByText('CAB-0');
    await person.click(within(row('CAB-1')).getByText('CAB-1'));
    fireEvent.click(within(row('CAB-4')).getByText('CAB-4'), { shiftKey: true });
    await waitFor(() => expect(mainTable().querySelectorAll('tr[aria-selected="true"]')).toHaveLength(4));
    expect((screen.getByRole('checkbox', { name: 'Select all in Labels' }) as HTMLInputElement).indeterminate).toBe(true);
    await person.click(screen.getByRole('button', { name: 'Copy Selected' }));
    expect(screen.getByText('4 selected')).toBeTruthy();
    expect(within(mainTable()).queryByText('CAB-2')).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Expand selected labels' }));
    const drawer = screen.getByRole('table', { name: 'Selected labels' });
    expect(
      within(drawer)
        .getAllByText(/^CAB-/)
        .map((c) => c.textContent),
    ).toEqual(['CAB-1', 'CAB-2', 'CAB-3', 'CAB-4']);
    // Removing returns them to the main table.
    await person.click(screen.getByRole('button', { name: 'Remove All' }));
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(within(mainTable()).getByText('CAB-2')).toBeTruthy();
  });

  it('sends the trimmed search after the debounce and starts again at page 1', async () => {
    const { user: person, server } = renderPage('admin', (r) => ({ items: labels, total: r.params.get('q') ? 8 : 420, total_capped: false }));
    await screen.findByText('of 5');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.sent('GET /api/labels/search').at(-1)!.params.get('offset')).toBe('100'));
    await person.type(screen.getByRole('textbox', { name: 'Search labels' }), '  cab, rack ');
    await waitFor(() => expect(server.sent('GET /api/labels/search').at(-1)!.params.get('q')).toBe('cab, rack'));
    const last = server.sent('GET /api/labels/search').at(-1)!;
    expect(last.params.get('offset')).toBe('0');
    // Typing sent one search for the settled text, not one per key.
    expect(server.sent('GET /api/labels/search').filter((r) => r.params.get('q')).length).toBe(1);
  });

  it('asks before deleting, saying how many, for admins only', async () => {
    const { user: person, server } = renderPage();
    await screen.findByText('CAB-0');
    await person.click(within(row('CAB-5')).getByRole('checkbox'));
    await person.click(within(row('CAB-6')).getByRole('checkbox'));
    await person.click(screen.getByRole('button', { name: 'Delete Labels' }));
    expect(screen.getByText(/^Delete 2 label\(s\)\? This cannot be undone\./)).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.sent('POST /api/labels/bulk-delete')).toHaveLength(1));
    expect(server.sent('POST /api/labels/bulk-delete')[0]!.body).toEqual({ project_id: 'p-1', ids: ['l-5', 'l-6'] });
  });

  it('hides Import and Delete from a user who is not an admin', async () => {
    renderPage('user');
    await screen.findByText('CAB-0');
    expect(screen.queryByRole('button', { name: 'Delete Labels' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import Labels' })).toBeNull();
  });

  it('says there is nothing to export, and names the file after the format, back to CSV on cancel', async () => {
    const { user: person } = renderPage();
    await screen.findByText('CAB-0');
    await person.click(screen.getByRole('button', { name: 'Export Selected' }));
    expect(await screen.findByText('No labels selected for export')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Copy All' }));
    await person.click(screen.getByRole('button', { name: 'Export Selected' }));
    const name = () => (screen.getByRole('textbox', { name: 'Filename' }) as HTMLInputElement).value;
    expect(name()).toMatch(/^labels_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.csv$/);
    await person.click(screen.getByRole('radio', { name: 'XLSX' }));
    expect(name()).toMatch(/\.xlsx$/);
    await person.click(screen.getByRole('button', { name: 'Cancel' }));
    await person.click(screen.getByRole('button', { name: 'Export Selected' }));
    expect((screen.getByRole('radio', { name: 'CSV' }) as HTMLInputElement).checked).toBe(true);
    expect(name()).toMatch(/\.csv$/);
  });

  it('prints the labels ticked in the table, then the drawer’s labels, each through the print dialog', async () => {
    const { user: person } = renderPage('user');
    await screen.findByText('CAB-0');
    const printTicked = () => screen.getByRole('button', { name: /^Print Labels \(/ });
    const printDrawer = () => screen.getByRole('button', { name: /^Print Selected \(/ });
    expect(printTicked().textContent).toBe('Print Labels (0)');
    expect((printTicked() as HTMLButtonElement).disabled).toBe(true);
    expect((printDrawer() as HTMLButtonElement).disabled).toBe(true);

    await person.click(within(row('CAB-2')).getByRole('checkbox'));
    await person.click(within(row('CAB-5')).getByRole('checkbox'));
    expect(printTicked().textContent).toBe('Print Labels (2)');
    await person.click(printTicked());
    const dialog = screen.getByRole('dialog', { name: 'Print 2 labels' });
    expect(printedSource(dialog)).toEqual({ kind: 'labels', project_id: 'p-1', ids: ['l-2', 'l-5'] });
    expect(printedTemplateProject(dialog)).toBe('p-1');
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Print 2 labels' })).toBeNull());

    // Copied into the drawer, they print from there; the table's ticks are gone.
    await person.click(within(row('CAB-7')).getByRole('checkbox'));
    await person.click(screen.getByRole('button', { name: 'Copy Selected' }));
    expect(printTicked().textContent).toBe('Print Labels (0)');
    expect(printDrawer().textContent).toBe('Print Selected (3)');
    await person.click(printDrawer());
    expect(printedSource(screen.getByRole('dialog', { name: 'Print 3 labels' }))).toEqual({ kind: 'labels', project_id: 'p-1', ids: ['l-2', 'l-5', 'l-7'] });
  });
});
