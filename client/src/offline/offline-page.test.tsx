// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserMenu } from '../app/layout/user-menu.tsx';
import type { Me } from '../shared/session/session-types.ts';
import { renderWithProviders } from '../test/render.tsx';
import { deleteOfflineDb } from './db.ts';
import { EMPTY_TEXT, OfflinePage } from './offline-page.tsx';
import { queueCounted } from './offline-slice.ts';
import { PendingButton, unsentWarning } from './offline-status.tsx';
import { enqueue, listActions, updateAction } from './queue.ts';

const users: string[] = [];
afterEach(async () => {
  for (const id of users.splice(0)) await deleteOfflineDb(id);
});

function me(): Me {
  const id = `u-${Math.random().toString(36).slice(2)}`;
  users.push(id);
  return {
    id,
    email: 'ana@example.com',
    user_email: 'ana@example.com',
    user_firstname: 'Ana',
    user_lastname: 'Ruiz',
    role: 'user',
    emails: true,
    stock_emails: false,
    second_factor: { required: false, enrolled: 0, must_enrol: false },
  };
}

const inventory = (onHand: number) => ({
  items: [{ PartNumber: 'PN-100', part_number: 'PN-100', QtyOnHand: onHand, QtyLost: 0, FieldAssigned: 0 }],
});

async function refusedAssign(userId: string) {
  const action = await enqueue({
    userId,
    id: 'k1',
    method: 'POST',
    url: '/api/inventory/assign',
    body: { project_id: 'p1', part_number: 'PN-100', quantity: 5, user_id: 'u9' },
    occurredAt: '2026-11-27T10:00:00.000Z',
  });
  await updateAction({ ...action, status: 'attention', attempts: 1, problem: { status: 409, message: 'Insufficient Quantity' } });
}

const projects = { items: [{ id: 'p1', project_number: '3001', project_name: 'Riverside Depot' }] };

describe('On this device', () => {
  it('says so when nothing waits', async () => {
    renderWithProviders(<OfflinePage />, { session: { user: me() }, routes: { 'GET /api/projects': { items: [] } } });
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('lists waiting actions in order, with the project and "not yet sent"', async () => {
    const user = me();
    await enqueue({
      userId: user.id,
      id: 'k1',
      method: 'POST',
      url: '/api/materials/lost',
      body: { project_id: 'p1', part_number: 'PN-7', quantity: 2, source: 'on_hand' },
    });
    await enqueue({ userId: user.id, id: 'k2', method: 'POST', url: '/api/materials/receive', body: { project_id: 'p1', part_number: 'PN-8', quantity: 9 } });
    renderWithProviders(<OfflinePage />, { session: { user }, routes: { 'GET /api/projects': projects } });

    const first = await screen.findByText('Mark lost 2 × PN-7');
    const second = screen.getByText('Receive 9 × PN-8');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText('not yet sent')).toHaveLength(2);
    expect((await screen.findAllByText(/3001 · Riverside Depot · done on this device/)).length).toBe(2);
  });

  it('shows a refusal with its message and offers no retry that would take 0', async () => {
    const user = me();
    await refusedAssign(user.id);
    renderWithProviders(<OfflinePage />, { session: { user }, routes: { 'GET /api/projects': projects, 'GET /api/inventory/materials': inventory(0) } });

    expect(await screen.findByText('Insufficient Quantity')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Needs attention' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry with/ })).toBeNull());
  });

  it('retries with what is on hand now: a new key, the same device time, back in the queue', async () => {
    const user = me();
    await refusedAssign(user.id);
    const { user: person } = renderWithProviders(<OfflinePage />, {
      session: { user },
      routes: { 'GET /api/projects': projects, 'GET /api/inventory/materials': inventory(3) },
    });

    await person.click(await screen.findByRole('button', { name: 'Retry with 3' }));

    await waitFor(async () => expect((await listActions(user.id))[0]?.status).toBe('pending'));
    const [retried] = await listActions(user.id);
    expect(retried).toMatchObject({
      seq: 1,
      occurredAt: '2026-11-27T10:00:00.000Z',
      problem: null,
      body: { quantity: 3, part_number: 'PN-100' },
      summary: 'Assign 3 × PN-100',
    });
    expect(retried?.id).not.toBe('k1');
  });

  it('changes the quantity by hand and discards after a confirm', async () => {
    const user = me();
    await refusedAssign(user.id);
    const { user: person } = renderWithProviders(<OfflinePage />, {
      session: { user },
      routes: { 'GET /api/projects': projects, 'GET /api/inventory/materials': inventory(0) },
    });

    await person.click(await screen.findByRole('button', { name: 'Change' }));
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    await person.clear(box);
    await person.type(box, '2');
    await person.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(async () => expect((await listActions(user.id))[0]?.body).toMatchObject({ quantity: 2 }));

    const [changed] = await listActions(user.id);
    if (!changed) throw new Error('no action');
    await updateAction({ ...changed, status: 'attention', problem: { status: 409, message: 'Insufficient Quantity' } });
    await person.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    await person.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await listActions(user.id)).toEqual([]));
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });
});

describe('header and logout', () => {
  it('counts waiting actions and those that need attention', () => {
    const { store } = renderWithProviders(<PendingButton />, { session: { user: me() } });
    expect(screen.queryByText(/waiting/)).toBeNull();
    store.dispatch(queueCounted({ pending: 3, attention: 1 }));
    return waitFor(() => {
      expect(screen.getByText('3 waiting')).toBeTruthy();
      expect(screen.getByText('1 needs attention')).toBeTruthy();
    });
  });

  it('warns before a logout would discard unsent actions, then deletes the offline store', async () => {
    const user = me();
    await enqueue({ userId: user.id, id: 'k1', method: 'POST', url: '/api/materials/receive', body: { project_id: 'p1', part_number: 'PN-8', quantity: 9 } });
    const { store, server, user: person } = renderWithProviders(<UserMenu />, { session: { user }, routes: { 'POST /api/logout': { ok: true } } });
    store.dispatch(queueCounted({ pending: 1, attention: 0 }));

    await person.click(screen.getByRole('button', { name: /User menu/ }));
    await person.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(unsentWarning(1))).toBeTruthy();
    expect(server.sent('POST /api/logout')).toHaveLength(0);

    await person.click(within(dialog).getByRole('button', { name: 'Log out and discard' }));
    await waitFor(() => expect(server.sent('POST /api/logout')).toHaveLength(1));
    await waitFor(async () => expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(`stockledger-offline-${user.id}`));
  });

  it('logs out at once when nothing waits, and still deletes the offline store', async () => {
    const user = me();
    const { server, user: person } = renderWithProviders(<UserMenu />, { session: { user }, routes: { 'POST /api/logout': { ok: true } } });
    await enqueue({ userId: user.id, id: 'k1', method: 'POST', url: '/api/materials/receive', body: { project_id: 'p1', part_number: 'PN-8', quantity: 9 } });
    await person.click(screen.getByRole('button', { name: /User menu/ }));
    await person.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(server.sent('POST /api/logout')).toHaveLength(1));
    await waitFor(async () => expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(`stockledger-offline-${user.id}`));
  });
});

it('words the logout warning for one and for several', () => {
  expect(unsentWarning(1)).toBe('1 action on this device has not been sent. Logging out discards it.');
  expect(unsentWarning(3)).toBe('3 actions on this device have not been sent. Logging out discards them.');
});
