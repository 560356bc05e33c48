/**
 * The history phase of the bench: a synthetic site of `events` events written through the append
 * path, then, with its server, the seal's catch-up and reads under load (inventory page, revalidation,
 * logs, as-of) and the busiest project's CSV export; then rebuild and verify of every read table,
 * each beside its baseline. Used by the full run (a million events) and by the scale run
 * (`--events N` above a million), which sets its figures beside the million-event ones.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { openRuntime } from '../server/runtime.ts';
import { registerUser, SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { changeMembership } from '../server/projects/project-commands.ts';
import { projectors } from '../projections/registry.ts';
import { rebuildProjections } from '../projections/rebuild.ts';
import { verifyLedger } from '../projections/verify.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { admin } from './bench-server.ts';
import { generateHistory } from './history.ts';
import { httpLoad, memoryOf } from './measure.ts';
import type { BenchReport } from './report.ts';
import { signIn } from './server-load.ts';

export type HistoryFigures = Pick<BenchReport, 'machine' | 'history' | 'rebuild' | 'verify' | 'reads' | 'export' | 'serverPeakRssMb'> & {
  /** The sealer's catch-up on the whole history once its server started. */
  seal: { seconds: number; eventsPerSecond: number };
  /**
   * The server's peak memory (MB) as it stood after the seal's catch-up (from its start) and after
   * the reads; the export's is `serverPeakRssMb`. The phase after which the peak first shows grew it.
   */
  serverPeakByPhase?: { sealed: number; read: number };
};

const ADMIN = { email: 'bench-admin@bench.stockledger.local', password: 'bench-admin-password' };

