// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { SCAN_BATCH_MESSAGES, type ScanBatchAnswer } from '@contract/scan.ts';
import type { AssetCatalogItem } from '@contract/assets.ts';
import { describe, expect, it } from 'vitest';
import { publishScan } from '../../../shared/scan-events.ts';
import { northYardWith, person, W1 } from '../../../test/people.ts';
import { renderWithProviders, reply } from '../../../test/render.tsx';
import { KEPT_ON_DEVICE, SAVED_ON_DEVICE } from '../../../offline/saved-notice.ts';
import { queuedReceipt } from '../../../test/queued-action.ts';
import { ScanBatch } from './scan-batch.tsx';

const northYard = northYardWith();
const admin = person('admin');
const type = (asset_number: string, asset_name: string, category_kind: 'serialized' | 'bulk'): AssetCatalogItem => ({
  id: `k-${asset_number}`,
  catalog_name: 'IT',
  asset_number,
  asset_name,
  asset_nickname: '',
  category: 'c-1',
  category_name: 'Laptops',
  category_kind,
  serial_required: category_kind === 'serialized',
  created_at: '2026-11-01T08:00:00Z',
  instances: 0,
  units: 0,
});

const ok = (line: number, code: string): ScanBatchAnswer['results'][number] => ({ line, code, ok: true, status: 'OK', instance_id: `i-${code}` });
const applied: ScanBatchAnswer = { applied: true, results: [ok(1, 'SN-1'), ok(2, 'SN-2'), ok(3, 'SN-3')], summary: { ok: 3, failed: 0, not_applied: 0 } };
const refused: ScanBatchAnswer = {
  applied: false,
  results: [
    { line: 1, code: 'SN-1', ok: false, status: SCAN_BATCH_MESSAGES.notApplied, instance_id: null },
    { line: 2, code: 'SN-2', ok: false, status: 'Serial number already exists for this asset number', instance_id: null },
  ],
  summary: { ok: 0, failed: 1, not_applied: 1 },
};

function openBatch(receive: unknown) {
  return renderWithProviders(<ScanBatch projectId={null} warehouseId={W1} />, {
    session: { user: admin },
    routes: {
      'GET /api/warehouses': { items: [northYard] },
      'GET /api/projects': { items: [] },
      'GET /api/assets/catalog': { items: [type('LAP-01', 'ThinkPad T14', 'serialized'), type('CAB-01', 'Cable', 'bulk')] },
      'POST /api/scan/assets/receive': receive,
    },
  });
}

const scan = (text: string) => act(() => publishScan({ text, source: 'scanner', format: null }));
const lines = () => within(screen.getByRole('list', { name: 'Scanned lines' })).getAllByRole('listitem');

