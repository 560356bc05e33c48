/**
 * Stock counts' figures (issue 32): on a PostgreSQL database of its own holding the synthetic
 * history (a million events by default; the busiest project stocks all 5,000 parts), a session of
 * every part of that project is opened and each line counted through the count command (a tenth
 * short by one, a tenth over by one), then movements land after the count. Over HTTP the variance
 * of the 5,000 lines is read several times (p50, p95), then, after a small count of another project
 * is posted to warm the path as a running server's would be, the session is posted once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startServer } from '../e2e/helpers/server.ts';
import { runStock } from '../server/materials/stock-commands.ts';
import { changeMembership } from '../server/projects/project-commands.ts';
import { openRuntime } from '../server/runtime.ts';
import { openCount, runCountCommand } from '../server/stock-count/count-commands.ts';
import { registerUser, SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { admin } from './bench-server.ts';
import { generateHistory } from './history.ts';
import { percentile } from './measure.ts';
import { signIn } from './server-load.ts';

export const COUNT_TARGETS = { postSeconds: 2, varianceP50Ms: 200 } as const;

export interface CountFigures {
  database: 'postgresql';
  events: number;
  lines: number;
  generatorSeconds: number;
  /** Time to count every line through the count command, in concurrent batches. */
  countSeconds: number;
  movementsAfterCount: number;
  varianceReads: number;
  varianceP50Ms: number;
  varianceP95Ms: number;
  postSeconds: number;
  adjustments: number;
  passed: boolean;
}

const BENCH_ADMIN = { email: 'count-bench@bench.stockledger.local', password: 'count-bench-password' };

