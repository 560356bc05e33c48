// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SourceItem } from '@contract/transfers.ts';
import { renderWithProviders, type SeenRequest } from '../../test/render.tsx';
import { itemLabel, nextItemQuery } from './item-search.ts';
import { TransferWizard } from './transfer-wizard.tsx';

const part = (part_number: string, part_name: string, on_hand: number): SourceItem => ({
  material_id: `m-${part_number}`,
  part_number,
  part_name,
  part_nickname: part_name,
  on_hand,
  display: `${part_number} — ${part_name}`,
});
const breaker = part('BRK-014', 'Breaker 6 A C-curve grade 4', 96);
const cable = part('CAB-220', 'Armoured cable 25 m', 40);
const STOCK = [breaker, cable];

/** The source's parts whose number or name contains the query, as the server answers. */
const sourceItems = (request: SeenRequest) => {
  const q = (request.params.get('q') ?? '').toLowerCase();
  return { items: STOCK.filter((p) => `${p.part_number} ${p.part_name}`.toLowerCase().includes(q)) };
};

function openWizard() {
  const onCreated = vi.fn();
  const rendered = renderWithProviders(<TransferWizard projectId="p-2" onClose={() => {}} onCreated={onCreated} />, {
    routes: {
      'GET /api/transfers/source-projects': {
        items: [
          { id: 'p-1', project_name: 'North Substation', project_number: '4001' },
          { id: 'p-2', project_name: 'Mill Lane', project_number: '4002' },
        ],
      },
      'GET /api/transfers/source-items': sourceItems,
      'POST /api/transfers': { id: 't-1' },
      'POST /api/notify-transfer': { queued: 1 },
    },
  });
  return { ...rendered, onCreated };
}

const addItem = () => screen.getByRole('button', { name: 'Add item' });
/** Waits out the search's debounce and its answer, as a person waits for the list to settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('the item search of the New Transfer Request wizard', () => {
  it('keeps the chosen part: the label the select shows is never sent as the query, and Add item enables', async () => {
    const { user, server, onCreated } = openWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('combobox', { name: 'Source project' }));
    await user.click(await screen.findByRole('option', { name: '4001 · North Substation' }));

    await user.type(screen.getByRole('combobox', { name: 'Item' }), 'BRK');
    await user.click(await screen.findByRole('option', { name: itemLabel(breaker) }));
    await settle();
    expect((screen.getByRole('combobox', { name: 'Item' }) as HTMLInputElement).value).toBe(itemLabel(breaker));
    const queries = server.sent('GET /api/transfers/source-items').map((r) => r.params.get('q'));
    expect(queries).not.toContain(itemLabel(breaker));
    await waitFor(() => expect(addItem().hasAttribute('disabled')).toBe(false));

    // Leaving the box writes the label back into it: still not a query.
    await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
    await settle();
    expect(server.sent('GET /api/transfers/source-items').map((r) => r.params.get('q'))).not.toContain(itemLabel(breaker));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    expect(addItem().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(addItem());
    expect(screen.getByRole('row', { name: 'BRK-014 Breaker 6 A C-curve grade 4 3 Remove' })).toBeTruthy();
    expect(addItem().hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByRole('combobox', { name: 'Item' }), 'cable');
    await user.click(await screen.findByRole('option', { name: itemLabel(cable) }));
    await settle();
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(addItem());
    expect(screen.getByRole('row', { name: 'CAB-220 Armoured cable 25 m 2 Remove' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('t-1'));
    expect(server.sent('POST /api/transfers')[0]?.body).toMatchObject({
      FromID: 'p-1',
      ToID: 'p-2',
      DeliveryMethod: 'pickup',
      PickList: [
        { part_number: 'BRK-014', qty: 3 },
        { part_number: 'CAB-220', qty: 2 },
      ],
    });
  });
});

describe('the item query', () => {
  it('follows what is typed, not a label the select writes into the box', () => {
    expect(nextItemQuery('BRK', itemLabel(breaker), [breaker], null)).toBe('BRK');
    expect(nextItemQuery('BRK', itemLabel(breaker), [], breaker)).toBe('BRK');
    // A refetch relabels the chosen option (its on hand changed): that is not typing either.
    expect(nextItemQuery('BRK', itemLabel({ ...breaker, on_hand: 95 }), [{ ...breaker, on_hand: 95 }], breaker)).toBe('BRK');
    expect(nextItemQuery('BRK', 'BRK-01', [breaker], breaker)).toBe('BRK-01');
    expect(nextItemQuery('BRK', '', [breaker], null)).toBe('');
  });
});
