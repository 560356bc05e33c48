// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noMatchMessage, SCAN_MESSAGES, type ScanAnswer, type ScanMatch } from '@contract/scan.ts';
import { renderWithProviders, type Route as FakeRoute, type SeenRequest } from '../../test/render.tsx';
import type { CameraScannerProps } from './camera/camera-scanner.tsx';
import { RECENT_SCANS_KEY } from './recent-scans.ts';
import { ScanPage } from './scan-page.tsx';
import { ScanSlotsContext } from './scan-slots.ts';

const camera = vi.hoisted(() => ({ unavailable: null as string | null }));
// The camera is its own component: here it is either silent or, like the real one, says why it cannot be used.
vi.mock('./camera/camera-scanner.tsx', () => ({
  CameraScanner: ({ onUnavailable }: CameraScannerProps) => {
    useEffect(() => {
      if (camera.unavailable) onUnavailable?.('denied', camera.unavailable);
    }, [onUnavailable]);
    return camera.unavailable ? <p role="alert">{camera.unavailable}</p> : <p>Viewfinder</p>;
  },
}));

const P1 = '22222222-2222-4222-8222-222222222222';
const W1 = '11111111-1111-4111-8111-111111111111';
const T1 = '55555555-5555-4555-8555-555555555555';
const R1 = '66666666-6666-4666-8666-666666666666';
const project = { id: P1, project_name: 'Riverside Depot', project_customer: 'City Water', project_number: '3001' };
const me = {
  id: 'u-1',
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role: 'admin' as const,
  emails: true,
  stock_emails: true,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
};

const part = (at: 'project' | 'warehouse'): ScanMatch => ({
  kind: 'part',
  material_id: 'm-1',
  part_number: 'P-100',
  part_name: 'Hex bolt M8',
  at: at === 'project' ? { type: 'project', id: P1, label: '3001 · Riverside Depot' } : { type: 'warehouse', id: W1, label: '#1 · North Yard' },
  on_hand: 40,
  actions: ['receive'],
});
const location: ScanMatch = {
  kind: 'location',
  warehouse_id: W1,
  warehouse_label: '#1 · North Yard',
  place: { rack: 'A', shelf: '2', bin: null, zone: null, notes: null },
  code: 'LOC:1:A|2',
  items: [
    { material_id: 'm-1', part_number: 'P-100', part_name: 'Hex bolt M8', qty: 40 },
    { material_id: 'm-2', part_number: 'P-200', part_name: 'Washer M8', qty: 1250 },
  ],
};
const label: ScanMatch = { kind: 'label', id: 'l-1', label_lines: ['PNL-04', 'Feeder 2'], system: 'HVAC', cluster_pod: null };

const answer = (code: string, matches: ScanMatch[]): ScanAnswer => ({ code, matches, message: matches.length === 0 ? noMatchMessage(code) : null });

/** The scanned asset's card as the composition root would hand it in. */
function CardStub({ match }: { match: Extract<ScanMatch, { kind: 'asset' }> }) {
  return <p>Card of {match.instance.serial_number}</p>;
}
const slots = { AssetCard: CardStub };

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