export async function measureCounts(
  baseUrl: string,
  { events, reads, log }: { events: number; reads: number; log: (line: string) => void },
): Promise<CountFigures> {
  const dbName = `stockledger_bench_counts_${process.pid}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
  await admin(baseUrl, `create database ${dbName}`);
  const runtime = await openRuntime({ databaseUrl: url.toString(), dataDir: '', poolSize: 6 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    log(`Generating ${events.toLocaleString('en')} events…`);
    let lastPrint = 0;
    const site = await generateHistory(runtime.store, { projects: 50, users: 200, parts: 5000, events, batch: 2000 }, (done) => {
      if (done - lastPrint >= 200_000) {
        lastPrint = done;
        log(`  ${done.toLocaleString('en')} events`);
      }
    });
    log(`  written in ${site.seconds.toFixed(1)} s`);
    const { userId } = await registerUser(runtime.store, { ...BENCH_ADMIN, firstName: 'Count', lastName: 'Bench', role: 'superadmin' }, SYSTEM_ACTOR);
    const projectId = site.busiestProjectId;
    await changeMembership(runtime.store, projectId, { type: 'add', userId, role: 'admin' }, { metadata: SYSTEM_ACTOR });
    const options = { metadata: { actorId: userId, actorName: 'Count Bench' } };
    const location = { kind: 'project' as const, id: projectId };

    const sessionId = await openCount(
      runtime.store,
      {
        location,
        scope: { kind: 'all' },
        includeAssets: false,
        name: 'Bench stocktake',
        dueDate: null,
        blind: true,
        doubleCount: false,
        counterIds: [userId],
      },
      options,
    );
    const { rows: lines } = await sql<{ line_id: string; on_hand: number }>`
      select l.line_id, coalesce(s.on_hand, 0)::int as on_hand from count_lines l
        left join material_stock s on s.location_kind = 'project' and s.location_id = l.location_id and s.material_id = l.material_id
       where l.session_id = ${sessionId} order by l.seq`.execute(runtime.store.db);
    log(`Counting ${lines.length.toLocaleString('en')} lines…`);
    const countStarted = performance.now();
    const countedAt = new Date().toISOString();
    const counter = { userId, userName: 'Count Bench' };
    for (let start = 0; start < lines.length; start += 250) {
      await Promise.all(
        lines.slice(start, start + 250).map((line, i) => {
          const n = start + i;
          const off = n % 10 === 0 ? -1 : n % 10 === 5 ? 1 : 0;
          const counted = Math.max(0, line.on_hand + off);
          return runCountCommand(
            runtime.store,
            { type: 'count', sessionId, entry: { line_id: line.line_id, counted, counted_at: countedAt }, counter },
            options,
          );
        }),
      );
    }
    const countSeconds = (performance.now() - countStarted) / 1000;
    log(`  counted in ${countSeconds.toFixed(1)} s`);

    // Movements after the count: the variance must measure each line as it stood when counted.
    const { rows: parts } = await sql<{ part_number: string }>`
      select part_number from count_lines where session_id = ${sessionId} order by seq limit 500`.execute(runtime.store.db);
    await Promise.all(
      parts.map((p) =>
        runStock(runtime.store, { type: 'receive', location, partNumber: p.part_number, quantity: 5, partName: null, partNickname: null }, options),
      ),
    );
    await sql`analyze`.execute(runtime.store.db);

    server = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', DB_POOL_SIZE: '10' });
    const cookie = await signIn({ url: server.url, admin: BENCH_ADMIN });

    log(`Reading the variance of ${lines.length.toLocaleString('en')} lines ${reads} times…`);
    const times: number[] = [];
    for (let i = 0; i < reads + 1; i += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/counts/${sessionId}/variance`, { headers: { cookie } });
      const body = (await response.json()) as { items: unknown[] };
      if (!response.ok || body.items.length !== lines.length) throw new Error(`variance answered ${response.status} with ${body.items?.length} lines`);
      // The first read warms the server's code paths and statement plans.
      if (i > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const varianceP50Ms = percentile(times, 50);
    const varianceP95Ms = percentile(times, 95);
    log(`  p50 ${varianceP50Ms.toFixed(0)} ms, p95 ${varianceP95Ms.toFixed(0)} ms`);

    // A running server has posted counts before: one small count of another project warms the path.
    const warmProject = site.projectIds[1]!;
    await changeMembership(runtime.store, warmProject, { type: 'add', userId, role: 'admin' }, { metadata: SYSTEM_ACTOR });
    const warm = await openCount(
      runtime.store,
      {
        location: { kind: 'project', id: warmProject },
        scope: { kind: 'cycle', strategy: 'oldest', size: 3 },
        includeAssets: false,
        name: 'Warm-up',
        dueDate: null,
        blind: true,
        doubleCount: false,
        counterIds: [userId],
      },
      options,
    );
    const { rows: warmLines } = await sql<{ line_id: string; on_hand: number }>`
      select l.line_id, coalesce(s.on_hand, 0)::int as on_hand from count_lines l
        left join material_stock s on s.location_kind = 'project' and s.location_id = l.location_id and s.material_id = l.material_id
       where l.session_id = ${warm}`.execute(runtime.store.db);
    for (const line of warmLines) {
      await runCountCommand(runtime.store, { type: 'count', sessionId: warm, entry: { line_id: line.line_id, counted: line.on_hand + 1 }, counter }, options);
    }
    const warmed = await fetch(`${server.url}/api/counts/${warm}/post`, { method: 'POST', headers: { cookie } });
    if (!warmed.ok) throw new Error(`warm-up post answered ${warmed.status}: ${(await warmed.text()).slice(0, 300)}`);

    log('Posting the session…');
    const postStarted = performance.now();
    const posted = await fetch(`${server.url}/api/counts/${sessionId}/post`, { method: 'POST', headers: { cookie, 'idempotency-key': randomUUID() } });
    const postSeconds = (performance.now() - postStarted) / 1000;
    const answer = (await posted.json()) as { adjustments?: number };
    if (!posted.ok) throw new Error(`post answered ${posted.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    log(`  posted in ${postSeconds.toFixed(2)} s, ${answer.adjustments} adjustments`);
    return {
      database: 'postgresql',
      events: site.events,
      lines: lines.length,
      generatorSeconds: site.seconds,
      countSeconds,
      movementsAfterCount: parts.length,
      varianceReads: times.length,
      varianceP50Ms,
      varianceP95Ms,
      postSeconds,
      adjustments: answer.adjustments ?? 0,
      passed: postSeconds <= COUNT_TARGETS.postSeconds && varianceP50Ms <= COUNT_TARGETS.varianceP50Ms,
    };
  } finally {
    await server?.stop();
    await runtime.close();
    await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
  }
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The count figures as rows of the benchmark's table. */
export function countRows(f: CountFigures): string[][] {
  return [
    ['Stock counts', 'lines', 'events', 'measured', '', 'target', ''],
    [
      '  variance read (HTTP), p50',
      n(f.lines),
      n(f.events),
      `${n(f.varianceP50Ms)} ms`,
      '',
      `≤ ${COUNT_TARGETS.varianceP50Ms} ms`,
      mark(f.varianceP50Ms <= COUNT_TARGETS.varianceP50Ms),
    ],
    ['  variance read (HTTP), p95', n(f.lines), n(f.events), `${n(f.varianceP95Ms)} ms`, `${f.varianceReads} reads`, '', ''],
    [
      '  post the session (HTTP)',
      n(f.lines),
      n(f.events),
      `${n(f.postSeconds, 2)} s`,
      `${n(f.adjustments)} adjustments`,
      `≤ ${COUNT_TARGETS.postSeconds} s`,
      mark(f.postSeconds <= COUNT_TARGETS.postSeconds),
    ],
    ['  count every line (command)', n(f.lines), '', `${n(f.countSeconds, 1)} s`, '', '', ''],
  ];
}
