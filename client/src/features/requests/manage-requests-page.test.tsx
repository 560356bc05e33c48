// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseApi } from '../../api/base-api.ts';
import { publishScan } from '../../shared/scan-events.ts';
import { renderWithProviders, type SeenRequest } from '../../test/render.tsx';
import { ManageRequestsPage } from './manage-requests-page.tsx';
import { detail, inventory, line, person, project, projectRow, summary } from './request-fixtures.ts';

// The list draws only the rows in view; jsdom lays nothing out, so give it a screen's height.
beforeAll(() => {
  for (const size of ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'])
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => 800 });
});

/** A search waits 250 ms before asking the server, and a toast follows an answer: on a busy machine both take a while. */
const SLOW = { timeout: 4000 };
const covered = detail(1, 'requested', [line('CAB-1', 3)]);
const short = detail(2, 'requested', [line('CAB-2', 6), line('CAB-1', 2, 'fulfilled')]);
const byId: Record<string, ReturnType<typeof detail>> = { 'r-1': covered, 'r-2': short };
const history = {
  items: [
    { position: 1, date: '2026-03-01T10:00:00.000Z', action: 'Submitted', user: 'Ann Lee', user_id: 'u-ann', detail: null },
    { position: 2, date: '2026-03-01T11:00:00.000Z', action: 'Held', user: 'Mia Lee', user_id: 'u-mia', detail: 'waiting_delivery' },
  ],
};

function renderPage(extra: Record<string, unknown> = {}) {
  const changed = (r: SeenRequest) => byId[r.path.split('/')[3]!];
  return renderWithProviders(<ManageRequestsPage />, {
    session: { user: person('u-mia'), project, projectRole: 'manager' },
    routes: {
      'GET /api/projects': { items: [projectRow('manager')] },
      'GET /api/projects/p-1/my-role': { project_role: 'manager' },
      'GET /api/requests': { items: [summary(covered), summary(short)], total: 2 },
      'GET /api/requests/r-1': covered,
      'GET /api/requests/r-2': short,
      'GET /api/requests/r-1/history': history,
      'GET /api/inventory/materials': inventory([
        ['CAB-1', 10],
        ['CAB-2', 4],
      ]),
      'POST /api/requests/mark-read': { count: 0 },
      'POST /api/requests/r-1/assign': { ...covered, status: 'fulfilled' },
      'POST /api/notify-fulfilled': { queued: 1 },
      'PATCH /api/requests/r-1/status': changed,
      'PATCH /api/requests/r-2/status': changed,
      ...extra,
    },
  });
}

const select = (num: number) => screen.getByRole('checkbox', { name: `Select request R-${num}` });
const statusRadios = () => within(screen.getByRole('radiogroup', { name: 'Status' })).getAllByRole('radio');
const button = (name: string) => screen.getAllByRole('button', { name }).at(-1)!;

