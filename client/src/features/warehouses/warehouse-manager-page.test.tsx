// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { WarehouseInventoryPage } from './warehouse-inventory-page.tsx';
import { northYard, person } from './warehouse-fixtures.ts';
import { WarehouseManagerPage } from './warehouse-manager-page.tsx';

const created = { ...northYard, id: 'w-2', num_id: 2, name: 'South Depot', label: '#2 · South Depot' };

function openManager(routes: Record<string, unknown> = {}) {
  return renderWithProviders(<WarehouseManagerPage />, {
    session: { user: person('superadmin') },
    routes: { 'GET /api/warehouses': { items: [northYard] }, 'POST /api/warehouses': created, ...routes },
  });
}

describe('the Warehouse Manager', () => {
  it('lists warehouses as #{num_id} · name with their yard info', async () => {
    openManager();
    expect(await screen.findByRole('cell', { name: '#1 · North Yard' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Dock Road 4' })).toBeTruthy();
  });

  it('says there are no warehouses yet on an empty list', async () => {
    openManager({ 'GET /api/warehouses': { items: [] } });
    expect(await screen.findByText('There are no warehouses yet. Create the first with New Warehouse.')).toBeTruthy();
  });

  it('needs a name before creating, then sends the name and yard info', async () => {
    const { user, server } = openManager();
    await user.click(await screen.findByRole('button', { name: 'New Warehouse' }));
    const dialog = screen.getByRole('dialog', { name: 'New Warehouse' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Warehouse name is required')).toBeTruthy();
    expect(server.sent('POST /api/warehouses')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  South Depot ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Harbour 1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Warehouse #2 · South Depot created')).toBeTruthy();
    expect(server.sent('POST /api/warehouses')[0]?.body).toEqual({ name: 'South Depot', yard_info: { location: 'Harbour 1', capacity_summary: '' } });
  });

  it('deactivates only after a confirm, and shows the server’s refusal when the warehouse holds stock', async () => {
    const { user, server } = openManager({
      'POST /api/warehouses/w-1/deactivate': reply(422, {
        error: 'WAREHOUSE_HAS_STOCK',
        message: 'This warehouse still holds stock; move or return it before deactivating.',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate #1 · North Yard' }));
    expect(server.sent('POST /api/warehouses/w-1/deactivate')).toHaveLength(0);
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('This warehouse still holds stock; move or return it before deactivating.')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/deactivate')).toHaveLength(1);
  });
});

describe('who may open the warehouse screens', () => {
  it('tells anyone but a superadmin that the Warehouse Manager needs superadmin rights', () => {
    renderWithProviders(<WarehouseManagerPage />, { session: { user: person('admin') } });
    expect(screen.getByRole('alert').textContent).toBe('Access denied. Superadmin privileges required.');
  });

  it('tells a project manager without a global admin role that warehouses need admin rights', () => {
    const { server } = renderWithProviders(<WarehouseInventoryPage />, { session: { user: person('user'), projectRole: 'manager' } });
    expect(screen.getByRole('alert').textContent).toBe('Access denied. Admin privileges required.');
    expect(server.requests).toHaveLength(0);
  });
});
