// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { MoveDialog } from './move-dialog.tsx';
import type { MoveKind } from './move-rules.ts';
import { boltRow, moveAnswer, northYard, projects } from './warehouse-fixtures.ts';

const projectStock = {
  items: [
    {
      material_id: 'm-1',
      PartNumber: 'BOLT-M8',
      PartName: 'Hex bolt M8',
      StandardName: 'Bolt',
      part_number: 'BOLT-M8',
      part_name: 'Hex bolt M8',
      part_nickname: 'Bolt',
      QtyOnHand: 15,
    },
  ],
  total: 1,
  as_of: null,
};

function openDialog(kind: MoveKind, row = boltRow) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<MoveDialog kind={kind} warehouse={northYard} rows={[row]} onClose={onClose} />, {
    routes: {
      'GET /api/projects': projects,
      'GET /api/inventory/materials': projectStock,
      [`POST /api/warehouses/w-1/materials/${kind}`]: moveAnswer,
    },
  });
  return { ...rendered, onClose };
}

async function choose(user: ReturnType<typeof openDialog>['user'], box: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const quantity = () => screen.getByRole('textbox', { name: 'Quantity' });

describe('assign to a project', () => {
  it('names what is missing: the material, the project, then a quantity the location holds', async () => {
    const { user, server } = openDialog('assign');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText('Select a material.')).toBeTruthy();
    expect(screen.getByText('Select a project')).toBeTruthy();

    await choose(user, 'Material', 'BOLT-M8 · Hex bolt M8 (30 on hand)');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText('Select the location the stock is taken from')).toBeTruthy();

    await choose(user, 'From location', 'Rack B (10)');
    await choose(user, 'Project', '3001 · Riverside Depot');
    await user.clear(quantity());
    await user.type(quantity(), '11');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByText('Quantity exceeds the 10 available at Rack B')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/materials/assign')).toHaveLength(0);
  });

  it('sends the part, quantity, location and project, and says where it went', async () => {
    const { user, server, onClose } = openDialog('assign');
    await choose(user, 'Material', 'BOLT-M8 · Hex bolt M8 (30 on hand)');
    await choose(user, 'From location', 'Rack A · Shelf 2 (20)');
    await choose(user, 'Project', '3001 · Riverside Depot');
    await user.clear(quantity());
    await user.type(quantity(), '15');
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Assigned 15 × BOLT-M8 to 3001 · Riverside Depot')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/materials/assign')[0]?.body).toEqual({
      part_number: 'BOLT-M8',
      quantity: 15,
      from_location: { rack: 'A', shelf: '2' },
      project_id: 'p-1',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('unassign from a project', () => {
  it('needs a quantity the project has on hand and a location to put it, then sends both sides', async () => {
    const { user, server } = openDialog('unassign');
    await choose(user, 'Project', '3001 · Riverside Depot');
    await user.type(screen.getByRole('combobox', { name: 'Part Number' }), 'BOLT-M8');
    await user.clear(quantity());
    await user.type(quantity(), '16');
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Quantity exceeds the 15 on hand in this project')).toBeTruthy();
    expect(screen.getByText('Please specify at least one location field')).toBeTruthy();

    await user.clear(quantity());
    await user.type(quantity(), '5');
    await user.type(screen.getByRole('textbox', { name: 'Rack' }), 'B');
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Unassigned 5 × BOLT-M8 back into #1 · North Yard')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/materials/unassign')[0]?.body).toEqual({
      part_number: 'BOLT-M8',
      quantity: 5,
      project_id: 'p-1',
      to_location: { rack: 'B' },
    });
  });
});

describe('lost and found inside a warehouse', () => {
  it('marks lost from a location, in the words of the project’s lost and found', async () => {
    const { user, server } = openDialog('lost');
    await choose(user, 'Material', 'BOLT-M8 · Hex bolt M8 (30 on hand)');
    await choose(user, 'From location', 'Rack B (10)');
    await user.clear(quantity());
    await user.type(quantity(), '0');
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));
    expect(screen.getByText('Enter a quantity greater than zero')).toBeTruthy();

    await user.clear(quantity());
    await user.type(quantity(), '2');
    await user.click(screen.getByRole('button', { name: 'Mark Lost' }));
    expect(await screen.findByText('Marked 2 × BOLT-M8 lost in #1 · North Yard')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/materials/lost')[0]?.body).toEqual({ part_number: 'BOLT-M8', quantity: 2, from_location: { rack: 'B' } });
  });

  it('finds no more than is lost here, and puts it at a location', async () => {
    const { user, server } = openDialog('found', { ...boltRow, qty_lost: 2 });
    await choose(user, 'Material', 'BOLT-M8 · Hex bolt M8 (2 lost)');
    await user.clear(quantity());
    await user.type(quantity(), '3');
    await user.click(screen.getByRole('button', { name: 'Mark Found' }));
    expect(screen.getByText('Cannot exceed outstanding lost quantity (2)')).toBeTruthy();
    expect(screen.getByText('Please specify at least one location field')).toBeTruthy();

    await user.clear(quantity());
    await user.type(quantity(), '2');
    await user.type(screen.getByRole('textbox', { name: 'Zone' }), 'Yard');
    await user.click(screen.getByRole('button', { name: 'Mark Found' }));
    expect(await screen.findByText('Marked 2 × BOLT-M8 found in #1 · North Yard')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/materials/found')[0]?.body).toEqual({ part_number: 'BOLT-M8', quantity: 2, to_location: { zone: 'Yard' } });
  });
});