export async function measureHistory(
  baseUrl: string,
  { events, seconds, keep = false, log }: { events: number; seconds: number; keep?: boolean; log: (line: string) => void },
): Promise<HistoryFigures> {
  const dbName = `stockledger_bench_history_${process.pid}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const benchUrl = url.toString();
  await admin(baseUrl, `drop database if exists ${dbName}`);
  await admin(baseUrl, `create database ${dbName}`);
  const runtime = await openRuntime({ databaseUrl: benchUrl, dataDir: '', poolSize: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const { rows: version } = await sql<{ v: string }>`select version() as v`.execute(runtime.database.db);
    log(`Generating ${events.toLocaleString('en')} events…`);
    let lastPrint = 0;
    const site = await generateHistory(runtime.store, { projects: 50, users: 200, parts: 5000, events, batch: 2000 }, (done) => {
      if (done - lastPrint >= 100_000) {
        lastPrint = done;
        log(`  ${done.toLocaleString('en')} events`);
      }
    });
    log(
      `  written in ${site.seconds.toFixed(1)} s (${Math.round(site.events / site.seconds).toLocaleString('en')} events/s through append and inline projections)`,
    );
    const { userId: adminId } = await registerUser(runtime.store, { ...ADMIN, firstName: 'Bench', lastName: 'Admin', role: 'superadmin' }, SYSTEM_ACTOR);
    await changeMembership(runtime.store, site.busiestProjectId, { type: 'add', userId: adminId, role: 'admin' }, { metadata: SYSTEM_ACTOR });
    await sql`analyze`.execute(runtime.database.db);

    server = await startServer({ DATABASE_URL: benchUrl, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', DB_POOL_SIZE: '20' });
    const cookie = await signIn({ url: server.url, admin: ADMIN });
    const headers = { cookie };
    // A running site seals as it goes; this one was written before its server started, so its
    // sealer first catches up on the whole history. Reads are measured after that, in the steady state.
    log('Sealing the history…');
    const sealStarted = performance.now();
    for (;;) {
      const status = (await (await fetch(`${server.url}/api/ledger/status`, { headers })).json()) as { events: number; sealed: number };
      if (status.sealed >= status.events) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const sealSeconds = (performance.now() - sealStarted) / 1000;
    const peakSealed = memoryOf(server.pid).peakMb;
    log(`  sealed in ${sealSeconds.toFixed(1)} s (server peak ${peakSealed.toFixed(0)} MB)`);

    const project = site.busiestProjectId;
    log('Reads under load (32 connections)…');
    const middle = await sql<{
      at: Date;
    }>`select occurred_at as at from activity_log order by occurred_at offset (select count(*) / 2 from activity_log) limit 1`.execute(runtime.database.db);
    const asOf = middle.rows[0]!.at.toISOString();
    const inventoryUrl = `${server.url}/api/inventory/materials?project_id=${project}`;
    const inventoryPage = await httpLoad({ url: `${inventoryUrl}&limit=100&offset=0`, connections: 32, seconds, headers });
    // The full list once for its ETag; an answer without one cannot be revalidated and counts so.
    const etag = (await fetch(inventoryUrl, { headers: { cookie } })).headers.get('etag') ?? '"none"';
    const revalidation = await httpLoad({ url: inventoryUrl, connections: 32, seconds, headers: { cookie, 'if-none-match': etag }, expect: [304] });
    const revalidate = {
      ...revalidation,
      notRevalidated: revalidation.statuses['200'] ?? 0,
      errors: revalidation.errors - (revalidation.statuses['200'] ?? 0),
    };
    const logs = await httpLoad({
      url: `${server.url}/api/materials/logs?project_id=${project}&type=assign,unassign&days=30&page=1&page_size=50`,
      connections: 32,
      seconds,
      headers,
    });
    // As the screens read it: a page at a time (the whole 5,000-part list is 2 MB of JSON to write per answer).
    const asOfReads = await httpLoad({ url: `${inventoryUrl}&as_of=${encodeURIComponent(asOf)}&limit=100&offset=0`, connections: 32, seconds, headers });

    const { peakMb: peakRead, rssMb: before } = memoryOf(server.pid);
    log(`Export… (server peak after the reads ${peakRead.toFixed(0)} MB)`);
    let peakDuring = before;
    const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, memoryOf(server!.pid).rssMb)), 50);
    const exportStarted = performance.now();
    const response = await fetch(`${server.url}/api/materials/logs?project_id=${project}&format=csv`, { headers: { cookie } });
    let lines = 0;
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) lines += (decoder.decode(chunk as Uint8Array, { stream: true }).match(/\r\n/g) ?? []).length;
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    clearInterval(sampler);
    const exportRows = lines - 1;
    const serverPeak = memoryOf(server.pid).peakMb;
    await server.stop();
    server = null;

    log('Rebuild and verify…');
    const { count } = await runtime.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const totalEvents = Number(count);
    const rebuildStarted = performance.now();
    await rebuildProjections(runtime.store, projectors, { databaseUrl: benchUrl });
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    const scanStarted = performance.now();
    let scanned = 0;
    for (let after = 0; ; ) {
      const page = await runtime.store.readAllAfterPosition(after, 20_000);
      if (page.length === 0) break;
      scanned += page.length;
      after = page[page.length - 1]!.globalPosition;
    }
    const scanSeconds = (performance.now() - scanStarted) / 1000;
    const verifyStarted = performance.now();
    const { chains, projections: reports } = await verifyLedger(runtime.store, projectors, benchUrl);
    const differences = reports.reduce((n, r) => n + r.differences.length, 0);
    const verifySeconds = (performance.now() - verifyStarted) / 1000;

    return {
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: version[0]!.v.split(' on ')[0]!,
      },
      history: { events: totalEvents, generatorSeconds: site.seconds, projects: 50, users: 200, parts: 5000 },
      seal: { seconds: sealSeconds, eventsPerSecond: totalEvents / sealSeconds },
      rebuild: {
        seconds: rebuildSeconds,
        eventsPerSecond: totalEvents / rebuildSeconds,
        projections: projectors.length,
        baseline: { seconds: scanSeconds, rowsPerSecond: scanned / scanSeconds },
        ratio: totalEvents / rebuildSeconds / (scanned / scanSeconds),
      },
      verify: { seconds: verifySeconds, chainProblems: chains.problems.length, differences },
      reads: { inventoryPage, revalidate, logs, asOf: asOfReads },
      export: { rows: exportRows, seconds: exportSeconds, rowsPerSecond: exportRows / exportSeconds, memoryGrowthMb: peakDuring - before },
      serverPeakRssMb: serverPeak,
      serverPeakByPhase: { sealed: peakSealed, read: peakRead },
    };
  } finally {
    await server?.stop();
    await runtime.close();
    if (!keep) await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
  }
}
