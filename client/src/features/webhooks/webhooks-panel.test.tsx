// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@contract/webhooks.ts';
import type { WebhookAttempt, WebhookEndpoint } from '../../api/webhooks-api.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';

const PROJECT = '22222222-2222-4222-8222-222222222222';
const HOOK = '33333333-3333-4333-8333-333333333333';

const endpoint: WebhookEndpoint = {
  id: HOOK,
  project_id: PROJECT,
  url: 'https://erp.example.com/hook',
  kinds: ['stock.moved', 'count.posted'],
  description: 'ERP',
  enabled: true,
  disabled_reason: null,
  created_at: '2026-03-01T08:00:00Z',
  created_by_name: 'Ada Lovelace',
  pending: 2,
  delivered_position: 41,
  last_attempt_at: '2026-03-01T09:00:00Z',
  failing_since: null,
};
const attempt: WebhookAttempt = {
  id: '1',
  message_id: 'msg_1',
  kind: 'stock.moved',
  position: 41,
  attempted_at: '2026-03-01T09:00:00Z',
  status: 200,
  error: null,
  latency_ms: 37,
};

describe('the webhooks panel', () => {
  it('explains webhooks when there are none, shows the server refusal under the URL, and the new secret once', async () => {
    let refuse = true;
    const { user, server } = renderWithProviders(<WebhooksPanel projectId={PROJECT} />, {
      routes: {
        'GET /api/webhooks': { items: [] },
        'POST /api/webhooks': (request: { body: unknown }) =>
          refuse
            ? reply(400, { error: 'VALIDATION', message: WEBHOOK_MESSAGES.privateAddress, field: 'url' })
            : { ...endpoint, ...(request.body as object), secret: 'whsec_c2VjcmV0' },
      },
    });
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
    expect(server.sent('GET /api/webhooks')[0]?.params.get('project_id')).toBe(PROJECT);

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('URL is required.')).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.kindsRequired)).toBeTruthy();
    expect(server.sent('POST /api/webhooks')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^URL/ }), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Stock moved' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Count posted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.privateAddress)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await user.clear(url);
    await user.type(url, 'https://erp.example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('textbox', { name: 'Signing secret' });
    expect((secret as HTMLInputElement).value).toBe('whsec_c2VjcmV0');
    expect(screen.getByText(/This secret will not be shown again/)).toBeTruthy();
    expect(server.sent('POST /api/webhooks').at(-1)?.body).toEqual({
      project_id: PROJECT,
      url: 'https://erp.example.com/hook',
      kinds: ['stock.moved', 'count.posted'],
      description: '',
    });
  });

  it('lists an endpoint with its kinds and status, and replays from a position in its dialog', async () => {
    const { user, server } = renderWithProviders(<WebhooksPanel projectId={null} />, {
      routes: {
        'GET /api/webhooks': {
          items: [endpoint, { ...endpoint, id: 'off', url: 'https://old.example.com/hook', enabled: false, disabled_reason: WEBHOOK_MESSAGES.disabledGone }],
        },
        [`GET /api/webhooks/${HOOK}/attempts`]: { items: [attempt], total: 1 },
        [`POST /api/webhooks/${HOOK}/replay`]: { queued: 1 },
      },
    });
    const card = await screen.findByRole('listitem', { name: 'https://erp.example.com/hook' });
    expect(within(card).getByText('Stock moved')).toBeTruthy();
    expect(within(card).getByText('Count posted')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('41')).toBeTruthy();
    expect(server.sent('GET /api/webhooks')[0]?.params.has('project_id')).toBe(false);
    const off = screen.getByRole('listitem', { name: 'https://old.example.com/hook' });
    expect(within(off).getByText('Disabled')).toBeTruthy();
    expect(within(off).getByText(WEBHOOK_MESSAGES.disabledGone)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Open https://erp.example.com/hook' }));
    const dialog = screen.getByRole('dialog', { name: 'Webhook endpoint' });
    const log = await within(dialog).findByRole('table', { name: 'Attempts' });
    expect(within(log).getByText('200')).toBeTruthy();
    expect(within(log).getByText('37 ms')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /Replay from position/ }), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await within(dialog).findByText('1 delivery queued')).toBeTruthy();
    expect(server.sent(`POST /api/webhooks/${HOOK}/replay`).map((r) => r.body)).toEqual([{ from_position: 40 }]);
  });
});
