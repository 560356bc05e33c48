// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueuedAction } from '../../offline/queued.ts';
import { inventoryRow } from '../../test/inventory-row.ts';
import { queuedAction } from '../../test/queued-action.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { InventoryPanel } from './inventory-panel.tsx';

const P = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const queue = vi.hoisted(() => ({ actions: [] as QueuedAction[] }));
vi.mock('../../offline/use-pending.ts', () => ({ usePendingActions: () => queue.actions }));

const rows = [
  inventoryRow({ ProjectID: P, material_id: 'm-1', PartNumber: 'PN-100', MatVendorQty: 20, QtyOnHand: 15 }),
  inventoryRow({ ProjectID: P, material_id: 'm-2', PartNumber: 'PN-200', MatVendorQty: 40, QtyOnHand: 40 }),
];

beforeAll(() => {
  for (const size of ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'])
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => 800 });
});

function renderPanel(current = true) {
  return renderWithProviders(
    <InventoryPanel
      projectId={P}
      rows={rows}
      isLoading={false}
      isFetching={false}
      error={undefined}
      current={current}
      canCurate={false}
      canExport={false}
      onOpen={vi.fn()}
    />,
    { path: '/dashboard' },
  );
}

const row = (part: string) => document.querySelector(`[data-part="${part}"]`) as HTMLElement;

describe('the dashboard inventory with actions not yet sent', () => {
  it('shows the confirmed figure beside the one the pending actions would produce, marked pending with the actions listed', () => {
    queue.actions = [
      queuedAction({
        seq: 1,
        kind: 'assign',
        projectId: P,
        body: { project_id: P, part_number: 'PN-100', quantity: 5, user_id: U },
        summary: 'Assign 5 × PN-100 to Ana Ruiz',
      }),
      queuedAction({ seq: 2, kind: 'assign', projectId: P, body: { project_id: P, part_number: 'PN-200', quantity: 1, user_id: U }, status: 'attention' }),
      queuedAction({ seq: 3, kind: 'assign', projectId: 'other', body: { project_id: 'other', part_number: 'PN-200', quantity: 1, user_id: U } }),
    ];
    renderPanel();
    const pending = within(row('PN-100'));
    expect(pending.getByLabelText('Qty On Hand of PN-100: 15 confirmed, 10 once the actions not yet sent are applied')).toBeTruthy();
    const badge = pending.getByLabelText('Includes 1 action not yet sent: Assign 5 × PN-100 to Ana Ruiz');
    expect(badge.textContent).toBe('pending');
    expect(badge.getAttribute('title')).toBe(badge.getAttribute('aria-label'));
    expect(row('PN-100').getAttribute('data-pending')).toBe('true');
    expect(row('PN-200').getAttribute('data-pending')).toBeNull();
    expect(screen.getByText('Figures after an arrow include 1 action not yet sent from this device')).toBeTruthy();
  });

  it('lists a part received on this device as a new row', () => {
    queue.actions = [
      queuedAction({
        kind: 'receive',
        projectId: P,
        body: { project_id: P, part_number: 'PN-NEW', quantity: 3, part_name: 'Steel bolt', standard_name: 'Bolt' },
      }),
    ];
    renderPanel();
    expect(within(row('PN-NEW')).getByText('Steel bolt')).toBeTruthy();
    expect(screen.getByText('3 parts')).toBeTruthy();
  });

  it('applies nothing to a past point in time', () => {
    queue.actions = [queuedAction({ kind: 'assign', projectId: P, body: { project_id: P, part_number: 'PN-100', quantity: 5, user_id: U } })];
    renderPanel(false);
    expect(row('PN-100').getAttribute('data-pending')).toBeNull();
    expect(screen.queryByText('pending')).toBeNull();
  });
});
