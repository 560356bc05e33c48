// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { printedSource, withPrintDialog } from '../../test/label-print-stub.tsx';
import { renderWithProviders, type SeenRequest } from '../../test/render.tsx';
import { assetRow, I1, location, moveAnswer, P1, person, project, transaction, U1 } from './asset-fixtures.ts';
import { AssetsDashboard } from './assets-dashboard.tsx';

const I2 = '55555555-5555-4555-8555-555555555555';
const rows = [
  assetRow(),
  assetRow({ instance_id: I2, serial_number: 'QX-2', Status: 'In-Use', in_use: true, assigned_user_id: U1, assigned_user_name: 'Ada Lovelace' }),
];
const logs = [
  transaction({ id: 2, action_type: 'Assign', to_owner_type: 'user', to_owner_label: 'Ada Lovelace', created_at: '2026-11-20T09:00:00Z' }),
  transaction({ id: 1, action_type: 'Receive', from_owner_type: 'warehouse', from_owner_label: '#1 · North Yard', created_at: '2026-11-19T09:00:00Z' }),
];
const members = { items: [{ user_id: U1, user_firstname: 'Ada', user_lastname: 'Lovelace', user_email: 'ada@example.com', project_role: 'user' }] };

function openDashboard(role: 'admin' | 'user' = 'admin') {
  return renderWithProviders(withPrintDialog(<AssetsDashboard />), {
    session: { user: person(role), project, projectRole: role === 'admin' ? 'admin' : 'user' },
    routes: {
      [`GET /api/assets/inventory/project/${P1}`]: { items: rows },
      [`GET /api/assets/location/${I1}`]: location(),
      [`GET /api/assets/location/${I2}`]: location(),
      [`GET /api/users/project/${P1}`]: members,
      [`POST /api/assets/instances/${I1}/in-use`]: moveAnswer,
      [`POST /api/assets/instances/${I2}/in-use`]: moveAnswer,
      'POST /api/assets/lost': moveAnswer,
      'GET /api/assets/transactions': { items: logs },
      'GET /api/users/me': person(role),
      'GET /api/site/public-settings': { maintenance_mode: false, freeze_transactions: false },
    },
  });
}

// jsdom lays nothing out: give every box a laptop screen's size so the table renders the rows in view.
const sizes = { clientHeight: 800, clientWidth: 1200 } as const;
const real = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(Element.prototype, k)]));
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(Element.prototype, key, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(real)) if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
});

