// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { CountPlanBody, CountSummary } from '@contract/counts.ts';
import { describe, expect, it } from 'vitest';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { ProjectCountsPage } from './counts-page.tsx';

const PROJECT = { id: 'p1', project_name: 'Mill Lane', project_customer: 'Rail Co', project_number: '5001' };
const project = { ...PROJECT, project_status: 'active', created_at: '2026-01-01T00:00:00Z' };

const summary = (over: Partial<CountSummary>): CountSummary => ({
  id: 'c1',
  name: 'Rack A cycle count',
  location_kind: 'project',
  location_id: 'p1',
  location_label: '5001 · Mill Lane',
  status: 'open',
  scope_label: 'Everything',
  due_date: '2020-01-31',
  blind: true,
  double_count: false,
  include_assets: false,
  counters: [],
  line_total: 40,
  lines_counted: 10,
  recounts_pending: 0,
  accuracy: null,
  adjustments: null,
  created_by: 'Mia Manager',
  created_at: '2020-01-02T08:00:00Z',
  posted_at: null,
  posted_by: null,
  can_count: true,
  can_review: true,
  ...over,
});

function openList(items: CountSummary[], routes: Record<string, unknown> = {}) {
  return renderWithProviders(<ProjectCountsPage />, {
    session: { user: person('user'), project: PROJECT, projectRole: 'manager' },
    routes: {
      'GET /api/projects': { items: [project] },
      'GET /api/projects/p1/my-role': { project_role: 'manager' },
      'GET /api/counts': { items },
      'GET /api/users/project/p1': {
        items: [
          { user_id: 'u7', user_firstname: 'Casey', user_lastname: 'Counter', user_email: 'casey@example.com', project_role: 'user' },
          { user_id: 'u8', user_firstname: 'Mia', user_lastname: 'Manager', user_email: 'mia@example.com', project_role: 'manager' },
        ],
      },
      ...routes,
    },
  });
}

describe('the counts list', () => {
  it('says when there are no counts and offers a new one to reviewers', async () => {
    openList([]);
    expect(await screen.findByText('No open counts. Open one with “New count”.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New count' })).toBeTruthy();
  });

  it('shows progress and marks an overdue count', async () => {
    openList([summary({})]);
    const card = await screen.findByRole('listitem', { name: 'Rack A cycle count' });
    expect(within(card).getByText('Counted: 10 / 40')).toBeTruthy();
    expect(within(card).getByText(/\(overdue\)/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Count Rack A cycle count' }).getAttribute('href')).toBe('/counts/c1/count');
  });

  it('previews the plan as it is chosen and opens the count with the members picked as counters', async () => {
    const plans: CountPlanBody[] = [];
    const { user, server } = openList([], {
      'POST /api/counts/plan': (r: { body: CountPlanBody }) => {
        plans.push(r.body);
        return r.body.scope.kind === 'filter'
          ? { total: 0, items: [] }
          : {
              total: 312,
              items: [
                {
                  kind: 'part',
                  material_id: 'm1',
                  part_number: 'BRK-014',
                  part_name: 'Breaker',
                  place: null,
                  place_label: null,
                  instance_id: null,
                  asset_number: null,
                  serial_number: null,
                },
              ],
            };
      },
      'POST /api/counts': (r: { body: unknown }) =>
        Array.isArray((r.body as { counters: unknown[] }).counters) && (r.body as { counters: unknown[] }).counters.length === 0
          ? reply(400, { error: 'VALIDATION', message: 'Pick at least one counter' })
          : summary({ id: 'c9' }),
    });
    await user.click(await screen.findByRole('button', { name: 'New count' }));
    const dialog = screen.getByRole('dialog', { name: 'New count' });
    expect(await within(dialog).findByText('312 lines')).toBeTruthy();
    expect(within(dialog).getByText('BRK-014')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Year end');
    await user.click(within(dialog).getByRole('button', { name: 'Open count' }));
    // The server's refusal, in its words.
    expect(await within(dialog).findByText('Pick at least one counter')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: /Blind count/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'Filter' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Part number prefix' }), 'ZZ');
    expect(await within(dialog).findByText('0 lines')).toBeTruthy();
    expect(plans.at(-1)!.scope).toEqual({ kind: 'filter', part_prefix: 'ZZ' });

    await user.click(
      within(dialog)
        .getAllByLabelText('Counters')
        .find((e) => e.tagName === 'INPUT')!,
    );
    await user.click(await screen.findByRole('option', { name: 'Casey Counter (user)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Open count' }));
    await waitFor(() => expect(server.sent('POST /api/counts')).toHaveLength(2));
    expect(server.sent('POST /api/counts')[1]!.body).toMatchObject({
      name: 'Year end',
      location: { kind: 'project', id: 'p1' },
      scope: { kind: 'filter', part_prefix: 'ZZ' },
      counters: ['u7'],
      blind: true,
      double_count: false,
      due_date: null,
    });
  });
});
