// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueuedAction } from '../../offline/queued.ts';
import { SAVED_ON_DEVICE } from '../../offline/saved-notice.ts';
import { queuedAction, queuedReceipt } from '../../test/queued-action.ts';
import { type Route, renderWithProviders, reply, type SeenRequest } from '../../test/render.tsx';
import { detail, line, person, project, projectRow, summary } from './request-fixtures.ts';
import { RequestsPage } from './requests-page.tsx';

/** A search waits 250 ms before asking the server, and a toast follows an answer: on a busy machine both take a while. */
const SLOW = { timeout: 4000 };
const parts = Array.from({ length: 12 }, (_, i) => ({
  material_id: `m-${i}`,
  part_number: `CAB-${i + 1}`,
  part_name: `Cable ${i + 1}`,
  part_nickname: '',
  display: `CAB-${i + 1}`,
}));
// The history table draws only the rows in view; jsdom lays nothing out, so give it a screen's height.
beforeAll(() => {
  for (const size of ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'])
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => 800 });
});

const queue = vi.hoisted(() => ({ actions: [] as QueuedAction[] }));
vi.mock('../../offline/use-pending.ts', () => ({ usePendingActions: () => queue.actions }));
afterEach(() => {
  queue.actions = [];
});

const held = detail(1, 'on-hold', [line('CAB-1', 3, 'on-hold', 'level 2')]);
const open = detail(2, 'requested', [line('CAB-2', 1)]);

function renderPage(submit: unknown = detail(3, 'requested', [line('CAB-1', 3)]), overrides: Record<string, Route> = {}, path = '/dashboard/requests') {
  return renderWithProviders(<RequestsPage />, {
    path,
    session: { user: person('u-ann'), project, projectRole: 'user' },
    routes: {
      'GET /api/projects': { items: [projectRow('user')] },
      'GET /api/projects/p-1/my-role': { project_role: 'user' },
      'GET /api/materials/p-1/search': { items: parts },
      'GET /api/requests': { items: [summary(held), summary(open)], total: 2 },
      'GET /api/requests/r-1': held,
      'POST /api/requests/material': submit,
      'POST /api/upload/request-image': {
        path: 'request-images/p-1/a.png',
        signed_url: 'http://localhost/api/request-images/p-1/a.png?sig=1',
        content_type: 'image/png',
        size: 4,
      },
      'GET /api/assets/catalog': { items: [{ asset_number: 'GEN-5', asset_name: 'Generator 5 kW' }] },
      'POST /api/requests/asset': { ...detail(4, 'requested', [line('GEN-5', 1)]), type: 'Asset' },
      ...overrides,
    },
  });
}

