import { describe, expect, it } from 'vitest';
import { inventoryRow } from '../test/inventory-row.ts';
import { queuedAction } from '../test/queued-action.ts';
import { pendingFigures, pendingTitle } from './pending-figures.ts';
import type { QueuedAction } from './queued.ts';

const P = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const row = inventoryRow({ ProjectID: P, PartNumber: 'PN-100', MatVendorQty: 20, QtyOnHand: 15, FieldAssigned: 4, QtyLost: 1 });

let seq = 0;
function action(kind: QueuedAction['kind'], body: Record<string, unknown>, fields: Partial<QueuedAction> = {}): QueuedAction {
  seq += 1;
  return queuedAction({
    seq,
    kind,
    projectId: P,
    body: { project_id: P, part_number: 'PN-100', ...body },
    summary: `${kind} ${String(body.quantity)}`,
    ...fields,
  });
}

const figures = (rows: readonly { MatVendorQty: number; QtyOnHand: number; FieldAssigned: number; QtyLost: number }[], i = 0) => {
  const r = rows[i]!;
  return { logistics: r.MatVendorQty, onHand: r.QtyOnHand, field: r.FieldAssigned, lost: r.QtyLost };
};

describe('the figures pending actions would produce', () => {
  it('a receive adds to logistics and on hand', () => {
    const result = pendingFigures([row], [action('receive', { quantity: 5 })]);
    expect(figures(result.rows)).toEqual({ logistics: 25, onHand: 20, field: 4, lost: 1 });
  });

  it('a return takes from logistics and on hand', () => {
    const result = pendingFigures([row], [action('return', { quantity: 3, bin_info: null })]);
    expect(figures(result.rows)).toEqual({ logistics: 17, onHand: 12, field: 4, lost: 1 });
  });

  it('an assign moves from on hand to the field, an unassign back', () => {
    expect(figures(pendingFigures([row], [action('assign', { quantity: 5, user_id: U })]).rows)).toEqual({ logistics: 20, onHand: 10, field: 9, lost: 1 });
    expect(figures(pendingFigures([row], [action('unassign', { quantity: 2, user_id: U })]).rows)).toEqual({ logistics: 20, onHand: 17, field: 2, lost: 1 });
  });

  it('a loss comes from on hand or from a user in the field', () => {
    const onHand = pendingFigures([row], [action('lost', { quantity: 2, source: 'on_hand' })]);
    expect(figures(onHand.rows)).toEqual({ logistics: 20, onHand: 13, field: 4, lost: 3 });
    const field = pendingFigures([row], [action('lost', { quantity: 3, source: 'field_assigned', associated_user: U })]);
    expect(figures(field.rows)).toEqual({ logistics: 20, onHand: 15, field: 1, lost: 4 });
  });

  it('a find goes back on hand or to a user, and lowers the outstanding lost', () => {
    const onHand = pendingFigures([row], [action('found', { quantity: 1, source: 'on_hand' })]);
    expect(figures(onHand.rows)).toEqual({ logistics: 20, onHand: 16, field: 4, lost: 0 });
    const field = pendingFigures([row], [action('found', { quantity: 1, source: 'field_assigned', associated_user: U })]);
    expect(figures(field.rows)).toEqual({ logistics: 20, onHand: 15, field: 5, lost: 0 });
  });

  it('applies several actions in queue order and lists them per part with the confirmed figures', () => {
    const assign = action('assign', { quantity: 5, user_id: U });
    const lost = action('lost', { quantity: 2, source: 'on_hand' });
    const result = pendingFigures([row], [lost, assign]);
    expect(figures(result.rows)).toEqual({ logistics: 20, onHand: 8, field: 9, lost: 3 });
    const part = result.pending.get('PN-100');
    expect(part?.confirmed).toEqual({ MatVendorQty: 20, QtyOnHand: 15, FieldAssigned: 4, QtyLost: 1 });
    expect(part?.actions).toEqual([assign, lost]);
    expect(pendingTitle(part!)).toBe('Includes 2 actions not yet sent: assign 5 · lost 2');
  });

  it('does not apply an action the server refused (needs attention)', () => {
    const result = pendingFigures([row], [action('assign', { quantity: 5, user_id: U }, { status: 'attention' })]);
    expect(result.rows[0]).toBe(row);
    expect(result.pending.size).toBe(0);
  });

  it('applies actions being sent as well as those waiting', () => {
    const result = pendingFigures([row], [action('assign', { quantity: 5, user_id: U }, { status: 'sending' })]);
    expect(figures(result.rows)).toEqual({ logistics: 20, onHand: 10, field: 9, lost: 1 });
  });

  it('shows a part first received on this device as a new row with no confirmed figures', () => {
    const receive = action('receive', { part_number: 'PN-NEW', quantity: 7, part_name: 'Steel bolt', standard_name: 'Bolt' });
    const result = pendingFigures([row], [receive, action('assign', { part_number: 'PN-NEW', quantity: 2, user_id: U })]);
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]).toBe(row);
    expect(result.rows[1]).toMatchObject({ PartNumber: 'PN-NEW', PartName: 'Steel bolt', StandardName: 'Bolt', ProjectID: P });
    expect(figures(result.rows, 1)).toEqual({ logistics: 7, onHand: 5, field: 2, lost: 0 });
    expect(result.pending.get('PN-NEW')?.confirmed).toBeNull();
  });

  it('leaves alone an action on a part the project does not list, other than a receive', () => {
    const result = pendingFigures([row], [action('assign', { part_number: 'PN-GONE', quantity: 1, user_id: U })]);
    expect(result.rows).toEqual([row]);
    expect(result.pending.size).toBe(0);
  });

  it('ignores actions that move no material figures, and leaves the rows passed in unchanged', () => {
    const before = { ...row };
    const result = pendingFigures([row], [action('count-line', { quantity: 3 }), action('asset-in-use', {}), action('assign', { quantity: 1, user_id: U })]);
    expect(row).toEqual(before);
    expect(result.pending.get('PN-100')?.actions.map((a) => a.kind)).toEqual(['assign']);
  });
});
