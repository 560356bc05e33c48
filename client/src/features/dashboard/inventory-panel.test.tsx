// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inventoryRow } from '../../test/inventory-row.ts';
import { printedSource, printedTemplateProject, withPrintDialog } from '../../test/label-print-stub.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import { InventoryPanel } from './inventory-panel.tsx';

const rows = [
  inventoryRow({ material_id: 'm-1', PartNumber: 'P-100', PartName: 'Copper cable', QtyOnHand: 40 }),
  inventoryRow({ material_id: 'm-2', PartNumber: 'P-200', PartName: 'Hex bolt M8', QtyOnHand: 40 }),
];

// The table draws only the rows in view; jsdom lays nothing out, so give it a screen's height.
beforeAll(() => {
  for (const size of ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'])
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => 800 });
});

function renderPanel(path: string) {
  return renderWithProviders(
    <InventoryPanel projectId="p-1" rows={rows} isLoading={false} isFetching={false} error={undefined} canCurate={false} canExport={false} onOpen={vi.fn()} />,
    { path },
  );
}

describe('the dashboard inventory reached by a link', () => {
  it('starts with the search the link brings', () => {
    renderPanel('/dashboard?q=bolt');
    expect((screen.getByRole('textbox', { name: 'Search inventory' }) as HTMLInputElement).value).toBe('bolt');
    expect(screen.getByText('1 of 2 parts')).toBeTruthy();
  });

  it('marks the linked part’s row', () => {
    const { container } = renderPanel('/dashboard?part=P-200');
    const marked = container.querySelectorAll('[data-highlighted="true"]');
    expect([...marked].map((row) => row.getAttribute('data-part'))).toEqual(['P-200']);
  });

  it('says when the search hides the linked part, and clears it on request', async () => {
    const { user, container } = renderPanel('/dashboard?part=P-200&q=copper');
    expect(screen.getByText('Part P-200 is hidden by the search.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((screen.getByRole('textbox', { name: 'Search inventory' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Part P-200 is hidden by the search.')).toBeNull();
    expect(container.querySelector('[data-highlighted="true"]')?.getAttribute('data-part')).toBe('P-200');
  });
});

describe('printing part labels from the dashboard', () => {
  it('prints the ticked parts of the project, select-all ticking every part the search shows', async () => {
    const { user } = renderWithProviders(
      withPrintDialog(
        <InventoryPanel
          projectId="p-1"
          rows={rows}
          isLoading={false}
          isFetching={false}
          error={undefined}
          canCurate={false}
          canExport={false}
          onOpen={vi.fn()}
        />,
      ),
      { path: '/dashboard' },
    );
    const print = () => screen.getByRole('button', { name: /^Print Labels/ }) as HTMLButtonElement;
    expect([print().textContent, print().disabled]).toEqual(['Print Labels (0)', true]);
    await user.type(screen.getByRole('textbox', { name: 'Search inventory' }), 'bolt');
    await user.click(screen.getByRole('checkbox', { name: 'Select all parts' }));
    expect(print().textContent).toBe('Print Labels (1)');
    await user.clear(screen.getByRole('textbox', { name: 'Search inventory' }));
    // The other row shows again unticked; a tick of its own adds it.
    await user.click(screen.getByRole('checkbox', { name: 'Select P-100' }));
    expect(print().textContent).toBe('Print Labels (2)');
    await user.click(print());
    const dialog = screen.getByRole('dialog', { name: 'Print 2 labels' });
    expect(printedSource(dialog)).toEqual({ kind: 'parts', project_id: 'p-1', part_numbers: ['P-100', 'P-200'] });
    expect(printedTemplateProject(dialog)).toBe('p-1');
  });
});