describe('the request page of a regular user', () => {
  it('searches from the second character, 250 ms after typing, showing at most 10 parts', async () => {
    const { user, server } = renderPage();
    const search = screen.getByRole('combobox', { name: 'Search parts' });
    await user.type(search, 'c');
    await new Promise((r) => setTimeout(r, 400));
    expect(server.sent('GET /api/materials/p-1/search')).toHaveLength(0);
    await user.type(search, 'a');
    await waitFor(() => expect(server.sent('GET /api/materials/p-1/search')).toHaveLength(1));
    expect(server.sent('GET /api/materials/p-1/search')[0]!.params.get('q')).toBe('ca');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
  });

  it('adds parts with quantity 1 by default and notes, then submits the list as one request', async () => {
    const { user, server } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'cab');
    await user.click(await screen.findByRole('option', { name: 'CAB-1 · Cable 1' }, SLOW));
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '1');
    await user.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), 'for level 2');
    await user.click(screen.getByRole('button', { name: 'Add to request' }));
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'cab');
    await user.click(await screen.findByRole('option', { name: 'CAB-2 · Cable 2' }, SLOW));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '0');
    expect(screen.getByText('Quantity must be at least 1')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '4');
    await user.click(screen.getByRole('button', { name: 'Add to request' }));
    const list = screen.getByRole('table', { name: 'Request list' });
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(server.sent('POST /api/requests/material')).toHaveLength(1));
    const sent = server.sent('POST /api/requests/material')[0]!;
    expect(sent.body).toEqual({
      project_id: 'p-1',
      project_number: '4001',
      pick_list: [
        { part_number: 'CAB-1', part_name: 'Cable 1', qty: 1, status: 'requested', notes: 'for level 2' },
        { part_number: 'CAB-2', part_name: 'Cable 2', qty: 4, status: 'requested', notes: null },
      ],
    });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Request R-3 submitted', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Request list' })).toBeNull();
  });

  it('keeps the chosen part apart from the search: its label is not searched for, and no "No part matches" shows', async () => {
    // As the server does: only parts whose number or name contain the text.
    const search: Route = ({ params }: SeenRequest) => {
      const q = (params.get('q') ?? '').toLowerCase();
      return { items: parts.filter((p) => `${p.part_number} ${p.part_name}`.toLowerCase().includes(q)) };
    };
    const { user, server } = renderPage(undefined, { 'GET /api/materials/p-1/search': search });
    const box = screen.getByRole('combobox', { name: 'Search parts' });
    await user.type(box, 'cab-12');
    await user.click(await screen.findByRole('option', { name: 'CAB-12 · Cable 12' }, SLOW));
    expect(box).toHaveProperty('value', 'CAB-12 · Cable 12');
    await new Promise((r) => setTimeout(r, 600));
    // Only what was typed is searched for (the debounce may let an earlier prefix through too).
    for (const sent of server.sent('GET /api/materials/p-1/search')) expect('cab-12'.startsWith(sent.params.get('q') ?? '')).toBe(true);
    expect(screen.queryByText(/No part matches/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to request' })).toHaveProperty('disabled', false);

    // Typing again searches again, and the part is no longer chosen.
    await user.type(box, 'x');
    expect(screen.getByRole('button', { name: 'Add to request' })).toHaveProperty('disabled', true);
  });

  it('asks for assets from the asset catalogue, as an asset request', async () => {
    const { user, server } = renderPage();
    await user.click(screen.getByRole('radio', { name: 'Asset' }));
    await user.type(screen.getByRole('combobox', { name: 'Search assets' }), 'gen');
    await user.click(await screen.findByRole('option', { name: 'GEN-5 · Generator 5 kW' }, SLOW));
    expect(server.sent('GET /api/assets/catalog')[0]!.params.get('q')).toBe('gen');
    await user.click(screen.getByRole('button', { name: 'Add to request' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(server.sent('POST /api/requests/asset')).toHaveLength(1));
    expect(server.sent('POST /api/requests/asset')[0]!.body).toMatchObject({
      pick_list: [{ asset_number: 'GEN-5', asset_name: 'Generator 5 kW', qty: 1, status: 'requested', notes: null }],
    });
  });

  it('uploads a photo with the project first and sends its path with the request', async () => {
    const { user, server } = renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'cab');
    await user.click(await screen.findByRole('option', { name: 'CAB-1 · Cable 1' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Add to request' }));
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crate.png', { type: 'image/png' }));
    expect(await screen.findByRole('link', { name: 'View photo' })).toBeTruthy();
    const sent = String(server.sent('POST /api/upload/request-image')[0]!.body);
    expect(sent.indexOf('name="project_id"')).toBeLessThan(sent.indexOf('name="file"'));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(server.sent('POST /api/requests/material')).toHaveLength(1));
    expect(server.sent('POST /api/requests/material')[0]!.body).toMatchObject({ image_path: 'request-images/p-1/a.png' });
  });

  it('says the server refusal, or `Failed to submit request`, and keeps the list', async () => {
    const { user } = renderPage(reply(500, {}));
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'cab');
    await user.click(await screen.findByRole('option', { name: 'CAB-1 · Cable 1' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Add to request' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Failed to submit request', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Request list' })).toBeTruthy();
  });

  it('lists My Request History on-hold first, asks the server for that order, and opens the side panel', async () => {
    const { user, server } = renderPage();
    await screen.findByRole('button', { name: 'View request R-1' });
    const query = server.sent('GET /api/requests')[0]!.params;
    expect(query.get('mine')).toBe('1');
    expect(query.get('sort')).toBe('hold_first');
    await user.click(screen.getByRole('button', { name: 'View request R-1' }));
    const panel = await screen.findByRole('dialog', { name: 'Request R-1' });
    await within(panel).findByText('Request ID:');
    expect(within(panel).getByText('r-1')).toBeTruthy();
    expect(within(panel).getByText('Requester: Ann Lee')).toBeTruthy();
    expect(within(panel).getByText('level 2')).toBeTruthy();
    expect(within(panel).getByText('Reason: Waiting on delivery')).toBeTruthy();
    await act(async () => undefined);
  });

  it('opens the side panel of the request a link names (a scanned request code)', async () => {
    renderPage(undefined, {}, '/dashboard/requests?request=r-1');
    const panel = await screen.findByRole('dialog', { name: 'Request R-1' });
    expect(await within(panel).findByText('Requester: Ann Lee')).toBeTruthy();
    await act(async () => undefined);
  });
});

describe('a request made with no signal', () => {
  it('is kept on this device: the form says so and empties, never an error', async () => {
    const { user } = renderPage(queuedReceipt({ kind: 'material-request', url: 'api/requests/material', projectId: 'p-1' }));
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'cab');
    await user.click(await screen.findByRole('option', { name: 'CAB-1 · Cable 1' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Add to request' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(SAVED_ON_DEVICE, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Failed to submit request')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Request list' })).toBeNull();
  });

  it('shows the requests waiting on this device as not yet sent, above the history', () => {
    queue.actions = [
      queuedAction({ kind: 'material-request', projectId: 'p-1', body: { pick_list: [{}, {}] } }),
      queuedAction({ id: 'other', kind: 'material-request', projectId: 'p-2', body: { pick_list: [{}] } }),
    ];
    renderPage();
    const rows = within(screen.getByRole('list', { name: 'Requests not yet sent' })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Material · 2 items')).toBeTruthy();
    expect(within(rows[0]!).getByText('Not yet sent')).toBeTruthy();
  });
});
