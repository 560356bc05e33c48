// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { boltRow } from './warehouse-fixtures.ts';
import { WarehouseStockTable } from './warehouse-stock-table.tsx';

const nut = { ...boltRow, material_id: 'm-2', material: { part_number: 'NUT-M8', part_name: 'Hex nut M8', part_nickname: 'Nut' } };

describe('the warehouse stock table', () => {
  it('marks the linked part’s row and scrolls it into view, and no other', () => {
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const { container } = renderWithProviders(<WarehouseStockTable rows={[boltRow, nut]} warehouseNum={1} highlight="NUT-M8" />);
    const marked = container.querySelectorAll('[data-highlighted="true"]');
    expect([...marked].map((row) => row.getAttribute('data-part'))).toEqual(['NUT-M8']);
    expect(marked[0]!.getAttribute('aria-current')).toBe('true');
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(screen.getByText('Hex nut M8')).toBeTruthy();
  });

  it('marks nothing without a link, or for a part it does not hold', () => {
    const { container, rerender } = renderWithProviders(<WarehouseStockTable rows={[boltRow]} warehouseNum={1} />);
    expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(0);
    rerender(<WarehouseStockTable rows={[boltRow]} warehouseNum={1} highlight="NUT-M8" />);
    expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(0);
  });
});
