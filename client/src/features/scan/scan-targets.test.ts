import { describe, expect, it } from 'vitest';
import type { ScanMatch } from '@contract/scan.ts';
import { withRecent } from './recent-scans.ts';
import { labelRoute, matchKey, matchTitle, scanTarget, searchRoute } from './scan-targets.ts';

const here = { projectId: 'p-1', warehouseId: null };
const transfer = (from: string, to: string): ScanMatch => ({
  kind: 'transfer',
  id: 't-1',
  status: 'Pending',
  from_id: from,
  from_name: 'A',
  to_id: to,
  to_name: 'B',
});

describe('where a scan opens', () => {
  it('keeps the current project for a transfer it is an end of, and switches to the receiving one otherwise', () => {
    expect(scanTarget(transfer('p-1', 'p-2'), here)).toEqual({ kind: 'go', path: '/dashboard/transfers?transfer=t-1', projectId: null, mode: null });
    expect(scanTarget(transfer('p-3', 'p-2'), here)).toEqual({ kind: 'go', path: '/dashboard/transfers?transfer=t-1', projectId: 'p-2', mode: null });
  });

  it('opens an asset type in the warehouse’s assets when scanned in a warehouse, else in the project’s', () => {
    const type: ScanMatch = { kind: 'asset-type', catalog_id: 'k-1', asset_number: 'LAP 01', asset_name: 'ThinkPad', serial_required: true };
    expect(scanTarget(type, here)).toEqual({ kind: 'go', path: '/dashboard?q=LAP+01', projectId: null, mode: 'assets' });
    expect(scanTarget(type, { projectId: null, warehouseId: 'w-1' })).toEqual({
      kind: 'go',
      path: '/warehouses?mode=assets&warehouse=w-1&q=LAP+01',
      projectId: null,
      mode: null,
    });
  });

  it('searches the place the scan was read in', () => {
    expect(searchRoute('materials', 'ZX/9', { projectId: null, warehouseId: 'w-1' }).path).toBe('/warehouses?mode=materials&warehouse=w-1&q=ZX%2F9');
  });

  it('searches the label database for a label’s first written line', () => {
    const label: ScanMatch = { kind: 'label', id: 'l-1', label_lines: ['', ' PNL-04 ', 'Feeder'], system: null, cluster_pod: null };
    expect(labelRoute(label as Extract<ScanMatch, { kind: 'label' }>).path).toBe('/labels?q=PNL-04');
    expect(scanTarget(label, here)).toEqual({ kind: 'show' });
  });

  it('names matches for the chooser and keys them by what an action does not change', () => {
    const request: ScanMatch = { kind: 'request', id: 'r-1', num: 12, project_id: 'p-1', status: 'Requested' };
    expect(matchTitle(request)).toBe('Request R-12 (Requested)');
    expect(matchKey(request)).toBe('request:r-1');
    expect(matchTitle(transfer('p-1', 'p-2'))).toBe('Transfer A → B (Pending)');
  });
});

describe('the recent scans', () => {
  const scan = (code: string) => ({ code, found: `found ${code}`, at: '2026-11-27T10:00:00Z' });
  it('puts the newest first, keeps five, and moves a code scanned again to the top', () => {
    let list = ['a', 'b', 'c', 'd', 'e', 'f'].reduce((l, code) => withRecent(l, scan(code)), [] as ReturnType<typeof withRecent>);
    expect(list.map((s) => s.code)).toEqual(['f', 'e', 'd', 'c', 'b']);
    list = withRecent(list, scan('c'));
    expect(list.map((s) => s.code)).toEqual(['c', 'f', 'e', 'd', 'b']);
  });
});
