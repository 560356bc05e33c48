/**
 * Folding one stream at a time gives each stream's rows once the next stream begins, the same rows
 * as the fold in commit order, and counts what would make it differ from that fold.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { replayInMemory } from './memory-replay.ts';
import type { Projector, Row } from './projector.ts';
import { sharedSeries, StreamFolder } from './stream-fold.ts';

let position = 0;
function event(streamId: string, type: string, data: Record<string, unknown>): RecordedEvent {
  position += 1;
  return {
    globalPosition: position,
    streamId,
    streamVersion: position,
    type,
    data,
    metadata: { actorId: null, actorName: 'Test' },
    idempotencyKey: null,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
    transactionId: String(position),
    prevHash: null,
    hash: Buffer.alloc(32),
  };
}

const things: Projector = {
  name: 'things',
  version: 1,
  tables: [
    { name: 'things', key: ['id'], columns: ['id', 'n'] },
    { name: 'moves', key: ['pos'], columns: ['pos', 'series', 'd', 'b'], running: { series: ['series'], order: ['pos'], balances: { b: 'd' } } },
  ],
  handles: ['Made', 'Bumped', 'Moved'],
  project(e) {
    const data = e.data as { id: string; target?: string; series?: string; d?: number };
    if (e.type === 'Made') return [{ kind: 'insert', table: 'things', row: { id: data.id, n: 0 } }];
    if (e.type === 'Bumped') return [{ kind: 'update', table: 'things', key: { id: data.target! }, add: { n: 1 } }];
    return [{ kind: 'insert', table: 'moves', row: { pos: e.globalPosition, series: data.series!, d: data.d! } }];
  },
};

function fold(events: RecordedEvent[]) {
  const emitted: Array<[string, Row[]]> = [];
  const folder = new StreamFolder([things], (spec, rows) => emitted.push([spec.name, [...rows].map((r) => ({ ...r }))]));
  for (const e of events) folder.add(e);
  folder.flush();
  return { folder, emitted };
}

describe('folding one stream at a time', () => {
  it('hands on each stream’s rows when the next begins, the rows the fold in commit order gives', () => {
    const events = [
      event('thing:a', 'Made', { id: 'a' }),
      event('thing:a', 'Bumped', { id: 'a', target: 'a' }),
      event('thing:a', 'Moved', { id: 'a', series: 'a', d: 5 }),
      event('thing:a', 'Moved', { id: 'a', series: 'a', d: -2 }),
      event('thing:b', 'Made', { id: 'b' }),
      event('thing:b', 'Moved', { id: 'b', series: 'b', d: 7 }),
    ];
    const { folder, emitted } = fold(events);
    expect(folder.misses.count).toBe(0);
    expect(folder.crossedSeries).toBe(0);
    expect(folder.events).toBe(6);
    const byTable = (table: string) => emitted.filter(([t]) => t === table).flatMap(([, rows]) => rows);
    const reference = replayInMemory(things, events);
    expect(byTable('things')).toEqual([...reference.get('things')!.values()]);
    expect(byTable('moves')).toEqual([...reference.get('moves')!.values()]);
    expect(byTable('moves').map((r) => r.b)).toEqual([5, 3, 7]);
    expect(emitted.map(([t]) => t)).toEqual(['things', 'moves', 'things', 'moves']);
  });

  it('counts an update of another stream’s row and a running series fed by two streams', () => {
    const { folder } = fold([
      event('thing:a', 'Made', { id: 'a' }),
      event('thing:a', 'Moved', { id: 'a', series: 'shared', d: 1 }),
      event('thing:b', 'Bumped', { id: 'b', target: 'a' }),
      event('thing:b', 'Moved', { id: 'b', series: 'shared', d: 1 }),
    ]);
    expect(folder.misses.count).toBe(1);
    expect(folder.crossedSeries).toBe(1);
  });

  it('finds a series shared between two folders', () => {
    const one = fold([event('thing:a', 'Moved', { id: 'a', series: 'x', d: 1 })]).folder.seriesKeys();
    const other = fold([event('thing:b', 'Moved', { id: 'b', series: 'x', d: 1 })]).folder.seriesKeys();
    const apart = fold([event('thing:c', 'Moved', { id: 'c', series: 'y', d: 1 })]).folder.seriesKeys();
    expect(sharedSeries([one, other])).toBe(1);
    expect(sharedSeries([one, apart])).toBe(0);
  });
});
