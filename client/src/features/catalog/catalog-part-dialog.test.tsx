// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { CatalogPartDialog } from './catalog-part-dialog.tsx';

const bolt = { material_id: 'm-1', part_number: 'BOLT-M8', part_name: 'Hex bolt M8', part_nickname: 'Bolt', display: 'BOLT-M8' };
const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

function open(part: typeof bolt | null, routes: Record<string, unknown> = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<CatalogPartDialog part={part} onClose={onClose} />, { routes });
  return { ...rendered, onClose };
}

describe('adding a part to the catalogue', () => {
  it('needs a part number and a part name, in the material edit’s words', async () => {
    const { user, server } = open(null);
    await user.type(box('Nickname'), 'Nut');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(screen.getByRole('alert').textContent).toBe('Part Number and Part Name are required');
    expect(server.requests).toHaveLength(0);
  });

  it('sends the trimmed names, and shows the refusal of a number the catalogue has', async () => {
    const { user, server, onClose } = open(null, {
      'POST /api/catalog/materials': reply(409, { error: 'CONFLICT', message: 'Part number already exists' }),
    });
    await user.type(box('Part Number'), ' BOLT-M8 ');
    await user.type(box('Part Name'), 'Hex bolt');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Part number already exists');
    expect(server.sent('POST /api/catalog/materials')[0]?.body).toEqual({ part_number: 'BOLT-M8', part_name: 'Hex bolt', part_nickname: '' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('renaming or renumbering a part', () => {
  it('sends a new number only when it changed, with the note', async () => {
    const { user, server, onClose } = open(bolt, { 'PUT /api/catalog/materials/m-1': { ...bolt, part_number: 'BOLT-M8-ZN' } });
    await user.clear(box('Part Number'));
    await user.type(box('Part Number'), 'BOLT-M8-ZN');
    await user.type(box('Note'), 'zinc plated');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Material details updated')).toBeTruthy();
    expect(server.sent('PUT /api/catalog/materials/m-1')[0]?.body).toEqual({
      part_name: 'Hex bolt M8',
      part_nickname: 'Bolt',
      new_part_number: 'BOLT-M8-ZN',
      note: 'zinc plated',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('refuses a blank name before sending', async () => {
    const { user, server } = open(bolt);
    await user.clear(box('Part Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Part Number and Part Name are required');
    expect(server.requests).toHaveLength(0);
  });
});
