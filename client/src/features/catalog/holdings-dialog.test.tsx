// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { HoldingsDialog, NOT_HELD_TEXT } from './holdings-dialog.tsx';

const part = { material_id: 'm-1', part_number: 'BOLT-M8', part_name: 'Hex bolt M8', part_nickname: 'Bolt', display: 'BOLT-M8' };
const place = { place_key: 'a|2||', label: 'Rack A · Shelf 2', rack: 'A', shelf: '2', bin: null, zone: null, notes: null, qty: 35 };

function open(answer: unknown) {
  return renderWithProviders(<HoldingsDialog part={part} onClose={() => {}} />, { routes: { 'GET /api/catalog/materials/m-1/holdings': answer } });
}

describe('where a part is held', () => {
  it('lists each project and warehouse with its quantities and a warehouse’s locations', async () => {
    open({
      material_id: 'm-1',
      part_number: 'BOLT-M8',
      items: [
        { kind: 'project', id: 'p-1', label: '3001 · Riverside Depot', qty_on_hand: 15, qty_field_assigned: 2, qty_lost: 0, locations: [] },
        { kind: 'warehouse', id: 'w-1', label: '#1 · North Yard', qty_on_hand: 35, qty_field_assigned: 0, qty_lost: 1, locations: [place] },
      ],
    });
    expect(await screen.findByRole('row', { name: /Project 3001 · Riverside Depot 15 2 0/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Warehouse #1 · North Yard Rack A · Shelf 2: 35 35 0 1/ })).toBeTruthy();
    expect(screen.getByText('50 on hand in all')).toBeTruthy();
  });

  it('says so when nobody holds it', async () => {
    open({ material_id: 'm-1', part_number: 'BOLT-M8', items: [] });
    expect(await screen.findByText(NOT_HELD_TEXT)).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    open(reply(403, { error: 'FORBIDDEN', message: 'Access denied. Admin privileges required.' }));
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeTruthy();
  });
});
