// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { I1, instance, location, northYard, person, U1, W1 } from './asset-fixtures.ts';
import { AssetTrackerDialog } from './asset-tracker.tsx';
import { WarehouseAssetsPage } from './warehouse-assets-page.tsx';

const inUse = location({
  instance: instance({ Status: 'In-Use', in_use: true, assigned_user_id: U1 }),
  assignedUser: { uuid: U1, user_email: 'ada@example.com', user_firstname: 'Ada', user_lastname: 'Lovelace' },
});
const routes = {
  'GET /api/assets/search': { items: [instance()] },
  [`GET /api/assets/location/${I1}`]: inUse,
  'GET /api/assets/location/00000000-0000-4000-8000-000000000000': reply(404, { error: 'NOT_FOUND', message: 'Asset instance not found' }),
};

describe('the asset tracker', () => {
  it('finds an instance by serial and says where it is and who has it', async () => {
    const { user, server } = renderWithProviders(<AssetTrackerDialog initialId={null} onClose={() => {}} />, { routes });
    await user.type(screen.getByRole('textbox', { name: 'Find an asset' }), 'PF3X9');
    await user.click(await screen.findByRole('button', { name: 'LAP-01 · ThinkPad T14 · S/N PF3X9' }, { timeout: 5000 }));
    const found = await screen.findByRole('region', { name: 'Asset location' });
    expect(within(found).getByRole('row', { name: 'Where Project 3001 · Riverside Depot' })).toBeTruthy();
    expect(within(found).getByRole('row', { name: 'Who has it Ada Lovelace (ada@example.com)' })).toBeTruthy();
    expect(within(found).getByText('In Use')).toBeTruthy();
    expect(server.sent('GET /api/assets/search')[0]?.params.get('q')).toBe('PF3X9');
  });

  it('looks an id up directly, and says when there is no such asset', async () => {
    const { user, server } = renderWithProviders(<AssetTrackerDialog initialId={null} onClose={() => {}} />, { routes });
    await user.click(screen.getByRole('textbox', { name: 'Find an asset' }));
    await user.paste('00000000-0000-4000-8000-000000000000');
    // The search waits for typing to pause: give a busy machine room.
    expect(await screen.findByText('Asset location not found', {}, { timeout: 5000 })).toBeTruthy();
    expect(server.sent('GET /api/assets/search')).toHaveLength(0);
  });

  it('opens on the instance of a tracker link in Warehouse Inventory', async () => {
    renderWithProviders(<WarehouseAssetsPage />, {
      session: { user: person('admin') },
      path: `/warehouses?track=${I1}`,
      routes: {
        ...routes,
        'GET /api/warehouses': { items: [northYard] },
        [`GET /api/assets/inventory/warehouse/${W1}`]: { items: [] },
        'GET /api/site/public-settings': { maintenance_mode: false, freeze_transactions: false },
      },
    });
    const tracker = await screen.findByRole('dialog', { name: 'Asset Tracker' });
    expect(await within(tracker).findByRole('row', { name: 'Who has it Ada Lovelace (ada@example.com)' })).toBeTruthy();
    expect(await screen.findByText('No data to display')).toBeTruthy();
  });
});
