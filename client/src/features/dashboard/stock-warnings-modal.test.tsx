// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inventoryRow } from '../../test/inventory-row.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { StockWarningsModal } from './stock-warnings-modal.tsx';

const rows = [
  inventoryRow({ LowStockWarning: 15, CriticalStockWarning: 0 }),
  inventoryRow({ material_id: 'm-2', PartNumber: 'P-200', PartName: 'Steel bolt' }),
];
const lowBox = () => screen.getByRole('textbox', { name: 'Low warning threshold' });
const criticalBox = () => screen.getByRole('textbox', { name: 'Critical warning threshold' });

function openModal(answer: unknown = { reopenedCount: 0, item: null }) {
  const onDone = vi.fn();
  const rendered = renderWithProviders(<StockWarningsModal projectId="p-1" rows={rows} materialId="m-1" onDone={onDone} />, {
    routes: { 'PUT /api/materials/P-100/stock-warnings': answer },
  });
  return { ...rendered, onDone };
}

describe('the Stock Warnings modal', () => {
  it('opens on the part it was asked for, showing its current thresholds', () => {
    openModal();
    expect(screen.getByRole('combobox', { name: 'Part' })).toHaveProperty('value', 'P-100 — Copper cable');
    expect(lowBox()).toHaveProperty('value', '15');
    expect(criticalBox()).toHaveProperty('value', '0');
  });

  it('refuses negative and non-numeric thresholds with the spec’s messages', async () => {
    const { user, server } = openModal();
    await user.clear(lowBox());
    await user.type(lowBox(), '-1');
    await user.clear(criticalBox());
    await user.type(criticalBox(), 'many');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Low warning threshold must be a non-negative number.')).toBeTruthy();
    expect(screen.getByText('Critical warning threshold must be a non-negative number.')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('saves the thresholds, a cleared one as the default', async () => {
    const { user, server, onDone } = openModal();
    await user.clear(lowBox());
    await user.type(lowBox(), '20');
    await user.clear(criticalBox());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Stock warnings saved')).toBeTruthy();
    expect(server.sent('PUT /api/materials/P-100/stock-warnings')[0]?.body).toEqual({ project_id: 'p-1', low_threshold: 20, critical_threshold: null });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('keeps the value of a box that was not touched', async () => {
    const { user, server } = openModal();
    await user.clear(lowBox());
    await user.type(lowBox(), '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Stock warnings saved')).toBeTruthy();
    expect(server.sent('PUT /api/materials/P-100/stock-warnings')[0]?.body).toEqual({ project_id: 'p-1', low_threshold: 20, critical_threshold: 0 });
  });

  it('shows the server’s refusal and stays open', async () => {
    const { user, onDone } = openModal(reply(403, { error: 'FORBIDDEN', message: 'Only project admins and managers can change stock warnings' }));
    await user.clear(criticalBox());
    await user.type(criticalBox(), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // In the dialog, above the form, as well as in a toast.
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only project admins and managers can change stock warnings');
    expect(onDone).not.toHaveBeenCalled();
  });
});
