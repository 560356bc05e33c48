// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { printedSource, printedTemplateProject, withPrintDialog } from '../../test/label-print-stub.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import { boltRow, northYard, person } from './warehouse-fixtures.ts';
import { WarehouseInventoryPage } from './warehouse-inventory-page.tsx';
import { printPlaces } from './warehouse-stock-model.ts';

const rackC = { ...boltRow.locations[1]!, place_key: 'c|||', label: 'Rack C', rack: 'C', qty: 5 };
// The nut shares Rack A · Shelf 2 with the bolt; its empty place at Rack D is not a place it is held.
const nut: WarehouseStockRow = {
  ...boltRow,
  material_id: 'm-2',
  material: { part_number: 'NUT-M8', part_name: 'Hex nut M8', part_nickname: 'Nut' },
  locations: [{ ...boltRow.locations[0]!, qty: 4 }, rackC, { ...rackC, place_key: 'd|||', label: 'Rack D', rack: 'D', qty: 0 }],
};

function openInventory() {
  return renderWithProviders(withPrintDialog(<WarehouseInventoryPage />), {
    session: { user: person('admin') },
    routes: {
      'GET /api/warehouses': { items: [northYard] },
      [`GET /api/warehouses/${northYard.id}/inventory`]: { items: [boltRow, nut] },
      'GET /api/site/public-settings': { maintenance_mode: false, freeze_transactions: false },
    },
  });
}

describe('printing from a warehouse’s inventory', () => {
  it('names each place that holds the rows once, blank where a place has no shelf, bin or zone', () => {
    expect(printPlaces([boltRow, nut])).toEqual([
      { rack: 'A', shelf: '2', bin: '', zone: '' },
      { rack: 'B', shelf: '', bin: '', zone: '' },
      { rack: 'C', shelf: '', bin: '', zone: '' },
    ]);
    expect(printPlaces([])).toEqual([]);
  });

  it('prints the locations of the ticked parts, and the parts themselves, for this warehouse', async () => {
    const { user } = openInventory();
    await screen.findByText('Hex nut M8');
    const locations = () => screen.getByRole('button', { name: /^Print Location Labels/ }) as HTMLButtonElement;
    const parts = () => screen.getByRole('button', { name: /^Print Part Labels/ }) as HTMLButtonElement;
    expect([locations().disabled, parts().disabled]).toEqual([true, true]);

    await user.click(screen.getByRole('checkbox', { name: 'Select NUT-M8' }));
    expect([locations().textContent, parts().textContent]).toEqual(['Print Location Labels (2)', 'Print Part Labels (1)']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all parts' }));
    expect([locations().textContent, parts().textContent]).toEqual(['Print Location Labels (3)', 'Print Part Labels (2)']);

    await user.click(locations());
    const dialog = screen.getByRole('dialog', { name: 'Print 3 labels' });
    expect(printedSource(dialog)).toEqual({ kind: 'locations', warehouse_id: northYard.id, places: printPlaces([boltRow, nut]) });
    expect(printedTemplateProject(dialog)).toBe('');
    await user.keyboard('{Escape}');
    await user.click(parts());
    expect(printedSource(screen.getByRole('dialog', { name: 'Print 2 labels' }))).toEqual({
      kind: 'parts',
      warehouse_id: northYard.id,
      part_numbers: ['BOLT-M8', 'NUT-M8'],
    });
  });
});
