/**
 * The log export reads a keyset page at a time: whatever the page size, every row comes out once,
 * newest first, including rows that happened at the same instant on either side of a page's edge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../../server/projects/project-commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { exportLogPages, LOG_EXPORT_COLUMNS } from './queries.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function collect(pages: AsyncIterable<unknown[][]>) {
  const sizes: number[] = [];
  const rows: unknown[][] = [];
  for await (const page of pages) {
    sizes.push(page.length);
    rows.push(...page);
  }
  return { sizes, rows };
}

describe('log export pages', () => {
  it('yields every row once, newest first, whatever the page size', async () => {
    const location = {
      kind: 'project' as const,
      id: await createProject(runtime.store, { name: 'Export', customer: null, number: 'EXP-1' }, { metadata: SYSTEM_ACTOR }),
    };
    // Seven movements, three of them at one instant, recorded in no particular order.
    const hours = [5, 2, 2, 2, 9, 1, 7];
    for (const [i, h] of hours.entries()) {
      const now = new Date(Date.UTC(2026, 0, 1, h));
      await runStock(
        runtime.store,
        { type: 'receive', location, partNumber: `EXP-${i}`, quantity: i + 1, partName: `Part ${i}`, partNickname: `P${i}` },
        { metadata: SYSTEM_ACTOR, now },
      );
    }
    const filter = { location, types: [], days: null, q: '' };
    const whole = await collect(exportLogPages(runtime.store.db, filter, 1000));
    expect(whole.sizes).toEqual([7]);
    expect(whole.rows.every((row) => row.length === LOG_EXPORT_COLUMNS.length)).toBe(true);
    const dates = whole.rows.map((row) => String(row[1]));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(5);

    for (const size of [1, 2, 3]) {
      const paged = await collect(exportLogPages(runtime.store.db, filter, size));
      expect(paged.rows).toEqual(whole.rows);
      expect(Math.max(...paged.sizes)).toBe(size);
    }
  });
});
