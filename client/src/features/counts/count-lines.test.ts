import type { CounterLine } from '@contract/counts.ts';
import { describe, expect, it } from 'vitest';
import { drain, type QueuedCount, settle } from './count-queue.ts';
import { addToBatch, batchEntries, findLine, groupByPlace, readScan } from './count-lines.ts';

const line = (seq: number, part: string, bin: string | null, status: CounterLine['status'] = 'to_count'): CounterLine => ({
  line_id: `l${seq}`,
  seq,
  kind: 'part',
  part_number: part,
  part_name: null,
  place: bin ? { rack: null, shelf: null, bin, zone: null, notes: null } : null,
  place_label: bin ? `Bin ${bin}` : null,
  asset_number: null,
  serial_number: null,
  planned: true,
  status,
  my_count: null,
  counts: 0,
  needs_count_from_me: false,
});

const LINES = [line(1, 'PN-1', 'A', 'counted'), line(2, 'PN-1', 'B'), line(3, '100', null)];

describe('finding the line a count is for', () => {
  it('reads a number as a line number, else a part at the place, preferring a line still to count', () => {
    expect(findLine(LINES, '3')?.line_id).toBe('l3');
    expect(findLine(LINES, '#2')?.line_id).toBe('l2');
    expect(findLine(LINES, 'pn-1')?.line_id).toBe('l2');
    expect(findLine(LINES, 'PN-1', { rack: null, shelf: null, bin: 'a', zone: null })?.line_id).toBe('l1');
    expect(findLine(LINES, 'NOPE')).toBeNull();
    // A scanned code is never a line number.
    expect(findLine(LINES, '100', null, false)?.line_id).toBe('l3');
  });

  it('groups lines by place in the order of the plan', () => {
    expect(groupByPlace(LINES).map((g) => [g.label, g.lines.length])).toEqual([
      ['Bin A', 1],
      ['Bin B', 1],
      ['No location', 1],
    ]);
  });

  it('turns scans into a batch: a location label sets the place, each part one unit', () => {
    expect(readScan('LOC:3:R1||B7|')).toEqual({ kind: 'place', place: { rack: 'R1', shelf: null, bin: 'B7', zone: null } });
    expect(readScan('TRF:not-a-uuid').kind).toBe('refused');
    const at = { rack: null, shelf: null, bin: 'B', zone: null };
    let batch = addToBatch([], 'PN-1', at, '2026-11-27T10:00:00Z');
    batch = addToBatch(batch, 'pn-1', at, '2026-11-27T10:00:05Z');
    batch = addToBatch(batch, 'PN-9', at, '2026-11-27T10:00:09Z');
    expect(batchEntries(LINES, batch).map((e) => e.body)).toEqual([
      { line_id: 'l2', counted: 2, counted_at: '2026-11-27T10:00:05Z' },
      { part_number: 'PN-9', place: { rack: null, shelf: null, bin: 'B', zone: null, notes: null }, counted: 1, counted_at: '2026-11-27T10:00:09Z' },
    ]);
  });
});

describe('the count queue', () => {
  const entry = (key: string): QueuedCount => ({ key, body: { line_id: key, counted: 1 }, label: key, refused: null });

  it('sends in order, stops when offline keeping the line and its key, and passes over refused lines', async () => {
    let queue = [entry('a'), entry('b'), entry('c')];
    const tried: string[] = [];
    let online = false;
    const send = async (e: QueuedCount) => {
      tried.push(e.key);
      if (!online) return { kind: 'offline' } as const;
      return e.key === 'b' ? ({ kind: 'refused', message: 'No' } as const) : ({ kind: 'sent' } as const);
    };
    expect(
      await drain(
        () => queue,
        (q) => (queue = q),
        send,
      ),
    ).toBe('offline');
    expect(queue.map((e) => e.key)).toEqual(['a', 'b', 'c']);
    online = true;
    expect(
      await drain(
        () => queue,
        (q) => (queue = q),
        send,
      ),
    ).toBe('done');
    expect(tried).toEqual(['a', 'a', 'b', 'c']);
    expect(queue).toEqual([{ ...entry('b'), refused: 'No' }]);
    expect(settle(queue, 'b', { kind: 'sent' })).toEqual([]);
    // Kept by the app's offline queue: no longer the page's to send.
    expect(settle([entry('c')], 'c', { kind: 'kept' })).toEqual([]);
  });
});
