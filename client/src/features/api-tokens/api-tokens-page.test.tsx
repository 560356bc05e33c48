// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { TOKEN_MESSAGES } from '@contract/api-tokens.ts';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../../api/tokens-api.ts';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { ApiTokensPage } from './api-tokens-page.tsx';
import { ServiceTokensPage } from './service-tokens-page.tsx';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const projects = {
  items: [
    { id: P1, project_name: 'North Yard', project_number: '1001', project_customer: 'ACME' },
    { id: P2, project_name: 'South Yard', project_number: '1002', project_customer: 'ACME' },
  ],
};
const SECRET = 'slp_Q1w2E3r4T5y6U7i8O9p0AsDfGhJkLzXcVbNm';

function tokenFrom(body: Record<string, unknown>, kind: ApiToken['kind']): ApiToken {
  return {
    id: 't1',
    kind,
    name: String(body.name),
    hint: SECRET.slice(0, 10),
    scopes: body.scopes as ApiToken['scopes'],
    project_ids: (body.project_ids as string[] | null | undefined) ?? (body.project_id ? [String(body.project_id)] : null),
    role: (body.role as string | undefined) ?? null,
    created_at: '2026-11-28T08:00:00Z',
    created_by_name: 'Ada Lovelace',
    expires_at: '2099-01-01T00:00:00Z',
    last_used_at: null,
    revoked_at: null,
  };
}

/** A fake token service: the list answers what has been created and revoked so far. */
function tokenRoutes(base: string, kind: ApiToken['kind']) {
  const tokens: ApiToken[] = [];
  return {
    'GET /api/projects': projects,
    [`GET ${base}`]: () => ({ items: tokens }),
    [`POST ${base}`]: ({ body }: { body: unknown }) => {
      const created = tokenFrom(body as Record<string, unknown>, kind);
      tokens.push(created);
      return reply(201, { ...created, token: SECRET });
    },
    [`DELETE ${base}/t1`]: () => {
      tokens[0]!.revoked_at = '2026-11-28T09:00:00Z';
      return new Response(null, { status: 204 });
    },
  };
}

describe('API tokens page', () => {
  it('explains tokens while there are none, creates one limited to a project, shows it once and lists it', async () => {
    const { user, server } = renderWithProviders(<ApiTokensPage />, { routes: tokenRoutes('/api/tokens', 'personal'), session: { user: person('user') } });
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer slp_…')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Stock report');
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Projects' }));
    await user.click(await screen.findByRole('option', { name: '1001 · North Yard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText(/this token will not be shown again/)).toBeTruthy();
    expect(server.sent('POST /api/tokens').map((r) => r.body)).toEqual([{ name: 'Stock report', expires_in_days: 30, scopes: ['read'], project_ids: [P1] }]);
    // Escape leaves the token in sight: only Done closes it.
    await user.keyboard('{Escape}');
    expect(screen.getByText(SECRET)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());

    const row = (await screen.findByText('Stock report')).closest('tr')!;
    for (const text of ['slp_Q1w2E3…', 'Read', '1001 · North Yard', 'Never used', 'Active']) expect(within(row).getByText(text)).toBeTruthy();
  });

  it('sends all projects as null, and shows a refusal on the field the server names', async () => {
    const routes = {
      ...tokenRoutes('/api/tokens', 'personal'),
      'POST /api/tokens': reply(400, { error: 'VALIDATION', message: TOKEN_MESSAGES.notYourProject, field: 'project_ids.0' }),
    };
    const { user, server } = renderWithProviders(<ApiTokensPage />, { routes, session: { user: person('user') } });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Name is required.')).toBeTruthy();
    expect(server.sent('POST /api/tokens')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Everything');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const projectsBox = within(dialog).getByRole('combobox', { name: 'Projects' });
    await waitFor(() => expect(projectsBox.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(TOKEN_MESSAGES.notYourProject)).toBeTruthy();
    expect(server.sent('POST /api/tokens').map((r) => r.body)).toEqual([
      { name: 'Everything', expires_in_days: 90, scopes: ['read', 'write'], project_ids: null },
    ]);
  });

  it('refuses a custom expiry beyond a year before sending anything', async () => {
    const { user, server } = renderWithProviders(<ApiTokensPage />, { routes: tokenRoutes('/api/tokens', 'personal'), session: { user: person('user') } });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Long');
    await user.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Number of days' }), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText(TOKEN_MESSAGES.expiryRange)).toBeTruthy();
    expect(server.sent('POST /api/tokens')).toEqual([]);
  });

  it('revokes a token after a confirmation and shows it revoked', async () => {
    const routes = tokenRoutes('/api/tokens', 'personal');
    const { user, server } = renderWithProviders(<ApiTokensPage />, { routes, session: { user: person('user') } });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const dialog = screen.getByRole('dialog', { name: 'New token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Old script');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Revoke Old script' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke token?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(server.sent('DELETE /api/tokens/t1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Revoke Old script' })).toBeNull();
  });
});

describe('Service tokens page', () => {
  it('is for superadmins only', () => {
    renderWithProviders(<ServiceTokensPage />, { routes: tokenRoutes('/api/service-tokens', 'service'), session: { user: person('admin') } });
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('offers global roles site-wide and project roles in a project, and sends the project and role chosen', async () => {
    const { user, server } = renderWithProviders(<ServiceTokensPage />, {
      routes: tokenRoutes('/api/service-tokens', 'service'),
      session: { user: person('superadmin') },
    });
    expect(await screen.findByText('There are no service tokens yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New service token' }));
    const dialog = screen.getByRole('dialog', { name: 'New service token' });
    const optionsOf = async (box: HTMLElement) => {
      await user.click(box);
      const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
      await user.keyboard('{Escape}');
      return names;
    };
    expect(await optionsOf(within(dialog).getByRole('combobox', { name: 'Role' }))).toEqual(['Auditor', 'Admin', 'Superadmin']);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Yard scanner');
    await user.click(within(dialog).getByRole('radio', { name: 'One project' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: '1001 · North Yard' }));
    expect(await optionsOf(within(dialog).getByRole('combobox', { name: 'Role' }))).toEqual(['User', 'Manager', 'Admin']);
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(server.sent('POST /api/service-tokens').map((r) => r.body)).toEqual([
      { name: 'Yard scanner', expires_in_days: 90, scopes: ['read'], project_id: P1, role: 'manager' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const row = (await screen.findByText('Yard scanner')).closest('tr')!;
    for (const text of ['Manager', '1001 · North Yard', 'by Ada Lovelace']) expect(within(row).getByText(text)).toBeTruthy();
  });
});