describe('the dashboard in assets mode', () => {
  it('lists Asset Type, Asset Name, S/N after the name, and Status, Available green and In-Use red', async () => {
    openDashboard();
    const table = await screen.findByRole('table', { name: 'Assets inventory' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↑↓↕]/g, '').trim())
      .filter(Boolean);
    expect(headers).toEqual(['Asset Type', 'Asset Name', 'S/N', 'Status']);
    // The rows are drawn just after the table itself.
    const available = await within(table).findByText('Available');
    const inUse = within(table).getByText('In Use');
    expect(available.closest('[data-status]')?.getAttribute('data-status')).toBe('Available');
    expect(inUse.closest('[data-status]')?.getAttribute('data-status')).toBe('In-Use');
    expect(available.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('green');
    expect(inUse.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
    expect(screen.getByRole('region', { name: 'Project Actions' })).toBeTruthy();
  });

  it('hides the Project Actions from those who may not manage the project', async () => {
    openDashboard('user');
    await screen.findByRole('table', { name: 'Assets inventory' });
    expect(screen.queryByRole('region', { name: 'Project Actions' })).toBeNull();
  });

  it('marks an available asset in use for a member from Asset Details, after a confirm step', async () => {
    const { user, server } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Details of ThinkPad T14 PF3X9' }));
    const details = await screen.findByRole('dialog', { name: 'Asset Details' });
    expect(await within(details).findByRole('img', { name: /QR code of the tracker link/ })).toBeTruthy();
    expect(within(details).getByText(`http://localhost:3000/warehouses?mode=assets&track=${I1}`, { exact: false })).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Mark In Use' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assign Assets' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Missing instance or user')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('row', { name: 'User Ada Lovelace' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Asset marked in use')).toBeTruthy();
    const [sent] = server.sent(`POST /api/assets/instances/${I1}/in-use`) as SeenRequest[];
    expect(sent?.body).toEqual({ in_use: true, assigned_user_id: U1 });
  });

  it('marks an in-use asset available again', async () => {
    const { user, server } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Details of ThinkPad T14 QX-2' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Asset Details' })).getByRole('button', { name: 'Mark Available' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign Assets' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Asset marked available')).toBeTruthy();
    expect(server.sent(`POST /api/assets/instances/${I2}/in-use`)[0]?.body).toEqual({ in_use: false, assigned_user_id: null });
  });

  it('marks an asset lost from Asset Details, a form then a confirm step, and goes back to the details', async () => {
    const { user, server } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Details of ThinkPad T14 PF3X9' }));
    const details = await screen.findByRole('dialog', { name: 'Asset Details' });
    expect(within(details).queryByRole('button', { name: 'Mark Found' })).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Mark Lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Lost · LAP-01' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Marked lost')).toBeTruthy();
    expect(server.sent('POST /api/assets/lost')[0]?.body).toEqual({ project_id: P1, instance_id: I1, source: 'on_hand', note: null });
    expect(await screen.findByRole('dialog', { name: 'Asset Details' })).toBeTruthy();
  });

  it('opens the project’s Asset Logs, rows coloured by type, filtered by the server, and exports them as CSV', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    try {
      const { user, server } = openDashboard();
      await user.click(await screen.findByRole('button', { name: 'Asset Logs' }));
      const dialog = await screen.findByRole('dialog', { name: 'Asset Logs · 3001 · Riverside Depot' });
      const table = await within(dialog).findByRole('table', { name: 'Asset logs' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['Assign', 'Receive']);
      expect(rows[0]?.getAttribute('style')).toContain('var(--mantine-color-');
      const first = server.sent('GET /api/assets/transactions')[0];
      expect(first?.params.get('project_id')).toBe(P1);
      expect(first?.params.get('limit')).toBe('500');

      await user.click(within(dialog).getByRole('radio', { name: 'Lost' }));
      await vi.waitFor(() => expect(server.sent('GET /api/assets/transactions').some((r) => r.params.get('type') === 'lost')).toBe(true));
      await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
      await vi.waitFor(() => expect(clicked).toHaveLength(1));
      const url = new URL(clicked[0] ?? '');
      expect(url.pathname).toBe('/api/assets/transactions');
      expect(Object.fromEntries(url.searchParams)).toEqual({ project_id: P1, type: 'lost', limit: '500', format: 'csv' });
    } finally {
      click.mockRestore();
    }
  });

  it('shows Asset Logs and Export CSV only to those the spec lets see them', async () => {
    openDashboard('user');
    await screen.findByRole('table', { name: 'Assets inventory' });
    expect(screen.queryByRole('button', { name: 'Asset Logs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('prints the ticked instances, all shown at once with select-all, for the project', async () => {
    const { user } = openDashboard('user');
    await screen.findByRole('table', { name: 'Assets inventory' });
    const print = () => screen.getByRole('button', { name: /^Print Labels \(/ });
    expect(print().textContent).toBe('Print Labels (0)');
    expect((print() as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Select ThinkPad T14 QX-2' }));
    expect(print().textContent).toBe('Print Labels (1)');
    const all = screen.getByRole('checkbox', { name: 'Select all assets' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(all.checked).toBe(true);
    expect(print().textContent).toBe('Print Labels (2)');
    await user.click(print());
    const source = printedSource(screen.getByRole('dialog', { name: 'Print 2 labels' })) as { kind: string; project_id: string; instance_ids: string[] };
    expect({ ...source, instance_ids: [...source.instance_ids].sort() }).toEqual({ kind: 'assets', project_id: P1, instance_ids: [I1, I2].sort() });
  });

  it('prints one instance’s label from Asset Details, its QR still on screen', async () => {
    const { user } = openDashboard('user');
    await user.click(await screen.findByRole('button', { name: 'Details of ThinkPad T14 PF3X9' }));
    const details = await screen.findByRole('dialog', { name: 'Asset Details' });
    expect(await within(details).findByRole('img', { name: /QR code of the tracker link/ })).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Print Label' }));
    expect(printedSource(screen.getByRole('dialog', { name: 'Print 1 label' }))).toEqual({ kind: 'assets', instance_ids: [I1], project_id: P1 });
  });
});
