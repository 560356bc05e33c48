import { describe, expect, it } from 'vitest';
import { applyInMemory, emptyTables } from './memory-replay.ts';
import type { Projector } from './projector.ts';

const ledger: Projector = {
  name: 'ledger',
  version: 1,
  tables: [
    {
      name: 'moves',
      key: ['position'],
      columns: ['position', 'item', 'at', 'delta', 'balance'],
      running: { series: ['item'], order: ['at', 'position'], balances: { balance: 'delta' } },
    },
  ],
  handles: [],
  project: () => [],
};

const insert = (position: number, item: string, at: number, delta: number) => ({ kind: 'insert' as const, table: 'moves', row: { position, item, at, delta } });

describe('running sums in memory', () => {
  it('sums each series in its own order, a late row taking the sum before it and adding to the rows after it', () => {
    const tables = emptyTables(ledger);
    applyInMemory(ledger, tables, [insert(1, 'a', 10, 5), insert(2, 'b', 11, 7), insert(3, 'a', 30, -2), insert(4, 'a', 20, 4), insert(5, 'a', 5, 1)]);
    const balances = Object.fromEntries([...tables.get('moves')!.values()].map((r) => [r.position, r.balance]));
    // a in time order: 5 (pos 5) +1 → 1, 10 (pos 1) +5 → 6, 20 (pos 4) +4 → 10, 30 (pos 3) −2 → 8; b alone: 7.
    expect(balances).toEqual({ 1: 6, 2: 7, 3: 8, 4: 10, 5: 1 });
  });

  it('refuses a change to a row of a running table, which would leave the sums after it wrong', () => {
    const tables = emptyTables(ledger);
    expect(() => applyInMemory(ledger, tables, [{ kind: 'update', table: 'moves', key: { position: 1 }, set: { delta: 3 } }])).toThrow(
      'projector ledger sent update to moves, which takes inserts only (running sums)',
    );
  });
});
