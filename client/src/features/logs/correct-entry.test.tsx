// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../api/material-types.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { LogTable } from '../../components/log-table.tsx';
import { correctionProblem, isCorrectable, toLocalInput, useCorrectEntry } from './correct-entry.tsx';
import { MantineProvider } from '@mantine/core';

const row = (patch: Partial<LogRow> = {}): LogRow => ({
  id: 7,
  position: 7,
  ProjectID: 'p-1',
  warehouse_id: null,
  LogType: 'Receive',
  LogDate: '2026-11-10T09:00:30.000Z',
  LogName: 'Bea Boss',
  LogAmount: 100,
  PartNumber: 'WIRE-1',
  PartName: 'Wire',
  AssociatedName: null,
  AssociatedEmail: null,
  location_a: null,
  location_b: null,
  LogCategory: 'material',
  bin_info: null,
  note: null,
  source: null,
  batch_id: null,
  reverses_batch_id: null,
  corrects_position: null,
  corrected_by: null,
  hash: 'ab',
  d_on_hand: 100,
  d_field: 0,
  d_lost: 0,
  matched: [],
  ...patch,
});

function Harness({ entry }: { entry: LogRow }) {
  const { action, dialog } = useCorrectEntry('p-1');
  return (
    <>
      {action(entry)}
      {dialog}
    </>
  );
}

describe('Correct on a log entry', () => {
  it('is offered on plain movements not corrected yet, never on corrections or two-sided moves', () => {
    expect(isCorrectable(row())).toBe(true);
    expect(isCorrectable(row({ corrected_by: 9 }))).toBe(false);
    expect(isCorrectable(row({ LogType: 'Correction', corrects_position: 3 }))).toBe(false);
    expect(isCorrectable(row({ LogType: 'Transfer' }))).toBe(false);
    expect(isCorrectable(row({ location_a: '#1 · North Yard — Rack A' }))).toBe(false);
    expect(isCorrectable(row({ LogType: 'Return', location_a: 'Bin 4' }))).toBe(true);
  });

  it('checks the form in the server’s words before anything is sent', () => {
    const entry = row();
    const base = { mode: 'quantity' as const, quantity: '90', reason: 'Miscounted', appliesAt: toLocalInput(entry.LogDate) };
    const now = new Date('2026-11-24T12:00:00Z');
    expect(correctionProblem(base, entry, now)).toBeNull();
    expect(correctionProblem({ ...base, quantity: '100' }, entry, now)).toBe('The corrected quantity is the same as the entry’s');
    expect(correctionProblem({ ...base, quantity: '-2' }, entry, now)).toBe('Corrected quantity must be a whole number, 0 or more');
    expect(correctionProblem({ ...base, reason: ' ' }, entry, now)).toBe('Enter the reason for the correction');
    expect(correctionProblem({ ...base, appliesAt: '2026-12-01T00:00' }, entry, now)).toBe('A correction cannot apply to a time in the future');
    expect(correctionProblem({ ...base, appliesAt: '2026-11-01T00:00' }, entry, now)).toBe('A correction cannot apply before the entry it corrects');
    expect(correctionProblem({ ...base, mode: 'reverse', quantity: '' }, entry, now)).toBeNull();
  });

  it('says what it corrects, asks to confirm, and sends the position, quantity, reason and the entry’s own time', async () => {
    const { user, server } = renderWithProviders(<Harness entry={row()} />, {
      routes: {
        'POST /api/materials/corrections': {
          position: 12,
          corrects_position: 7,
          quantity: 90,
          occurred_at: '2026-11-10T09:00:30.000Z',
          deltas: { logistics: -10, onHand: -10, field: 0, lost: 0 },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Correct entry 7' }));
    expect(screen.getByText(/Corrects entry #7: Receive of/)).toBeTruthy();
    const quantity = screen.getByRole('textbox', { name: 'Corrected quantity' });
    await user.clear(quantity);
    await user.type(quantity, '90');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the reason for the correction');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Counted again');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(/The receive becomes 90 instead of 100/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm correction' }));
    expect(await screen.findByText('Entry 7 corrected to 90')).toBeTruthy();
    expect(server.sent('POST /api/materials/corrections')[0]?.body).toEqual({
      project_id: 'p-1',
      position: 7,
      quantity: 90,
      reason: 'Counted again',
      occurred_at: '2026-11-10T09:00:30.000Z',
    });
  });

  it('shows the server’s refusal and lets the person try again', async () => {
    const { user } = renderWithProviders(<Harness entry={row()} />, {
      routes: {
        'POST /api/materials/corrections': reply(422, {
          error: 'DOMAIN_RULE',
          message: 'This correction would take Qty On Hand below zero (to -5) after it applies',
        }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Correct entry 7' }));
    await user.click(screen.getByRole('radio', { name: 'Reverse the entry' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Never arrived');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(/Reverse the receive of 100/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm correction' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This correction would take Qty On Hand below zero (to -5) after it applies');
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
  });
});

describe('a corrected entry in the log', () => {
  it('is struck through with a link to its correction, which links back', () => {
    render(
      <MantineProvider>
        <LogTable
          layout="movements"
          rows={[row({ id: 12, position: 12, LogType: 'Correction', LogAmount: 90, corrects_position: 7, note: 'Counted again' }), row({ corrected_by: 12 })]}
        />
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'Corrected by entry #12' });
    expect(link.getAttribute('href')).toBe('#log-12');
    expect(screen.getByRole('link', { name: 'Corrects entry #7' }).getAttribute('href')).toBe('#log-7');
    const corrected = document.getElementById('log-7')!;
    expect(corrected.dataset.corrected).toBe('true');
    expect(corrected.querySelectorAll('td')[4]!.style.textDecoration).toBe('line-through');
    expect(document.getElementById('log-12')!.dataset.corrected).toBeUndefined();
    expect(screen.getByText(/: Counted again/)).toBeTruthy();
  });
});
