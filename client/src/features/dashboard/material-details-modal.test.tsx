// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inventoryRow } from '../../test/inventory-row.ts';
import { renderWithProviders, type SeenRequest } from '../../test/render.tsx';
import { MaterialDetailsModal } from './material-details-modal.tsx';

const row = inventoryRow({ MatVendorQty: 40, QtyOnHand: 25, FieldAssigned: 10, QtyLost: 5, LowStockWarning: 15, CriticalStockWarning: 3 });
const noMovements = (figure: string) => ({ figure, current: 0, items: [] });

function openModal(canCurate: boolean) {
  const onOpen = vi.fn();
  const rendered = renderWithProviders(<MaterialDetailsModal projectId="p-1" row={row} canCurate={canCurate} onOpen={onOpen} onClose={() => {}} />, {
    routes: {
      'GET /api/materials/explain': (request: SeenRequest) => noMovements(request.params.get('figure') ?? ''),
      'GET /api/materials/assignees': {
        items: [{ uuid: 'u-1', user_email: 'ada@example.com', user_firstname: 'Ada', user_lastname: 'Lovelace', quantity: 10 }],
      },
    },
  });
  return { ...rendered, onOpen };
}

describe('the Material Details modal', () => {
  it('shows the part’s names, its four figures, its stock level and thresholds', () => {
    openModal(true);
    expect(screen.getByText('Copper cable')).toBeTruthy();
    expect(screen.getByText('Cable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logistics Qty of P-100: 40' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Qty On Hand of P-100: 25' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Field Assigned of P-100: 10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Qty Lost of P-100: 5' })).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.getByText('Low stock below 15 · critical at or below 3')).toBeTruthy();
  });

  it('lists who holds the part and says when it has not moved yet', async () => {
    openModal(false);
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace', { exact: false })).toBeTruthy();
    expect(await screen.findByText('No movements yet')).toBeTruthy();
  });

  it('draws the part number as a printable Code 128', async () => {
    openModal(false);
    const barcode = await screen.findByRole('img', { name: 'Code 128 of part P-100' });
    expect(barcode.getAttribute('data-code')).toBe('P-100');
    expect(screen.getByRole('button', { name: 'Print Code 128 of part P-100' })).toBeTruthy();
  });

  it('opens the movements behind a figure when it is clicked', async () => {
    const { user, onOpen } = openModal(true);
    await user.click(screen.getByRole('button', { name: 'Qty On Hand of P-100: 25' }));
    expect(onOpen).toHaveBeenCalledWith({ kind: 'explain', materialId: 'm-1', figure: 'on_hand' });
  });

  it('offers lost, found, warnings and logs only to those who curate the project', async () => {
    const { user, onOpen } = openModal(true);
    for (const name of ['Mark Lost', 'Mark Found', 'Stock Warnings', 'Receive/Return Logs', 'Assign/Unassign Logs', 'Edit']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Mark Found' }));
    expect(onOpen).toHaveBeenCalledWith({ kind: 'found', materialId: 'm-1' });
  });

  it('offers none of them to a plain member, who sees the figures but not the movements (log rows) behind them', () => {
    openModal(false);
    expect(screen.getByText('25')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Qty On Hand of P-100: 25' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Lost' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
