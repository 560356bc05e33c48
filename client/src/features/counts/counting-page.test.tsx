// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import type { CounterLine, CountSummary } from '@contract/counts.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { publishScan } from '../../shared/scan-events.ts';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply, type SeenRequest } from '../../test/render.tsx';
import { queueStorageKey } from './count-queue.ts';
import { CountingPage } from './counting-page.tsx';
import { queuedReceipt } from '../../test/queued-action.ts';

const summary: CountSummary = {
  id: 'c1',
  name: 'November stocktake',
  location_kind: 'project',
  location_id: 'p1',
  location_label: 'P-7 · Mill Lane',
  status: 'open',
  scope_label: 'Everything',
  due_date: '2026-12-01',
  blind: true,
  double_count: false,
  include_assets: false,
  counters: [{ user_id: 'u1', name: 'Casey Counter' }],
  line_total: 3,
  lines_counted: 0,
  recounts_pending: 0,
  accuracy: null,
  adjustments: null,
  created_by: 'Mia Manager',
  created_at: '2026-11-27T08:00:00Z',
  posted_at: null,
  posted_by: null,
  can_count: true,
  can_review: false,
};

const line = (seq: number, part: string, place: string | null, status: CounterLine['status'] = 'to_count'): CounterLine => ({
  line_id: `l${seq}`,
  seq,
  kind: 'part',
  part_number: part,
  part_name: `${part} name`,
  place: place ? { rack: null, shelf: null, bin: place, zone: null, notes: null } : null,
  place_label: place ? `Bin ${place}` : null,
  asset_number: null,
  serial_number: null,
  planned: true,
  status,
  my_count: null,
  counts: 0,
  needs_count_from_me: false,
});

const LINES = [line(1, 'BRK-014', 'A1'), line(2, 'CAB-220', 'A1'), line(3, 'FUS-10', null)];

function openPage(countRoute: (request: SeenRequest) => unknown, lines: unknown[] = LINES) {
  return renderWithProviders(
    <Routes>
      <Route path="/counts/:id/count" element={<CountingPage />} />
    </Routes>,
    {
      path: '/counts/c1/count',
      session: { user: person('user') },
      routes: { 'GET /api/counts/c1': summary, 'GET /api/counts/c1/lines': { items: lines }, 'POST /api/counts/c1/count': countRoute },
    },
  );
}

const answer = (r: SeenRequest) => {
  const body = r.body as { line_id?: string; counted: number; counted_at: string };
  return { line_id: body.line_id ?? 'lx', seq: 1, counted: body.counted, counted_at: body.counted_at, status: 'counted' };
};

afterEach(() => localStorage.clear());

