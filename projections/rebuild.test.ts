/**
 * A rebuild (COPY on PostgreSQL, multi-row inserts on PGlite) gives tables identical, as text, to
 * the ones written inline, awkward characters included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { onPostgres, openTestRuntime } from '../test/helpers/test-database.ts';
import { createProject } from '../server/projects/project-commands.ts';
import { runStock } from '../server/materials/stock-commands.ts';
import { changeSiteSettings } from '../server/site/site-settings.ts';
import { SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { projectors } from './registry.ts';
import { rebuildProjections } from './rebuild.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

/** Every read table as the text PostgreSQL gives for each row, in key order. */
async function tablesAsText(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const spec of projectors.flatMap((p) => p.tables)) {
    const { rows } = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(spec.name)} t order by ${sql.join(spec.key.map((k) => sql.ref(`t.${k}`)))}`.execute(runtime.store.db);
    out[spec.name] = rows.map((r) => r.row);
  }
  return out;
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  const location = {
    kind: 'project' as const,
    id: await createProject(runtime.store, { name: 'Tab\there, "quoted", back\\slash', customer: 'Line\nbreak', number: 'R-1' }, { metadata: SYSTEM_ACTOR }),
  };
  for (let i = 0; i < 30; i += 1) {
    const options = { metadata: SYSTEM_ACTOR, now: new Date(Date.UTC(2026, 2, 1 + (i % 7), i)) };
    await runStock(
      runtime.store,
      { type: 'receive', location, partNumber: `R-${i % 4}`, quantity: 3 + i, partName: `Part\t${i % 4} \\N`, partNickname: `Nick\r\n${i % 4}` },
      options,
    );
    const note = `note ${i}: tab\t, newline\n, backslash\\, é`;
    await runStock(runtime.store, { type: 'lost', location, partNumber: `R-${i % 4}`, quantity: 1, source: 'on_hand', userId: null, note }, options);
  }
  // An action sent late from a device that was offline: dated at the device's time, recorded now.
  await runStock(
    runtime.store,
    { type: 'found', location, partNumber: 'R-1', quantity: 2, destination: 'on_hand', userId: null, note: 'found offline' },
    { metadata: SYSTEM_ACTOR, occurredAt: new Date(Date.UTC(2026, 2, 2, 12)) },
  );
  await changeSiteSettings(runtime.store, { freeze_transactions: false, offline_max_age_days: 30 }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await runtime.close();
});

describe('rebuild', () => {
  it(`loads fresh tables ${onPostgres ? 'with COPY' : 'by multi-row inserts'} identical to the ones written inline`, async () => {
    const before = await tablesAsText();
    expect(before.activity_log).toHaveLength(61);
    expect(before.site_settings).toEqual([expect.stringMatching(/^\(1,f,f,".*",30,f,none,t,f\)$/)]);
    const result = await rebuildProjections(runtime.store, projectors, { databaseUrl: runtime.database.url });
    expect(result.events).toBeGreaterThanOrEqual(60);
    expect(await tablesAsText()).toEqual(before);
  });
});
