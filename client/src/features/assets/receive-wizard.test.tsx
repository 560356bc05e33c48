// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { cables, instance, laptops, moveAnswer, northYard, P1, thinkpad, W1 } from './asset-fixtures.ts';
import { AssetReceiveWizard, receivedToast } from './receive-wizard.tsx';

const target = { type: 'project' as const, id: P1, label: '3001 · Riverside Depot' };
const newLaptop = { ...thinkpad, id: 'k-9', asset_number: 'LAP-09', asset_name: 'Dell 7440', category: 'c-1' };

function openWizard(receive: unknown = moveAnswer) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<AssetReceiveWizard target={target} onClose={onClose} />, {
    routes: {
      'GET /api/assets/catalog': { items: [thinkpad] },
      'GET /api/assets/categories': { items: [laptops, cables] },
      'GET /api/warehouses': { items: [northYard] },
      'GET /api/assets/search': { items: [instance({ owner_type: 'warehouse', owner_id: W1, project_id: null, warehouse_id: W1 })] },
      'POST /api/assets/catalog': newLaptop,
      [`POST /api/projects/${P1}/assets/receive`]: receive,
    },
  });
  return { ...rendered, onClose };
}

type User = ReturnType<typeof openWizard>['user'];
const next = (user: User) => user.click(screen.getByRole('button', { name: 'Next' }));
async function choose(user: User, box: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the asset receive wizard', () => {
  it('says where the asset was received, in the spec’s words for a project and a warehouse', () => {
    expect(receivedToast({ type: 'project', id: P1 }, 'Dell 7440')).toBe('Asset Dell 7440 received into project.');
    expect(receivedToast({ type: 'warehouse', id: W1 }, 'Dell 7440')).toBe('Asset received into warehouse');
  });

  it('adds a new type to the catalogue, then receives its first instance into the project', async () => {
    const { user, server, onClose } = openWizard();
    await user.click(await screen.findByRole('radio', { name: 'No, it is new to the system' }));
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'New type (add it to the asset catalog)' }));
    await next(user);
    await next(user);
    expect(screen.getAllByText('Provide an asset name and number.')).toHaveLength(2);
    expect(screen.getByText('Select a warehouse to receive into.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Asset Number' }), 'LAP-09');
    await user.type(screen.getByRole('textbox', { name: 'Asset Name' }), 'Dell 7440');
    await choose(user, 'Category', 'Laptops (serialized)');
    await choose(user, 'Parent warehouse', '#1 · North Yard');
    await next(user);
    expect(screen.getByText('Serial number is required for this asset type.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Serial Number' }), 'DL-77');
    await next(user);

    expect(screen.getByRole('row', { name: 'Serial number DL-77' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Parent warehouse #1 · North Yard' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Asset Dell 7440 received into project.')).toBeTruthy();
    expect(server.sent('POST /api/assets/catalog')[0]?.body).toEqual({
      asset_number: 'LAP-09',
      asset_name: 'Dell 7440',
      category: 'c-1',
      serial_required: true,
    });
    expect(server.sent(`POST /api/projects/${P1}/assets/receive`)[0]?.body).toEqual({
      catalog_id: 'k-9',
      serial_number: 'DL-77',
      asset_name: 'Dell 7440',
      condition: 'good',
      parent_warehouse_id: W1,
      metadata: { asset_name: 'Dell 7440', asset_category: 'Laptops', serial_required: true },
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('receives an existing instance from a warehouse by searching for its serial', async () => {
    const { user, server } = openWizard();
    await user.click(await screen.findByRole('radio', { name: 'Yes, it is recorded (in a warehouse or another project)' }));
    await next(user);
    await next(user);
    expect(screen.getByText('Select an asset instance to receive.')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: 'Asset instance' }), 'PF3');
    // The search waits for typing to pause: give a busy machine room.
    await user.click(await screen.findByRole('option', { name: 'LAP-01 · ThinkPad T14 · S/N PF3X9' }, { timeout: 5000 }));
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Asset ThinkPad T14 received into project.')).toBeTruthy();
    expect(server.sent(`POST /api/projects/${P1}/assets/receive`)[0]?.body).toEqual({ instance_id: instance().id, to_owner_type: 'project', to_owner_id: P1 });
  });

  it('shows a refusal on the summary, stays open, and does not add the type twice on retry', async () => {
    const { user, server, onClose } = openWizard(() => reply(422, { error: 'RULE', message: 'Serial number already exists for this asset number' }));
    await user.click(await screen.findByRole('radio', { name: 'No, it is new to the system' }));
    await next(user);
    await user.click(screen.getByRole('radio', { name: 'New type (add it to the asset catalog)' }));
    await next(user);
    await user.type(screen.getByRole('textbox', { name: 'Asset Number' }), 'LAP-09');
    await user.type(screen.getByRole('textbox', { name: 'Asset Name' }), 'Dell 7440');
    await choose(user, 'Category', 'Laptops (serialized)');
    await choose(user, 'Parent warehouse', '#1 · North Yard');
    await user.type(screen.getByRole('textbox', { name: 'Serial Number' }), 'DL-77');
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Serial number already exists for this asset number');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('alert');
    expect(server.sent('POST /api/assets/catalog')).toHaveLength(1);
    expect(server.sent(`POST /api/projects/${P1}/assets/receive`)).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });
});
