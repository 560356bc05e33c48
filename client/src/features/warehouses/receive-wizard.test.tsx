// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { ReceiveWizard } from './receive-wizard.tsx';
import { catalog, moveAnswer, northYard } from './warehouse-fixtures.ts';

const next = () => screen.getByRole('button', { name: 'Next' });
const quantityBox = () => screen.getByRole('textbox', { name: 'Quantity' });

function openWizard(answer: unknown = moveAnswer, parts: unknown = catalog) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<ReceiveWizard warehouse={northYard} onClose={onClose} />, {
    routes: { 'GET /api/materials': parts, 'POST /api/warehouses/w-1/materials/receive': answer },
  });
  return { ...rendered, onClose };
}

describe('the warehouse receive wizard', () => {
  it('asks for a material and a quantity of at least 1 before the location', async () => {
    const { user } = openWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText('Select a material to receive.')).toBeTruthy();

    await user.type(screen.getByRole('combobox', { name: 'Part Number' }), 'BOLT-M8');
    await user.clear(quantityBox());
    await user.type(quantityBox(), '0');
    await user.click(next());
    expect(screen.getByText('Quantity must be at least 1.')).toBeTruthy();
  });

  it('asks a part the catalogue lacks to be ticked as new, and a new part for all three names', async () => {
    const { user } = openWizard();
    await user.type(await screen.findByRole('combobox', { name: 'Part Number' }), 'NUT-M8');
    await user.click(next());
    expect(screen.getByText('Part number not found. Tick New part to add it to the catalogue.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'New part (not in the catalogue yet)' }));
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe('A new part needs a part number, a part name and a nickname');
  });

  it('wants at least one location field, then sends the part, quantity and location', async () => {
    const { user, server, onClose } = openWizard();
    await user.type(await screen.findByRole('combobox', { name: 'Part Number' }), 'BOLT-M8');
    await user.clear(quantityBox());
    await user.type(quantityBox(), '50');
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'by the door');
    await user.click(next());
    expect(screen.getByText('Please specify at least one location field')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Rack' }), 'A');
    await user.type(screen.getByRole('textbox', { name: 'Shelf' }), '2');
    await user.click(next());
    expect(screen.getByRole('row', { name: 'Location Rack A · Shelf 2' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Warehouse #1 · North Yard' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect(await screen.findByText('Received 50 × BOLT-M8 into #1 · North Yard')).toBeTruthy();
    const [sent] = server.sent('POST /api/warehouses/w-1/materials/receive');
    expect(sent?.body).toEqual({ part_number: 'BOLT-M8', quantity: 50, location: { rack: 'A', shelf: '2', notes: 'by the door' } });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('offers the typed part number first among hundreds of breakers, so ArrowDown and Enter pick it', async () => {
    // The catalogue's own order starts elsewhere (BRK-011), and BRK-0130 and XBRK-013 also contain the text.
    const numbers = ['XBRK-013', 'BRK-0130', ...Array.from({ length: 249 }, (_, i) => `BRK-${String(i + 11).padStart(3, '0')}`)];
    const breakers = numbers.map((n, i) => ({ material_id: `m-${i}`, part_number: n, part_name: `Breaker ${n}`, part_nickname: '', display: n }));
    const { user } = openWizard(moveAnswer, { items: breakers });
    const picker = await screen.findByRole('combobox', { name: 'Part Number' });
    await user.type(picker, 'BRK-013');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['BRK-013Breaker BRK-013', 'BRK-0130Breaker BRK-0130', 'XBRK-013Breaker XBRK-013']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveProperty('value', 'BRK-013');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Rack' })).toBeTruthy();
  });

  it('takes digits only as the quantity', async () => {
    const { user } = openWizard();
    await user.type(await screen.findByRole('combobox', { name: 'Part Number' }), 'BOLT-M8');
    await user.clear(quantityBox());
    await user.type(quantityBox(), '1e9');
    expect(quantityBox()).toHaveProperty('value', '19');
    await user.clear(quantityBox());
    await user.type(quantityBox(), '-2.5');
    expect(quantityBox()).toHaveProperty('value', '25');
  });

  it('shows a refusal on the summary and stays open', async () => {
    const { user, onClose } = openWizard(reply(423, { error: 'FROZEN', message: 'Transactions are frozen' }));
    await user.type(await screen.findByRole('combobox', { name: 'Part Number' }), 'BOLT-M8');
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Zone' }), 'North');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Transactions are frozen');
    expect(onClose).not.toHaveBeenCalled();
  });
});
