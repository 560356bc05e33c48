// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import type { Transfer, TransferItem } from '@contract/transfers.ts';
import { describe, expect, it } from 'vitest';
import { SCAN_COUNT_MESSAGES } from '../../components/scan-count.ts';
import { publishScan } from '../../shared/scan-events.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { TransferPanel } from './transfer-panel.tsx';

const item = (part_number: string, qty: number, figures: Partial<TransferItem> = {}): TransferItem => ({
  part_number,
  part_name: `${part_number} name`,
  material_id: `m-${part_number}`,
  qty,
  sent: 0,
  received: 0,
  status: 'pending',
  ...figures,
});
const transfer = (Status: Transfer['Status'], PickList: TransferItem[]): Transfer => ({
  id: 't-1',
  Type: 'materials',
  FromID: 'p-1',
  ToID: 'p-2',
  FromName: 'North Substation',
  ToName: 'Mill Lane',
  PickList,
  requested_by: 'Ada Lovelace',
  requested_by_id: null,
  DeliveryMethod: 'pickup',
  shipping_address: null,
  ShippingAddress: null,
  TrackingNumber: null,
  Status,
  Date: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
});

function openPanel(t: Transfer, currentProjectId: string, step: 'fulfill' | 'items/receive', answer: unknown) {
  return renderWithProviders(<TransferPanel transfer={t} currentProjectId={currentProjectId} isAdmin onClose={() => {}} />, {
    routes: { 'POST /api/transfers/history': { items: [] }, [`POST /api/transfers/t-1/${step}`]: answer },
  });
}

const scan = (text: string) => act(() => publishScan({ text, source: 'scanner', format: null }));
const countOf = (part: string) => (screen.getByRole('textbox', { name: `Fulfil now of ${part}` }) as HTMLInputElement).value;

describe('scanning a transfer’s items', () => {
  it('counts each scanned part against its line at the source, refuses what is not on the list or more than is left, and fulfils the counts in one command', async () => {
    const t = transfer('Accepted', [
      item('BRK-014', 3, { sent: 1, status: 'partial' }),
      item('CAB-220', 1),
      item('FUS-10', 2, { sent: 2, status: 'fulfilled' }),
    ]);
    const { user, server } = openPanel(t, 'p-1', 'fulfill', t);
    await user.click(screen.getByRole('button', { name: 'Scan items' }));
    // A fulfilled line has nothing left to send: it is not on the scanning list.
    expect(within(screen.getByRole('table', { name: 'Scanned counts' })).queryByText('FUS-10')).toBeNull();

    scan('BRK-014');
    scan('brk-014');
    expect(countOf('BRK-014')).toBe('2');
    scan('BRK-014');
    expect(screen.getByRole('alert').textContent).toBe(SCAN_COUNT_MESSAGES.full('BRK-014', 2));
    expect(countOf('BRK-014')).toBe('2');
    scan('XYZ-999');
    expect(screen.getByRole('alert').textContent).toBe('“XYZ-999” is not on this list.');
    await user.type(screen.getByRole('textbox', { name: 'Scan or type a part number' }), 'CAB-220{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(countOf('CAB-220')).toBe('1');

    // A count corrected by hand above what the line allows is refused inline.
    const cable = screen.getByRole('textbox', { name: 'Fulfil now of CAB-220' });
    await user.clear(cable);
    await user.type(cable, '4');
    expect(screen.getByText('At most 1.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Fulfil scanned' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(cable);
    await user.type(cable, '0');
    await user.click(screen.getByRole('button', { name: 'Fulfil scanned' }));

    expect(await screen.findByText('2 scanned units fulfilled')).toBeTruthy();
    expect(server.sent('POST /api/transfers/t-1/fulfill').map((r) => r.body)).toEqual([{ lines: [{ part_number: 'BRK-014', quantity: 2 }] }]);
  });

  it('receives at the destination what is in transit, and keeps the counts when the server refuses', async () => {
    const t = transfer('Received', [item('BRK-014', 3, { sent: 3, received: 1, status: 'fulfilled' })]);
    const { user, server } = openPanel(t, 'p-2', 'items/receive', reply(422, { error: 'RULE', message: 'BRK-014: only 2 in transit' }));
    await user.click(screen.getByRole('button', { name: 'Scan items' }));
    scan('BRK-014');
    scan('BRK-014');
    scan('BRK-014');
    expect(screen.getByRole('alert').textContent).toBe(SCAN_COUNT_MESSAGES.full('BRK-014', 2));
    await user.click(screen.getByRole('button', { name: 'Receive scanned' }));
    expect(await screen.findByText('BRK-014: only 2 in transit')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Receive now of BRK-014' }) as HTMLInputElement).value).toBe('2');
    expect(server.sent('POST /api/transfers/t-1/items/receive')[0]?.body).toEqual({ lines: [{ part_number: 'BRK-014', quantity: 2 }] });
  });
});