describe('a scan batch', () => {
  it('lists three scanned serials, flags one scanned twice at once, and receives them in one command', async () => {
    const { user, server } = openBatch(applied);
    scan('SN-1');
    scan('SN-2');
    act(() => publishScan({ text: 'sn-1', source: 'typed', format: null }));
    expect(screen.getByTestId('batch-count').textContent).toBe('3 scanned');
    expect(within(lines()[2]!).getByText(SCAN_BATCH_MESSAGES.duplicateInBatch)).toBeTruthy();
    expect(within(lines()[0]!).getByText(SCAN_BATCH_MESSAGES.duplicateInBatch)).toBeTruthy();
    expect(screen.getByText('Remove or fix the lines marked in red first.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove sn-1' }));
    scan('SN-3');
    expect(screen.getByTestId('batch-count').textContent).toBe('3 scanned');
    expect(screen.queryByText(SCAN_BATCH_MESSAGES.duplicateInBatch)).toBeNull();
    // The warehouse the page is in is preselected; the type is picked by asset number, serialized only.
    expect((screen.getByRole('combobox', { name: 'Receive into' }) as HTMLInputElement).value).toBe('#1 · North Yard');
    await user.click(screen.getByRole('combobox', { name: 'Asset type' }));
    expect(screen.queryByRole('option', { name: 'CAB-01 · Cable' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'LAP-01 · ThinkPad T14' }));
    await user.click(screen.getByRole('button', { name: 'Receive as new assets (3)' }));

    expect(await screen.findByText('3 OK')).toBeTruthy();
    expect(await screen.findByText('3 assets received')).toBeTruthy();
    expect(lines().map((line) => within(line).getByText('OK') && line.getAttribute('aria-label'))).toEqual(['Line 1 SN-1', 'Line 2 SN-2', 'Line 3 SN-3']);
    expect(within(lines()[0]!).getByRole('link', { name: 'Open the asset' }).getAttribute('href')).toBe('/warehouses?mode=assets&track=i-SN-1');
    const sent = server.sent('POST /api/scan/assets/receive');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      to_owner_type: 'warehouse',
      to_owner_id: W1,
      asset_number: 'LAP-01',
      lines: [{ serial_number: 'SN-1' }, { serial_number: 'SN-2' }, { serial_number: 'SN-3' }],
    });
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    // The next scan starts a new batch.
    scan('SN-9');
    expect(screen.getByTestId('batch-count').textContent).toBe('1 scanned');
  });

  it('keeps every line after a refused batch, with each line’s result, so the refused one is removed and the rest sent again', async () => {
    let answer: unknown = reply(422, refused);
    const { user, server } = openBatch(() => answer);
    scan('SN-1');
    scan('SN-2');
    await user.click(screen.getByRole('combobox', { name: 'Asset type' }));
    await user.click(await screen.findByRole('option', { name: 'LAP-01 · ThinkPad T14' }));
    await user.click(screen.getByRole('button', { name: 'Receive as new assets (2)' }));

    expect(await screen.findByText('1 refused, 1 not applied: remove or fix the refused lines and send again.')).toBeTruthy();
    expect(within(lines()[0]!).getByText('Not applied')).toBeTruthy();
    expect(within(lines()[0]!).getByText(SCAN_BATCH_MESSAGES.notApplied)).toBeTruthy();
    expect(within(lines()[1]!).getByText('Refused')).toBeTruthy();
    expect(within(lines()[1]!).getByText('Serial number already exists for this asset number')).toBeTruthy();
    expect(screen.getByTestId('batch-count').textContent).toBe('2 scanned');

    await user.click(screen.getByRole('button', { name: 'Remove SN-2' }));
    answer = { applied: true, results: [ok(1, 'SN-1')], summary: { ok: 1, failed: 0, not_applied: 0 } };
    await user.click(screen.getByRole('button', { name: 'Receive as new assets (1)' }));
    expect(await screen.findByText('1 OK')).toBeTruthy();
    expect(server.sent('POST /api/scan/assets/receive').map((r) => (r.body as { lines: unknown[] }).lines)).toEqual([
      [{ serial_number: 'SN-1' }, { serial_number: 'SN-2' }],
      [{ serial_number: 'SN-1' }],
    ]);
  });

  it('returns scanned assets from use with the codes as scanned', async () => {
    const { user, server } = renderWithProviders(<ScanBatch projectId={null} warehouseId={null} />, {
      session: { user: admin },
      routes: { 'POST /api/scan/assets/in-use': { applied: true, results: [ok(1, 'x'), ok(2, 'SN-2')], summary: { ok: 2, failed: 0, not_applied: 0 } } },
    });
    scan('http://localhost/warehouses?mode=assets&track=33333333-3333-4333-8333-333333333333');
    scan('SN-2');
    await user.click(screen.getByRole('radio', { name: 'Return from use' }));
    await user.click(screen.getByRole('button', { name: 'Return from use (2)' }));
    expect(await screen.findByText('2 OK')).toBeTruthy();
    expect(await screen.findByText('2 assets returned from use')).toBeTruthy();
    expect(server.sent('POST /api/scan/assets/in-use')[0]?.body).toEqual({
      in_use: false,
      lines: [{ code: 'http://localhost/warehouses?mode=assets&track=33333333-3333-4333-8333-333333333333' }, { code: 'SN-2' }],
    });
  });
});

describe('a scan batch taken with no signal', () => {
  it('marks every line kept on this device, not yet sent, instead of failing', async () => {
    const { user } = openBatch(queuedReceipt({ kind: 'scan-receive' }));
    scan('SN-1');
    scan('SN-2');
    await user.click(screen.getByRole('combobox', { name: 'Asset type' }));
    await user.click(await screen.findByRole('option', { name: 'LAP-01 · ThinkPad T14' }));
    await user.click(screen.getByRole('button', { name: 'Receive as new assets (2)' }));

    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeTruthy();
    expect(screen.getByText('2 lines not yet sent: they go when the signal returns.')).toBeTruthy();
    expect(lines().map((line) => within(line).getByText(KEPT_ON_DEVICE) && line.getAttribute('aria-label'))).toEqual(['Line 1 SN-1', 'Line 2 SN-2']);
    expect(screen.queryByRole('button', { name: 'Remove SN-1' })).toBeNull();
    expect(screen.queryByText(/could not be sent/)).toBeNull();

    scan('SN-9');
    expect(screen.getByTestId('batch-count').textContent).toBe('1 scanned');
  });

  it('says the batch could not be sent when the answer is not a per-line answer', async () => {
    const { user } = openBatch({ ok: true });
    scan('SN-1');
    await user.click(screen.getByRole('combobox', { name: 'Asset type' }));
    await user.click(await screen.findByRole('option', { name: 'LAP-01 · ThinkPad T14' }));
    await user.click(screen.getByRole('button', { name: 'Receive as new assets (1)' }));
    expect(await screen.findByText('The batch could not be sent.')).toBeTruthy();
    expect(screen.getByTestId('batch-count').textContent).toBe('1 scanned');
  });
});