describe('Manage Requests', () => {
  it('shows open requests newest first, marks the project read, and asks again when a filter changes', async () => {
    const { user, server } = renderPage();
    await screen.findByRole('checkbox', { name: 'Select request R-2' });
    const first = server.sent('GET /api/requests')[0]!.params;
    expect([first.get('status'), first.get('sort'), first.get('days')]).toEqual(['open', '-request_date', 'all']);
    expect(server.sent('POST /api/requests/mark-read')[0]!.body).toEqual({ projectId: 'p-1' });
    expect(statusRadios().map((r) => r.getAttribute('value'))).toEqual(['open', 'fulfilled', 'on-hold', 'denied', 'all']);
    await user.click(screen.getByRole('radio', { name: 'Fulfilled' }));
    await waitFor(() => expect(server.sent('GET /api/requests').at(-1)!.params.get('status')).toBe('fulfilled'));
    await user.click(screen.getByRole('radio', { name: '1 Week' }));
    await waitFor(() => expect(server.sent('GET /api/requests').at(-1)!.params.get('days')).toBe('7'));
    await user.click(screen.getByRole('button', { name: /Date/ }));
    await waitFor(() => expect(server.sent('GET /api/requests').at(-1)!.params.get('sort')).toBe('request_date'));
  });

  it('marks read again what arrives while the page is open, so the badge stays at 0', async () => {
    let unread = 0;
    const { server, store } = renderPage({ 'GET /api/requests/unread-count': () => ({ count: unread }) });
    await waitFor(() => expect(server.sent('POST /api/requests/mark-read')).toHaveLength(1));
    unread = 1;
    store.dispatch(baseApi.util.invalidateTags([{ type: 'RequestUnread', id: 'p-1' }]));
    await waitFor(() => expect(server.sent('POST /api/requests/mark-read')).toHaveLength(2));
  });

  it('keeps Fulfill All disabled, saying why, while on hand does not cover the selection', async () => {
    const { user, server } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select request R-2' }));
    await waitFor(() => expect(button('Fulfill All').getAttribute('aria-disabled')).toBe('true'));
    await user.hover(button('Fulfill All'));
    expect(await screen.findByText('Insufficient Quantity: CAB-2 needs 6, 4 on hand', {}, SLOW)).toBeTruthy();
    await user.click(button('Fulfill All'));
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/assign'))).toHaveLength(0);

    await user.click(select(2));
    await user.click(select(1));
    await waitFor(() => expect(button('Fulfill All').getAttribute('aria-disabled')).toBeNull());
    await user.click(button('Fulfill All'));
    await waitFor(() => expect(server.sent('POST /api/requests/r-1/assign')).toHaveLength(1));
    expect(server.sent('POST /api/requests/r-1/assign')[0]!.body).toEqual({});
    expect(await screen.findByText('Fulfilled request R-1', {}, SLOW)).toBeTruthy();
    // Fulfilled: the requester is told by e-mail.
    await waitFor(() => expect(server.sent('POST /api/notify-fulfilled')[0]?.body).toEqual({ request_id: 'r-1' }));
  });

  it('denies only with a reason, and holds waiting on delivery', async () => {
    const { user, server } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(button('Deny'));
    const deny = await screen.findByRole('dialog', { name: 'Deny 2 requests' });
    await user.click(within(deny).getByRole('button', { name: 'Deny' }));
    expect(within(deny).getByText('A reason is required to deny a request.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await user.type(within(deny).getByRole('textbox', { name: 'Reason' }), 'Wrong project');
    await user.click(within(deny).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(server.sent('PATCH /api/requests/r-2/status')).toHaveLength(1));
    expect(server.sent('PATCH /api/requests/r-1/status')[0]!.body).toEqual({ status: 'denied', reason: 'Wrong project' });

    await user.click(select(1));
    await user.click(button('Hold'));
    const hold = await screen.findByRole('dialog', { name: 'Hold request R-1' });
    await user.click(within(hold).getByRole('button', { name: 'Hold' }));
    await waitFor(() => expect(server.sent('PATCH /api/requests/r-1/status')).toHaveLength(2));
    expect(server.sent('PATCH /api/requests/r-1/status')[1]!.body).toEqual({ status: 'on-hold', reason: 'waiting_delivery' });
  });

  it('fulfils part of one request: a quantity above the line is refused, the rest can wait on delivery', async () => {
    const { user, server } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select request R-1' }));
    await waitFor(() => expect(button('Fulfill Partial').getAttribute('aria-disabled')).toBeNull());
    await user.click(button('Fulfill Partial'));
    const dialog = await screen.findByRole('dialog', { name: 'Fulfill part of request R-1' });
    const qty = within(dialog).getByRole('textbox', { name: 'Fulfil quantity of CAB-1' });
    await user.type(qty, '4');
    expect(within(dialog).getByText('Quantity must be greater than zero and not more than the line quantity.')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '2');
    await user.click(within(dialog).getByRole('radio', { name: 'Hold it, waiting on delivery' }));
    await user.click(within(dialog).getByRole('button', { name: 'Fulfill 2' }));
    await waitFor(() => expect(server.sent('POST /api/requests/r-1/assign')).toHaveLength(1));
    expect(server.sent('POST /api/requests/r-1/assign')[0]!.body).toEqual({
      remainder: 'waiting_delivery',
      lines: [{ line_id: 'l-CAB-1-requested', part_number: 'CAB-1', quantity: 2 }],
    });
  });

  it('fulfils a request from its drawer by scanning its items, one unit of its line per scan', async () => {
    const { user, server } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View request R-1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Request R-1' });
    await user.click(await within(drawer).findByRole('button', { name: 'Scan items' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Fulfill part of request R-1' });
    const typed = within(dialog).getByRole('textbox', { name: 'Scan or type a part number' });
    await user.type(typed, 'CAB-2{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('“CAB-2” is not on this list.');
    act(() => publishScan({ text: 'CAB-1', source: 'scanner', format: null }));
    await user.type(typed, 'cab-1{Enter}');
    expect((within(dialog).getByRole('textbox', { name: 'Fulfil now of CAB-1' }) as HTMLInputElement).value).toBe('2');
    await user.click(within(dialog).getByRole('button', { name: 'Fulfill 2' }));
    await waitFor(() => expect(server.sent('POST /api/requests/r-1/assign')).toHaveLength(1));
    expect(server.sent('POST /api/requests/r-1/assign')[0]!.body).toEqual({
      remainder: 'open',
      lines: [{ line_id: 'l-CAB-1-requested', part_number: 'CAB-1', quantity: 2 }],
    });
  });

  it('opens the detail drawer with the lines and the history of the request', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View request R-1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Request R-1' });
    expect(await within(drawer).findByText('Submitted')).toBeTruthy();
    expect(within(drawer).getByText('Held')).toBeTruthy();
    expect(within(drawer).getByText('Waiting on delivery')).toBeTruthy();
    expect(within(within(drawer).getByRole('table', { name: 'Request items' })).getByText('CAB-1')).toBeTruthy();
  });

  it('has the Material Requests page with its own filters, material requests only', async () => {
    const { user, server } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Material Requests' }));
    await waitFor(() => expect(server.sent('GET /api/requests').at(-1)!.params.get('type')).toBe('Material'));
    expect(server.sent('GET /api/requests').at(-1)!.params.get('status')).toBe('requested');
    expect(statusRadios().map((r) => r.getAttribute('value'))).toEqual(['requested', 'partial', 'on-hold', 'fulfilled', 'denied', 'all']);
  });
});
