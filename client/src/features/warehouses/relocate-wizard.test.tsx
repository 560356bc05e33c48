// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { RelocateWizard } from './relocate-wizard.tsx';
import { boltRow, moveAnswer, northYard } from './warehouse-fixtures.ts';

const next = () => screen.getByRole('button', { name: 'Next' });

function openWizard() {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<RelocateWizard warehouse={northYard} rows={[boltRow]} onClose={onClose} />, {
    routes: { 'POST /api/warehouses/w-1/materials/relocate': moveAnswer },
  });
  return { ...rendered, onClose };
}

async function choose(user: ReturnType<typeof openWizard>['user'], box: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the relocate wizard', () => {
  it('wants a material and a valid quantity, then a location, and no more than the location holds', async () => {
    const { user } = openWizard();
    await user.click(next());
    expect(screen.getByText('Please select a material and enter a valid quantity')).toBeTruthy();

    await choose(user, 'Material', 'BOLT-M8 · Hex bolt M8 (30 on hand)');
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), 'x');
    await user.click(next());
    expect(screen.getByText('Please select a material and enter a valid quantity')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '25');
    await user.click(next());
    expect(screen.getByText('Select the location the stock is taken from')).toBeTruthy();

    await choose(user, 'From location', 'Rack A · Shelf 2 (20)');
    await user.click(next());
    expect(screen.getByText('Quantity exceeds the 20 available at Rack A · Shelf 2')).toBeTruthy();
  });

  it('needs a new location that differs from the old one, and sends both', async () => {
    const { user, server, onClose } = openWizard();
    await choose(user, 'Material', 'BOLT-M8 · Hex bolt M8 (30 on hand)');
    await choose(user, 'From location', 'Rack A · Shelf 2 (20)');
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '20');
    await user.click(next());

    await user.click(next());
    expect(screen.getByText('Please specify at least one location field for the new location')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'New rack' }), 'a');
    await user.type(screen.getByRole('textbox', { name: 'New shelf' }), '2');
    await user.click(next());
    expect(screen.getByText('The new location is the same as the current one')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'New rack' }));
    await user.clear(screen.getByRole('textbox', { name: 'New shelf' }));
    await user.type(screen.getByRole('textbox', { name: 'New rack' }), 'B');
    await user.click(next());
    expect(screen.getByRole('row', { name: 'From Rack A · Shelf 2' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'To Rack B' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Relocate 20' }));

    expect(await screen.findByText('Relocated 20 × BOLT-M8 to Rack B')).toBeTruthy();
    expect(server.sent('POST /api/warehouses/w-1/materials/relocate')[0]?.body).toEqual({
      part_number: 'BOLT-M8',
      quantity: 20,
      from_location: { rack: 'A', shelf: '2' },
      to_location: { rack: 'B' },
    });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
