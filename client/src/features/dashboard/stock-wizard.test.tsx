// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { SAVED_ON_DEVICE } from '../../offline/saved-notice.ts';
import { queuedReceipt } from '../../test/queued-action.ts';
import { StockWizard } from './stock-wizard.tsx';

const catalog = {
  items: [{ material_id: 'm-1', part_number: 'P-100', part_name: 'Copper cable', part_nickname: 'Cable', display: 'P-100 · Copper cable' }],
};

// In existing mode the part number is a picker with suggestions; in new mode a plain text box.
const partPicker = () => screen.getByRole('combobox', { name: 'Part Number' });
const newPartBox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const quantityBox = () => screen.getByRole('textbox', { name: 'Quantity' });

function openReceiveWizard(answer: unknown = { reopenedCount: 0, item: null }) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<StockWizard projectId="p-1" action="receive" rows={[]} onClose={onClose} />, {
    routes: {
      'GET /api/materials': catalog,
      'POST /api/materials/receive': answer,
    },
  });
  return { ...rendered, onClose };
}

describe('the receive wizard', () => {
  it('asks for the part type, then the details, then shows what will be received', async () => {
    const { user } = openReceiveWizard();
    expect(await screen.findByText('Is this part already in the catalogue?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(partPicker(), 'P-100');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('row', { name: 'Part Number P-100' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Part Name Copper cable' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Quantity 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Receive' })).toBeTruthy();
  });

  it('refuses to go on without a part, with a part the catalogue lacks, or with zero', async () => {
    const { user } = openReceiveWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter or select a part before continuing')).toBeTruthy();

    await user.type(partPicker(), 'P-999');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Part number not found')).toBeTruthy();

    await user.clear(partPicker());
    await user.type(partPicker(), 'P-100');
    await user.clear(quantityBox());
    await user.type(quantityBox(), '0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Quantity must be greater than zero')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks a new part for its number, name and nickname', async () => {
    const { user } = openReceiveWizard();
    await user.click(await screen.findByText('New part'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('A new part needs a part number, a part name and a nickname');
  });

  it('sends the part and quantity from the confirm step, with an idempotency key, and says what was received', async () => {
    const { user, server, onClose } = openReceiveWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.type(partPicker(), 'P-100');
    await user.clear(quantityBox());
    await user.type(quantityBox(), '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect(await screen.findByText('Received 12 × P-100 into inventory')).toBeTruthy();
    const [sent] = server.sent('POST /api/materials/receive');
    expect(sent?.body).toEqual({ project_id: 'p-1', part_number: 'P-100', quantity: 12 });
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends a new part with its name and nickname', async () => {
    const { user, server } = openReceiveWizard();
    await user.click(await screen.findByText('New part'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(newPartBox('Part Number'), 'P-200');
    await user.type(newPartBox('Part Name'), 'Steel bolt');
    await user.type(newPartBox('Nickname'), 'Bolt');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('row', { name: 'Part type New part' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect(await screen.findByText('Received 1 × P-200 into inventory')).toBeTruthy();
    expect(server.sent('POST /api/materials/receive')[0]?.body).toEqual({
      project_id: 'p-1',
      part_number: 'P-200',
      quantity: 1,
      part_name: 'Steel bolt',
      standard_name: 'Bolt',
    });
  });

  it('shows a refusal on the confirm step and stays open', async () => {
    const { user, onClose } = openReceiveWizard(reply(409, { error: 'FROZEN', message: 'Transactions are frozen' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.type(partPicker(), 'P-100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Transactions are frozen');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with "saved on this device" when the receive was kept on the device, never an error', async () => {
    const { user, onClose } = openReceiveWizard(queuedReceipt({ kind: 'receive' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.type(partPicker(), 'P-100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Receive' }));

    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(screen.queryByText(/Received/)).toBeNull();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
