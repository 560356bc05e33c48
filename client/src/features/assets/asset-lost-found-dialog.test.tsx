// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { assetRow, I1, moveAnswer, P1, W1 } from './asset-fixtures.ts';
import { SAVED_ON_DEVICE } from '../../offline/saved-notice.ts';
import { queuedReceipt } from '../../test/queued-action.ts';
import { AssetLostFoundDialog } from './asset-lost-found-dialog.tsx';
import type { AssetRow } from './asset-types.ts';

const cable = assetRow({ AssetNumber: 'CAB-01', AssetName: 'Patch cable', kind: 'bulk', instance_id: null, serial_number: null, QtyOnHand: 5, QtyLost: 0 });

function openDialog(mode: 'lost' | 'found', row: AssetRow | null, here: { type: 'project' | 'warehouse'; id: string }, answer: unknown = moveAnswer) {
  const onClose = vi.fn();
  const rows = [assetRow(), assetRow({ instance_id: 'i-2', serial_number: 'ZZ-9', Status: 'Lost' }), cable, { ...cable, AssetNumber: 'CAB-02', QtyOnHand: 0 }];
  const rendered = renderWithProviders(<AssetLostFoundDialog mode={mode} row={row} rows={rows} here={here} onClose={onClose} />, {
    routes: { [`POST /api/assets/${mode}`]: () => answer },
  });
  return { ...rendered, onClose };
}

describe('Mark Lost / Mark Found for assets', () => {
  it('marks bulk units lost by count, no more than on hand, after a confirm step', async () => {
    const { user, server, onClose } = openDialog('lost', cable, { type: 'project', id: P1 });
    const dialog = screen.getByRole('dialog', { name: 'Mark Lost · CAB-01' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Quantity is required')).toBeTruthy();
    await user.type(quantity, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Cannot exceed available on-hand or field-assigned quantity (5)')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'fell off the truck');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('row', { name: 'Quantity 2' })).toBeTruthy();
    expect(server.sent('POST /api/assets/lost')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Marked lost')).toBeTruthy();
    expect(server.sent('POST /api/assets/lost')[0]?.body).toEqual({
      project_id: P1,
      asset_number: 'CAB-01',
      quantity: 2,
      source: 'on_hand',
      note: 'fell off the truck',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('cannot go on when nothing is recorded lost', () => {
    openDialog('found', cable, { type: 'project', id: P1 });
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('marks a lost instance found in a warehouse, whole', async () => {
    const { user, server } = openDialog('found', assetRow({ Status: 'Lost' }), { type: 'warehouse', id: W1 });
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('row', { name: 'Asset LAP-01 · ThinkPad T14 · S/N PF3X9' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Marked found')).toBeTruthy();
    expect(server.sent('POST /api/assets/found')[0]?.body).toEqual({ warehouse_id: W1, instance_id: I1, source: 'on_hand', note: null });
  });

  it('keeps the server’s refusal in the dialog', async () => {
    const { user, onClose } = openDialog(
      'lost',
      assetRow(),
      { type: 'project', id: P1 },
      reply(422, { error: 'DOMAIN_RULE', message: 'This asset is already marked lost' }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This asset is already marked lost');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opened from a warehouse’s action bar, chooses among the assets that can be marked', async () => {
    const { user, server } = openDialog('lost', null, { type: 'warehouse', id: W1 });
    const dialog = screen.getByRole('dialog', { name: 'Mark Lost' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Please select an asset instance')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Asset' }));
    // Not the lost instance, nor a bulk type with nothing on hand.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'LAP-01 · ThinkPad T14 · S/N PF3X9',
      'CAB-01 · Patch cable (5 on hand, 0 lost)',
    ]);
    await user.click(screen.getByRole('option', { name: 'CAB-01 · Patch cable (5 on hand, 0 lost)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Marked lost')).toBeTruthy();
    expect(server.sent('POST /api/assets/lost')[0]?.body).toEqual({ warehouse_id: W1, asset_number: 'CAB-01', quantity: 1, source: 'on_hand', note: null });
  });

  it('closes with "saved on this device" when the loss was kept on the device while offline', async () => {
    const { user, onClose } = openDialog('lost', assetRow(), { type: 'project', id: P1 }, queuedReceipt({ kind: 'asset-lost' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(screen.queryByText('Marked lost')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