describe('the counting page', () => {
  it('is blind: no expected figure anywhere, even when a line carries one, in the list or on the count sheet', async () => {
    const leaky = LINES.map((l) => ({ ...l, expected: 9731, on_hand: 9731 }));
    const { user } = openPage(answer, leaky);
    await screen.findByText('0 of 3 lines counted');
    expect(screen.getByRole('list', { name: 'Bin A1' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'No location' })).toBeTruthy();
    const body = () => document.body.textContent ?? '';
    expect(body()).not.toMatch(/expected|on hand|9731/i);
    await user.click(screen.getByRole('tab', { name: 'Count sheet' }));
    expect(screen.getByRole('button', { name: 'Print count sheet' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Count of line 2' }).textContent).toBe('');
    expect(body()).not.toMatch(/expected|on hand|9731/i);
  });

  it('keeps lines that got no answer (and were not kept by the offline queue) in the page and sends them in order with their own keys when the network returns', async () => {
    let online = false;
    const { user, server } = openPage((r) => {
      if (!online) throw new TypeError('Failed to fetch');
      return answer(r);
    });
    await screen.findByText('0 of 3 lines counted');
    const type = async (what: string, quantity: string) => {
      await user.type(screen.getByRole('textbox', { name: 'Line or part number' }), what);
      await user.type(screen.getByRole('textbox', { name: 'Quantity' }), quantity);
      await user.click(screen.getByRole('button', { name: 'Add count' }));
    };
    await type('2', '7');
    await screen.findByText('1 waiting to send');
    await type('FUS-10', '3');
    await screen.findByText('2 waiting to send');
    // The app's offline queue keeps lines on the device; the page no longer has a store of its own.
    expect(localStorage.getItem(queueStorageKey('c1'))).toBeNull();

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/waiting to send/)).toBeNull());
    const sent = server.sent('POST /api/counts/c1/count');
    const keyOf = (r: SeenRequest) => r.headers.get('Idempotency-Key');
    const first = sent.filter((r) => (r.body as { line_id: string }).line_id === 'l2');
    // Line 2 was tried while offline (and again when line 3 was added), then sent: always with one key.
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(new Set(first.map(keyOf)).size).toBe(1);
    const delivered = sent.slice(-2);
    expect(delivered.map((r) => (r.body as { line_id: string }).line_id)).toEqual(['l2', 'l3']);
    expect(keyOf(delivered[1]!)).not.toBe(keyOf(delivered[0]!));
    expect(keyOf(delivered[1]!)).toMatch(/^[0-9a-f-]{36}$/);
    // counted_at is when the line was entered on the device, not when it finally went.
    const enteredAt = (first[0]!.body as { counted_at: string }).counted_at;
    expect((delivered[0]!.body as { counted_at: string }).counted_at).toBe(enteredAt);
    expect(localStorage.getItem(queueStorageKey('c1'))).toBeNull();
  });

  it('shows a refusal on its line with the server’s words and does not send it again by itself', async () => {
    const { user, server } = openPage(() =>
      reply(409, { error: 'CONFLICT', message: 'This line has been counted twice; ask for a recount to count it again' }),
    );
    await screen.findByText('0 of 3 lines counted');
    await user.type(screen.getByRole('textbox', { name: 'Line or part number' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '4');
    await user.click(screen.getByRole('button', { name: 'Add count' }));
    const refused = await screen.findByRole('listitem', { name: 'Line 1 · BRK-014 at Bin A1: 4' });
    expect(within(refused).getByText('This line has been counted twice; ask for a recount to count it again')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Line 1 BRK-014' })).getByText(/counted twice/)).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss Line 1 · BRK-014 at Bin A1: 4' }));
    expect(server.sent('POST /api/counts/c1/count')).toHaveLength(1);
    expect(screen.queryByText(/counted twice/)).toBeNull();
  });

  it('counts a batch by scanning: a location label sets the place, each part scan adds one unit, and the batch goes as lines', async () => {
    const { user, server } = openPage(answer);
    await screen.findByText('0 of 3 lines counted');
    await user.click(screen.getByRole('tab', { name: 'Scan' }));
    const scan = (text: string) => act(() => publishScan({ text, source: 'scanner', format: null }));
    scan('LOC:1:||A1|');
    expect(screen.getByTestId('scan-place').textContent).toBe('Bin A1');
    scan('BRK-014');
    scan('brk-014');
    scan('CAB-220');
    scan('NEW-1');
    expect(within(screen.getByRole('listitem', { name: 'BRK-014 at Bin A1' })).getByLabelText('2 counted')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send batch (4 units)' }));
    await waitFor(() => expect(server.sent('POST /api/counts/c1/count')).toHaveLength(3));
    const bodies = server.sent('POST /api/counts/c1/count').map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((b) => [b.line_id, b.part_number, b.counted])).toEqual([
      ['l1', undefined, 2],
      ['l2', undefined, 1],
      [undefined, 'NEW-1', 1],
    ]);
    expect(bodies[2]!.place).toEqual({ rack: null, shelf: null, bin: 'A1', zone: null, notes: null });
  });

  it('shows a line kept on this device by the offline queue as kept, not yet sent, with the time it was counted', async () => {
    const { user, server } = openPage((r) => queuedReceipt({ kind: 'count-line', url: 'api/counts/c1/count', body: r.body }));
    await screen.findByText('0 of 3 lines counted');
    const before = Date.now();
    await user.type(screen.getByRole('textbox', { name: 'Line or part number' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '7');
    await user.click(screen.getByRole('button', { name: 'Add count' }));

    expect((await screen.findByTestId('count-kept')).textContent).toBe('1 line kept on this device');
    expect(within(screen.getByRole('listitem', { name: 'Line 2 CAB-220' })).getByText('Kept on this device, not yet sent')).toBeTruthy();
    expect(screen.queryByText(/waiting to send/)).toBeNull();
    const [sent] = server.sent('POST /api/counts/c1/count');
    const countedAt = Date.parse((sent!.body as { counted_at: string }).counted_at);
    expect(countedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(countedAt).toBeLessThanOrEqual(Date.now());
  });

  it('sends what an earlier version left in localStorage, with its keys and times, and keeps its refusals until dismissed', async () => {
    const left = [
      {
        key: '00000000-0000-4000-8000-0000000000a1',
        body: { line_id: 'l1', counted: 4, counted_at: '2026-11-26T09:00:00Z' },
        label: 'Line 1 · BRK-014 at Bin A1: 4',
        refused: null,
      },
      {
        key: '00000000-0000-4000-8000-0000000000a2',
        body: { line_id: 'l2', counted: 2, counted_at: '2026-11-26T09:01:00Z' },
        label: 'Line 2 · CAB-220 at Bin A1: 2',
        refused: 'Refused before',
      },
    ];
    localStorage.setItem(queueStorageKey('c1'), JSON.stringify(left));
    const { server, user } = openPage(answer);
    await waitFor(() => expect(server.sent('POST /api/counts/c1/count')).toHaveLength(1));
    const [sent] = server.sent('POST /api/counts/c1/count');
    expect(sent!.headers.get('Idempotency-Key')).toBe(left[0]!.key);
    expect(sent!.body).toEqual(left[0]!.body);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(queueStorageKey('c1')) ?? '[]')).toEqual([left[1]]));
    expect(within(screen.getByRole('listitem', { name: left[1]!.label })).getByText('Refused before')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Dismiss ${left[1]!.label}` }));
    expect(localStorage.getItem(queueStorageKey('c1'))).toBeNull();
    expect(server.sent('POST /api/counts/c1/count')).toHaveLength(1);
  });
});
