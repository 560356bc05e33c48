// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { boltRow } from './warehouse-fixtures.ts';
import { WarehouseStockTable } from './warehouse-stock-table.tsx';

describe('the codes of a warehouse stock row', () => {
  it('shows the part number’s Code 128 and a QR of each location holding it, each printable', async () => {
    const { user } = renderWithProviders(<WarehouseStockTable rows={[boltRow]} warehouseNum={4} />);
    await user.click(screen.getByRole('button', { name: 'Codes of BOLT-M8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Codes of BOLT-M8' });

    const barcode = await within(dialog).findByRole('img', { name: 'Code 128 of part BOLT-M8' });
    expect(barcode.getAttribute('data-code')).toBe('BOLT-M8');
    expect(barcode.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const rackA = await within(dialog).findByRole('img', { name: 'QR code of location Rack A · Shelf 2' });
    expect(rackA.getAttribute('data-code')).toBe('LOC:4:A|2');
    expect((await within(dialog).findByRole('img', { name: 'QR code of location Rack B' })).getAttribute('data-code')).toBe('LOC:4:B');

    // Print opens the code with its caption on a page of its own.
    const page = document.implementation.createHTMLDocument('label');
    const print = vi.fn();
    vi.stubGlobal('open', () => ({ document: page, print }));
    await user.click(within(dialog).getByRole('button', { name: 'Print QR code of location Rack A · Shelf 2' }));
    expect(page.title).toBe('Warehouse #4 · Rack A · Shelf 2');
    const printed = page.body.querySelector('img')!;
    expect(printed.alt).toBe('QR code of location Rack A · Shelf 2');
    printed.onload?.(new Event('load'));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
  });
});
