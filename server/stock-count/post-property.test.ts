/**
 * The count's property on the database: random receives, assignments and losses interleaved with
 * count lines. A line counted at the true on hand of its instant posts nothing; one off by d posts
 * exactly d, dated then; and rebuild and verify find the tables as the inline projections wrote
 * them. The instants are all in the past (the commands' `now`), the model tracks on hand per part.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { projectors } from '../../projections/registry.ts';
import { verifyProjections } from '../../projections/verify.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { registerUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { openCount, runCountCommand } from './count-commands.ts';
import { runPostCount } from './post-command.ts';

const CASES = 20;
const PARTS = 3;

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let userId: string;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  ({ userId } = await registerUser(
    runtime.store,
    { email: 'counter@example.com', password: 'counter-password-1', firstName: 'Count', lastName: 'Er', role: 'user' },
    SYSTEM_ACTOR,
  ));
});
afterAll(async () => {
  await runtime.close();
});

describe('posting a count of random movements', () => {
  it(`posts exactly the counting error of each line (${CASES} random cases), and verify stays clean`, async () => {
    const base = Date.now() - 3 * 24 * 3600 * 1000;
    const seen = { exact: 0, off: 0, short: 0 };
    for (let c = 0; c < CASES; c += 1) {
      const random = rng(1000 + c);
      const int = (max: number) => Math.floor(random() * max);
      const start = base + c * 3600 * 1000;
      const minute = (m: number) => new Date(start + m * 60 * 1000);
      const options = (m: number) => ({ metadata: SYSTEM_ACTOR, now: minute(m) });
      const projectId = await createProject(runtime.store, { name: `Case ${c}`, customer: null, number: `PC-${c}` }, options(0));
      await changeMembership(runtime.store, projectId, { type: 'add', userId, role: 'user' }, options(0));
      const location = { kind: 'project' as const, id: projectId };
      const parts = Array.from({ length: PARTS }, (_, p) => `C${c}-P${p}`);
      const onHand = parts.map(() => 0);
      // Every part is stocked before the count opens, so the plan lists it.
      for (const [p, partNumber] of parts.entries()) {
        onHand[p] = 5 + int(20);
        await runStock(
          runtime.store,
          { type: 'receive', location, partNumber, quantity: onHand[p]!, partName: partNumber, partNickname: partNumber },
          options(1),
        );
      }
      const sessionId = await openCount(
        runtime.store,
        { location, scope: { kind: 'all' }, includeAssets: false, name: `Count ${c}`, dueDate: null, blind: true, doubleCount: false, counterIds: [userId] },
        options(2),
      );
      const { rows: lines } = await sql<{ line_id: string; part_number: string }>`
        select line_id, part_number from count_lines where session_id = ${sessionId} order by seq`.execute(runtime.store.db);
      // Each part's count lands between two of the movements, at a random step.
      const countStep = parts.map(() => int(8));
      const truth: Array<{ at: Date; onHand: number } | null> = parts.map(() => null);
      const low = parts.map(() => Number.POSITIVE_INFINITY);
      for (let step = 0; step < 8; step += 1) {
        for (const [p, partNumber] of parts.entries()) {
          if (countStep[p] === step) truth[p] = { at: new Date(minute(10 + step * 3).getTime() + 30_000), onHand: onHand[p]! };
          const roll = random();
          const m = 11 + step * 3;
          if (roll < 0.4) {
            const quantity = 1 + int(10);
            onHand[p]! += quantity;
            await runStock(runtime.store, { type: 'receive', location, partNumber, quantity, partName: partNumber, partNickname: partNumber }, options(m));
          } else if (roll < 0.7 && onHand[p]! > 0) {
            const quantity = 1 + int(onHand[p]!);
            onHand[p]! -= quantity;
            await runStock(runtime.store, { type: 'assign', location, partNumber, quantity, userId }, options(m));
          } else if (onHand[p]! > 0) {
            onHand[p]! -= 1;
            await runStock(runtime.store, { type: 'lost', location, partNumber, quantity: 1, source: 'on_hand', userId: null, note: null }, options(m));
          }
          if (truth[p]) low[p] = Math.min(low[p]!, onHand[p]!);
        }
      }
      // Off by d: a surplus always posts; a shortage only as deep as the place stayed since.
      const errors = parts.map((_, p) => {
        const d = int(3) === 0 ? 0 : int(7) - 3;
        return d < 0 && -d > Math.min(low[p]!, truth[p]!.onHand) ? 0 : d;
      });
      for (const [p, partNumber] of parts.entries()) {
        const line = lines.find((l) => l.part_number === partNumber)!;
        const counted = truth[p]!.onHand + errors[p]!;
        await runCountCommand(
          runtime.store,
          {
            type: 'count',
            sessionId,
            entry: { line_id: line.line_id, counted, counted_at: truth[p]!.at.toISOString() },
            counter: { userId, userName: 'Count Er' },
          },
          { metadata: SYSTEM_ACTOR },
        );
      }
      const { result } = await runPostCount(runtime.store, { sessionId }, { metadata: SYSTEM_ACTOR });
      expect(result.adjustments).toBe(errors.filter((d) => d !== 0).length);
      for (const d of errors) {
        if (d === 0) seen.exact += 1;
        else seen.off += 1;
        if (d < 0) seen.short += 1;
      }
      const { rows: posted } = await sql<{ part_number: string; d_on_hand: number; occurred_at: Date }>`
        select part_number, d_on_hand, occurred_at from activity_log where location_id = ${projectId} and log_type = 'Count' order by part_number`.execute(
        runtime.store.db,
      );
      expect(posted.map((r) => [r.part_number, Number(r.d_on_hand), new Date(r.occurred_at).toISOString()])).toEqual(
        parts.flatMap((partNumber, p) => (errors[p] === 0 ? [] : [[partNumber, errors[p], truth[p]!.at.toISOString()]])),
      );
      const { rows: stock } = await sql<{ part_number: string; on_hand: number }>`
        select m.part_number, s.on_hand from material_stock s join materials m on m.material_id = s.material_id
         where s.location_id = ${projectId} order by m.part_number`.execute(runtime.store.db);
      expect(stock.map((r) => Number(r.on_hand))).toEqual(parts.map((_, p) => onHand[p]! + errors[p]!));
    }
    // The cases cover both kinds of line, shortages among them.
    expect(Math.min(seen.exact, seen.off, seen.short)).toBeGreaterThan(0);
    const reports = await verifyProjections(runtime.store, projectors);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });
});
