// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SAVED_ON_DEVICE } from '../../offline/saved-notice.ts';
import { queuedReceipt } from '../../test/queued-action.ts';
import { AssetMoveDialog } from './asset-move-dialog.tsx';
import { assetRow, I1, instance, moveAnswer, northYard, P1, project, W1 } from './asset-fixtures.ts';

const cable = assetRow({
  AssetNumber: 'CAB-01',
  AssetName: 'Patch cable',
  kind: 'bulk',
  instance_id: null,
  serial_number: null,
  catalog_id: 'k-2',
  QtyOnHand: 5,
  ProjectID: null,
  warehouse_id: W1,
});

function openDialog(kind: 'warehouse-assign' | 'project-return' | 'warehouse-return' | 'warehouse-unassign', returnAnswer: unknown = moveAnswer) {
  const onClose = vi.fn();
  const here = kind === 'project-return' ? { type: 'project' as const, id: P1 } : { type: 'warehouse' as const, id: W1 };
  const rendered = renderWithProviders(<AssetMoveDialog kind={kind} here={here} rows={[assetRow(), cable]} onClose={onClose} />, {
    routes: {
      'GET /api/projects': { items: [{ ...project, hide_from_transfer_list: false }] },
      'GET /api/warehouses': { items: [northYard] },
      [`POST /api/warehouses/${W1}/assets/assign`]: moveAnswer,
      [`POST /api/projects/${P1}/assets/return`]: returnAnswer,
      [`POST /api/warehouses/${W1}/assets/return`]: moveAnswer,
      [`POST /api/assets/instances/${I1}/in-use`]: moveAnswer,
      // One instance in use on the project, one available: only the first can be unassigned.
      'GET /api/assets/search': { items: [instance({ Status: 'In-Use', in_use: true }), instance({ id: 'i-2', instance_id: 'i-2', serial_number: 'ZZ-9' })] },
      // The project holds 3 of the cables, one instance and no other bulk units.
      [`GET /api/assets/inventory/project/${P1}`]: { items: [assetRow(), { ...cable, QtyOnHand: 3, ProjectID: P1, warehouse_id: null }] },
    },
  });
  return { ...rendered, onClose };
}

type User = ReturnType<typeof openDialog>['user'];
async function choose(user: User, box: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the asset assign and return dialogs', () => {
  it('assigns units of a bulk asset to a project by count, no more than the warehouse holds', async () => {
    const { user, server, onClose } = openDialog('warehouse-assign');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Missing instance')).toBeTruthy();
    expect(screen.getByText('Select a project to assign to.')).toBeTruthy();

    await choose(user, 'Asset instance', 'CAB-01 · Patch cable (5 on hand)');
    await choose(user, 'Project', '3001 · Riverside Depot');
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Insufficient quantity available (5)')).toBeTruthy();

    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('row', { name: 'Quantity 5' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Asset assigned to project')).toBeTruthy();
    expect(server.sent(`POST /api/warehouses/${W1}/assets/assign`)[0]?.body).toEqual({
      instance_id: 'CAB-01',
      to_owner_type: 'project',
      to_owner_id: P1,
      quantity: 5,
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('returns an instance from the project to a warehouse after a confirm step', async () => {
    const { user, server } = openDialog('project-return');
    await choose(user, 'Asset instance', 'LAP-01 · ThinkPad T14 · S/N PF3X9');
    await choose(user, 'Warehouse', '#1 · North Yard');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = screen.getByRole('dialog', { name: 'Return Assets' });
    expect(within(dialog).getByRole('row', { name: 'Warehouse #1 · North Yard' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Asset returned successfully')).toBeTruthy();
    expect(server.sent(`POST /api/projects/${P1}/assets/return`)[0]?.body).toEqual({ instance_id: I1, to_owner_type: 'warehouse', to_owner_id: W1 });
  });

  it('counts bulk units back into the warehouse from the project that holds them, no more than it holds', async () => {
    const { user, server, onClose } = openDialog('warehouse-return');
    const dialog = screen.getByRole('dialog', { name: 'Return Asset to Warehouse' });
    await user.click(within(dialog).getByText('Bulk units'));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Select the project the units come back from.')).toBeTruthy();
    await choose(user, 'From project', '3001 · Riverside Depot');
    // Only the project's bulk types with units are offered.
    await user.click(within(dialog).getByRole('combobox', { name: 'Bulk asset' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['CAB-01 · Patch cable (3 on hand)']);
    await user.click(screen.getByRole('option', { name: 'CAB-01 · Patch cable (3 on hand)' }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Insufficient quantity available (3)')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('row', { name: 'From project 3001 · Riverside Depot' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Asset returned to warehouse')).toBeTruthy();
    expect(server.sent(`POST /api/warehouses/${W1}/assets/return`)[0]?.body).toEqual({
      instance_id: 'CAB-01',
      to_owner_type: 'warehouse',
      to_owner_id: W1,
      project_id: P1,
      quantity: 3,
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('unassigns an In-Use instance found by search from the warehouse, after a confirm step', async () => {
    const { user, server } = openDialog('warehouse-unassign');
    const dialog = screen.getByRole('dialog', { name: 'Unassign Asset' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Missing instance')).toBeTruthy();
    await user.type(within(dialog).getByRole('combobox', { name: 'Asset instance' }), 'LAP');
    const options = await screen.findAllByRole('option', {}, { timeout: 5000 });
    expect(options.map((o) => o.textContent)).toEqual(['LAP-01 · ThinkPad T14 · S/N PF3X9']);
    await user.click(options[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Asset marked available')).toBeTruthy();
    expect(server.sent(`POST /api/assets/instances/${I1}/in-use`)[0]?.body).toEqual({ in_use: false, assigned_user_id: null });
  });

  it('closes with "saved on this device" when the return was kept on the device while offline', async () => {
    const { user, onClose } = openDialog('project-return', queuedReceipt({ kind: 'asset-return' }));
    await choose(user, 'Asset instance', 'LAP-01 · ThinkPad T14 · S/N PF3X9');
    await choose(user, 'Warehouse', '#1 · North Yard');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Return Assets' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(screen.queryByText('Asset returned successfully')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
