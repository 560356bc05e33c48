// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inventoryRow } from '../../test/inventory-row.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SAVED_ON_DEVICE } from '../../offline/saved-notice.ts';
import { queuedReceipt } from '../../test/queued-action.ts';
import { LostFoundModal } from './lost-found-modal.tsx';

const quantityBox = () => screen.getByRole('textbox', { name: 'Quantity' });
const holders = { items: [{ uuid: 'u-1', user_email: 'ada@example.com', user_firstname: 'Ada', user_lastname: 'Lovelace', quantity: 4 }] };

function openModal(mode: 'lost' | 'found', figures: Parameters<typeof inventoryRow>[0], answer: unknown = { reopenedCount: 0, item: null }) {
  const onDone = vi.fn();
  const rendered = renderWithProviders(<LostFoundModal projectId="p-1" row={inventoryRow(figures)} mode={mode} onDone={onDone} />, {
    routes: {
      'GET /api/materials/assignees': holders,
      [`POST /api/materials/${mode}`]: answer,
    },
  });
  return { ...rendered, onDone };
}

describe('Mark Found', () => {
  it('cannot find more than is outstanding as lost', async () => {
    const { user, server } = openModal('found', { QtyOnHand: 10, QtyLost: 3 });
    expect(screen.getByText('At most 3')).toBeTruthy();
    await user.type(quantityBox(), '4');
    await user.click(screen.getByRole('button', { name: 'Mark Found' }));
    expect(screen.getByText('Cannot exceed outstanding lost quantity (3)')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('puts the found quantity back on hand and says so', async () => {
    const { user, server, onDone } = openModal('found', { QtyOnHand: 10, QtyLost: 3 });
    await user.type(quantityBox(), '3');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Behind the shelf');
    await user.click(screen.getByRole('button', { name: 'Mark Found' }));

    expect(await screen.findByText('Marked found')).toBeTruthy();
    expect(server.sent('POST /api/materials/found')[0]?.body).toEqual({
      project_id: 'p-1',
      part_number: 'P-100',
      quantity: 3,
      source: 'on_hand',
      associated_user: null,
      note: 'Behind the shelf',
    });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('cannot be submitted while nothing is recorded as lost', () => {
    openModal('found', { QtyOnHand: 10, QtyLost: 0 });
    expect(screen.getByRole('button', { name: 'Mark Found' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Mark Lost', () => {
  it('requires a quantity greater than zero and no more than is on hand', async () => {
    const { user } = openModal('lost', { QtyOnHand: 5, FieldAssigned: 4 });
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));
    expect(screen.getByText('Quantity is required')).toBeTruthy();
    await user.type(quantityBox(), '0');
    expect(screen.getByText('Enter a quantity greater than zero')).toBeTruthy();
    await user.clear(quantityBox());
    await user.type(quantityBox(), '6');
    expect(screen.getByText('Cannot exceed available on-hand or field-assigned quantity (5)')).toBeTruthy();
  });

  it('from the field, needs the user it was lost from and sends them', async () => {
    const { user, server } = openModal('lost', { QtyOnHand: 5, FieldAssigned: 4 });
    await user.click(screen.getByRole('radio', { name: 'Field assigned (4)' }));
    await user.type(quantityBox(), '2');
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));
    expect(screen.getByText('Choose the assigned user the quantity was lost from')).toBeTruthy();

    expect(server.sent('GET /api/materials/assignees')[0]?.params.toString()).toBe('project_id=p-1&number=P-100');
    await user.click(screen.getByRole('combobox', { name: 'Assigned user' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace (4 assigned)' }));
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));

    expect(await screen.findByText('Marked lost')).toBeTruthy();
    expect(server.sent('POST /api/materials/lost')[0]?.body).toMatchObject({ quantity: 2, source: 'field_assigned', associated_user: 'u-1' });
  });

  it('closes with "saved on this device" when the loss was kept on the device', async () => {
    const { user, onDone } = openModal('lost', { QtyOnHand: 5 }, queuedReceipt({ kind: 'lost' }));
    await user.type(quantityBox(), '2');
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));

    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(screen.queryByText('Marked lost')).toBeNull();
    expect(onDone).toHaveBeenCalledOnce();
  });
});
