// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { CountSummary, VarianceAnswer, VarianceLine } from '@contract/counts.ts';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { ReviewPage } from './review-page.tsx';

const session: CountSummary = {
  id: 'c1',
  name: 'November stocktake',
  location_kind: 'project',
  location_id: 'p1',
  location_label: 'P-7 · Mill Lane',
  status: 'open',
  scope_label: 'Everything',
  due_date: null,
  blind: true,
  double_count: false,
  include_assets: false,
  counters: [{ user_id: 'u1', name: 'Casey Counter' }],
  line_total: 3,
  lines_counted: 2,
  recounts_pending: 0,
  accuracy: null,
  adjustments: null,
  created_by: 'Mia Manager',
  created_at: '2026-11-27T08:00:00Z',
  posted_at: null,
  posted_by: null,
  can_count: false,
  can_review: true,
};

const vline = (seq: number, part: string, counted: number | null, expected: number): VarianceLine => ({
  line_id: `l${seq}`,
  seq,
  kind: 'part',
  material_id: `m${seq}`,
  part_number: part,
  part_name: `${part} name`,
  place_label: null,
  asset_number: null,
  serial_number: null,
  planned: true,
  status: counted === null ? 'to_count' : 'counted',
  counted,
  counted_at: counted === null ? null : '2026-11-27T10:00:00Z',
  counter: counted === null ? null : 'Casey Counter',
  second_counted: null,
  second_counter: null,
  expected: counted === null ? null : expected,
  difference: counted === null ? null : counted - expected,
  percent: counted === null ? null : Math.round(((counted - expected) / expected) * 1000) / 10,
  asset_result: null,
  last_counted_at: null,
  last_counted: null,
  moved_since: 5,
  movements_since: 1,
});

const variance: VarianceAnswer = {
  session,
  items: [vline(1, 'BRK-014', 18, 20), vline(2, 'CAB-220', 4, 4), vline(3, 'FUS-10', null, 0)],
  totals: { lines: 3, counted: 2, with_variance: 1, accuracy: 50 },
};

function openReview(routes: Record<string, unknown>) {
  return renderWithProviders(
    <Routes>
      <Route path="/counts/:id/review" element={<ReviewPage />} />
    </Routes>,
    { path: '/counts/c1/review', session: { user: person('superadmin') }, routes: { 'GET /api/counts/c1/variance': variance, ...routes } },
  );
}

describe('the review page', () => {
  it('shows each line against what was expected, filters to variances, and asks for a recount of the lines ticked', async () => {
    const { user, server } = openReview({ 'POST /api/counts/c1/recount': session });
    const table = await screen.findByRole('table', { name: 'Variance' });
    const row = within(table).getByText('BRK-014').closest('tr')!;
    expect(within(row).getByText('-2')).toBeTruthy();
    expect(within(row).getByText('-10 %')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'With variance only' }));
    expect(within(table).queryByText('CAB-220')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select line 1' }));
    await user.click(screen.getByRole('button', { name: 'Ask for recount (1)' }));
    await waitFor(() => expect(server.sent('POST /api/counts/c1/recount')).toHaveLength(1));
    expect(server.sent('POST /api/counts/c1/recount')[0]!.body).toEqual({ line_ids: ['l1'] });
  });

  it('says what posting will do before it does it, and shows the server’s refusal', async () => {
    const refusal = 'Line 1 (BRK-014): on hand has moved since it was counted; posting its difference would take it below zero (to -1)';
    const { user, server } = openReview({ 'POST /api/counts/c1/post': reply(409, { error: 'CONFLICT', message: refusal }) });
    await user.click(await screen.findByRole('button', { name: 'Post count' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Posting makes 1 adjustment,/)).toBeTruthy();
    expect(within(dialog).getByText(/1 line was not counted/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Post count' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(server.sent('POST /api/counts/c1/post')).toHaveLength(1);
  });
});