function renderScan(resolve: FakeRoute) {
  return renderWithProviders(
    <ScanSlotsContext.Provider value={slots}>
      <Routes>
        <Route path="/scan" element={<ScanPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ScanSlotsContext.Provider>,
    {
      path: '/scan',
      session: { user: me, project, projectRole: 'admin' },
      routes: { 'GET /api/scan/resolve': resolve, 'GET /api/projects': { items: [{ ...project, hide_from_transfer_list: false }] } },
    },
  );
}

async function typeCode(user: ReturnType<typeof renderScan>['user'], code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Type a code' }), code);
  await user.click(screen.getByRole('button', { name: 'Find' }));
}

beforeEach(() => {
  camera.unavailable = null;
  sessionStorage.clear();
});

describe('the scan page', () => {
  it('refuses a malformed code with the parser’s message and asks the server nothing', async () => {
    const { user, server } = renderScan(answer('x', []));
    await typeCode(user, 'LOC:rack');
    expect(screen.getByRole('alert').textContent).toContain(SCAN_MESSAGES.brokenLocation);
    expect(server.sent('GET /api/scan/resolve')).toHaveLength(0);
  });

  it('looks a code up in the current project and says when nothing matches, offering a search', async () => {
    const { user, server } = renderScan(answer('ZX-9', []));
    await typeCode(user, 'ZX-9');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No match for “ZX-9”.'));
    const sent = server.sent('GET /api/scan/resolve')[0]!;
    expect(Object.fromEntries(sent.params)).toEqual({ code: 'ZX-9', project_id: P1 });
    await user.click(screen.getByRole('button', { name: 'Search the inventory for “ZX-9”' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/dashboard?q=ZX-9');
  });

  it('opens a scanned asset’s card in place', async () => {
    const asset = { kind: 'asset', instance: { serial_number: 'PF3X9' }, actions: [] } as unknown as ScanMatch;
    const { user } = renderScan(answer('PF3X9', [asset]));
    expect(screen.getByText('Viewfinder')).toBeTruthy();
    await typeCode(user, 'PF3X9');
    expect(await screen.findByText('Card of PF3X9')).toBeTruthy();
    // The viewfinder makes room for the card until the next scan is asked for.
    expect(screen.queryByText('Viewfinder')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Scan another code' }));
    expect(screen.getByText('Viewfinder')).toBeTruthy();
    expect(screen.queryByText('Card of PF3X9')).toBeNull();
  });

  it('opens a part of the project on its dashboard row, and a warehouse’s part in the warehouse inventory', async () => {
    const first = renderScan(answer('P-100', [part('project')]));
    await typeCode(first.user, 'P-100');
    expect((await screen.findByRole('status', { name: 'Address' })).textContent).toBe('/dashboard?part=P-100');
    expect(first.store.getState().session.dashboardMode).toBe('materials');
    first.unmount();
    const second = renderScan(answer('P-100', [part('warehouse')]));
    await typeCode(second.user, 'P-100');
    expect((await screen.findByRole('status', { name: 'Address' })).textContent).toBe(`/warehouses?mode=materials&warehouse=${W1}&part=P-100`);
  });

  it('lists what a location holds, with its code as a QR', async () => {
    const { user } = renderScan(answer('LOC:1:A|2', [location]));
    await typeCode(user, 'LOC:1:A|2');
    const held = await screen.findByRole('table', { name: 'Held here' });
    const rows = within(held).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['P-100Hex bolt M840', 'P-200Washer M81,250']);
    expect(screen.getByText('#1 · North Yard')).toBeTruthy();
    expect(await screen.findByAltText('QR code of location LOC:1:A|2')).toBeTruthy();
  });

  it('opens a transfer’s panel, a request’s drawer and an asset type’s inventory', async () => {
    const transfer: ScanMatch = { kind: 'transfer', id: T1, status: 'Pending', from_id: P1, from_name: 'Riverside Depot', to_id: 'p-2', to_name: 'Hill Site' };
    const cases: [string, ScanMatch, string][] = [
      [`TRF:${T1}`, transfer, `/dashboard/transfers?transfer=${T1}`],
      ['R-12', { kind: 'request', id: R1, num: 12, project_id: P1, status: 'Requested' }, `/dashboard/requests?request=${R1}`],
      ['LAP-01', { kind: 'asset-type', catalog_id: 'k-1', asset_number: 'LAP-01', asset_name: 'ThinkPad T14', serial_required: true }, '/dashboard?q=LAP-01'],
    ];
    for (const [code, match, address] of cases) {
      const rendered = renderScan(answer(code, [match]));
      await typeCode(rendered.user, code);
      expect((await screen.findByRole('status', { name: 'Address' })).textContent).toBe(address);
      rendered.unmount();
    }
  });

  it('shows a label and opens the label database searched for it', async () => {
    const { user } = renderScan(answer('LBL:x', [label]));
    await typeCode(user, 'PNL-04');
    expect(await screen.findByText('Feeder 2')).toBeTruthy();
    expect(screen.getByText('HVAC', { selector: 'p' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open in Label Database' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/labels?q=PNL-04');
  });

  it('offers a choice when several things match, and opens the one chosen', async () => {
    const { user } = renderScan(answer('P-100', [part('project'), location]));
    await typeCode(user, 'P-100');
    const chooser = await screen.findByRole('group', { name: 'Matches' });
    expect(within(chooser).getByText('2 matches for “P-100”: choose one')).toBeTruthy();
    await user.click(within(chooser).getByRole('button', { name: 'Location LOC:1:A|2 · #1 · North Yard' }));
    expect(await screen.findByRole('table', { name: 'Held here' })).toBeTruthy();
  });

  it('says why the camera cannot be used and puts the typed code in focus', async () => {
    camera.unavailable = 'Camera access was refused.';
    renderScan(answer('x', []));
    const box = screen.getByRole('textbox', { name: 'Type a code' });
    expect(screen.getByRole('alert').textContent).toBe('Camera access was refused.');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('keeps the last five scans of the session, newest first, each opened again with a tap', async () => {
    const resolve = (request: SeenRequest) => answer(request.params.get('code') ?? '', []);
    const { user, server } = renderScan(resolve);
    for (const code of ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6']) {
      await typeCode(user, code);
      // The answer's alert, not the recent list, which names what each scan found too.
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(noMatchMessage(code)));
    }
    const recent = screen.getByRole('region', { name: 'Recent scans' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Open A-6 again', 'Open A-5 again', 'Open A-4 again', 'Open A-3 again', 'Open A-2 again']);
    expect(JSON.parse(sessionStorage.getItem(RECENT_SCANS_KEY) ?? '[]')).toHaveLength(5);
    await user.click(within(recent).getByRole('button', { name: 'Open A-3 again' }));
    await waitFor(() => expect(server.sent('GET /api/scan/resolve').at(-1)!.params.get('code')).toBe('A-3'));
  });
});
