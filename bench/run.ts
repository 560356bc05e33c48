/**
 * `npm run bench [-- --events N] [-- --quick] [-- --peer]` (`-- --mixed`, `-- --labels`, `-- --soak`, `-- --scan`, `-- --scan-batch`, `-- --label-print`, `-- --counts` and `-- --webhooks`
 * measure only those; the scan batch and the label print also on the embedded database when DATABASE_URL is unset): on PostgreSQL (DATABASE_URL), measures
 * receives and reads on a fresh database (beside the Emmett peer's with --peer), then builds a
 * synthetic history and measures reads, rebuild and verify at its size, each figure beside its
 * baseline in the same run; prints one table and writes bench/results.json. Each phase works in a
 * database of its own, created and dropped here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openRuntime } from '../server/runtime.ts';
import { registerUser, SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { changeMembership } from '../server/projects/project-commands.ts';
import { projectors } from '../projections/registry.ts';
import { rebuildProjections } from '../projections/rebuild.ts';
import { verifyLedger } from '../projections/verify.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { measureFresh, type FreshFigures } from './fresh.ts';
import { labelRows, measureLabels } from './labels.ts';
import { labelImportRows, measureLabelImport } from './label-import.ts';
import { generateHistory } from './history.ts';
import { httpLoad, memoryOf } from './measure.ts';
import { measurePeer, type PeerFigures } from './peer.ts';
import { soak } from './soak.ts';
import { measureSeal, sealRows } from './seal.ts';
import { measureScanBatch, scanBatchRows } from './scan-batch.ts';
import { alignColumns, formatReport, type BenchReport, type PeerPair } from './report.ts';
import { measureScanDecode, scanDecodeRows } from './scan-decode.ts';
import { labelPrintRows, measureLabelPrint } from './label-print.ts';
import { countRows, measureCounts } from './counts.ts';
import { measureWebhooks, webhookRows } from './webhooks.ts';
import { measureMixedOurs, mixedBesidePeer, mixedRows } from './mixed-load.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const eventsArg = args.indexOf('--events');
const events = eventsArg >= 0 ? Number(args[eventsArg + 1]) : quick ? 20_000 : 1_000_000;
const seconds = quick ? 2 : 10;
const withPeer = args.includes('--peer');
const PEER_PAIRS = 3;
// `--labels` measures only the Label Manager and updates its part of bench/results.json.
const labelsOnly = args.includes('--labels');
// `--mixed` measures only the mixed load (24 reading, 8 receiving; beside the peer with --peer) and updates its part.
const mixedOnly = args.includes('--mixed');
// `--label-import` measures only the label import (100,000 rows; 20,000 with --quick) and updates its part.
const labelImportOnly = args.includes('--label-import');
// `--seal` measures only the global seal (its cost to commands, its lag, the offline audit) and updates its part.
const sealOnly = args.includes('--seal');
const labelCountArg = args.indexOf('--label-count');
const labelCount = labelCountArg >= 0 ? Number(args[labelCountArg + 1]) : quick ? 50_000 : 1_000_000;
// `--soak [--soak-minutes N]` runs only the long mixed-load check and updates its part of bench/results.json.
const soakOnly = args.includes('--soak');
// `--scan` measures only the camera's code reader in Chromium (no database needed; the client built) and updates its part.
const scanOnly = args.includes('--scan');
const soakMinutesArg = args.indexOf('--soak-minutes');
const soakMinutes = soakMinutesArg >= 0 ? Number(args[soakMinutesArg + 1]) : 30;
// `--scan-batch` measures only the batch receive of 500 scanned serials (on PGlite too) and updates its part.
const scanBatchOnly = args.includes('--scan-batch');
const scanBatchRuns = quick ? 3 : 10;
// `--label-print` measures only label printing (10,000 from a template, then 100,000 streamed; 20,000 with --quick), on PGlite too.
const labelPrintOnly = args.includes('--label-print');
const labelPrintSizes = { labels: quick ? 20_000 : 100_000, selection: 10_000 };
// `--counts` measures only stock counts (a session of 5,000 lines at --events, a million by default: its variance read and its post) and updates its part.
const countsOnly = args.includes('--counts');
// `--webhooks` measures only webhook delivery (1,000 receives a second for 10 s, 2 s with --quick, to a local receiver) and updates its part.
const webhooksOnly = args.includes('--webhooks');
const webhookLoad = { rate: 1000, seconds: quick ? 2 : 10 };
const resultsFile = path.join(import.meta.dirname, 'results.json');
const baseUrl = process.env.DATABASE_URL;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function printTable(rows: string[][]): void {
  console.log(`\n${alignColumns(rows).join('\n')}`);
}

/** Sets one part of bench/results.json, keeping the parts other runs wrote. */
function writeResultsPart(part: Record<string, unknown>): void {
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(resultsFile, `${JSON.stringify({ ...previous, ...part }, null, 2)}\n`);
}

/**
 * The fresh-database figures beside the peer's: on a shared two-core machine one pair's ratio moves
 * by a third from run to run, so three pairs are measured, each the peer then ours, and the pair of
 * the middle receive ratio stands for the run (every pair is kept in the results).
 */
async function freshBesidePeer(databaseUrl: string, seconds: number): Promise<{ fresh: FreshFigures; peer: PeerFigures; pairs: PeerPair[] }> {
  const runs: Array<{ fresh: FreshFigures; peer: PeerFigures; pair: PeerPair }> = [];
  for (let i = 0; i < PEER_PAIRS; i += 1) {
    const peer = await measurePeer(databaseUrl, seconds);
    const fresh = await measureFresh(databaseUrl, seconds);
    const receives = fresh.receives.requestsPerSecond;
    const reads = fresh.inventoryReads.requestsPerSecond;
    runs.push({
      fresh,
      peer,
      pair: {
        receives,
        peerReceives: peer.cmd_per_s,
        receiveRatio: receives / peer.cmd_per_s,
        reads,
        peerReads: peer.read_per_s,
        readRatio: reads / peer.read_per_s,
        lostOrDoubled: fresh.receives.lostOrDoubled,
        failedReceives: fresh.receives.errors,
      },
    });
  }
  const middle = [...runs].sort((a, b) => a.pair.receiveRatio - b.pair.receiveRatio)[Math.floor(runs.length / 2)]!;
  return { fresh: middle.fresh, peer: middle.peer, pairs: runs.map((r) => r.pair) };
}

async function main(): Promise<void> {
  if (scanBatchOnly) {
    const figures = await measureScanBatch(baseUrl ?? null, { runs: scanBatchRuns, log: console.log });
    printTable(scanBatchRows([figures]));
    writeResultsPart({ [baseUrl ? 'scanBatch' : 'scanBatchPglite']: figures });
    console.log('\nWrote the scan batch figures to bench/results.json');
    process.exitCode = figures.passed ? 0 : 1;
    return;
  }
  if (labelPrintOnly) {
    const figures = await measureLabelPrint(baseUrl ?? null, { ...labelPrintSizes, log: console.log });
    printTable(labelPrintRows([figures]));
    writeResultsPart({ [baseUrl ? 'labelPrint' : 'labelPrintPglite']: figures });
    console.log('\nWrote the label print figures to bench/results.json');
    process.exitCode = figures.passed ? 0 : 1;
    return;
  }
  if (scanOnly) {
    const scanDecode = await measureScanDecode({ log: console.log });
    printTable([['Figure', 'Measured', '', '', '', 'Target', ''], ...scanDecodeRows(scanDecode)]);
    writeResultsPart({ scanDecode });
    console.log('\nWrote the scan decoding figures to bench/results.json');
    process.exitCode = scanDecodeRows(scanDecode).some((row) => row[6] === 'MISSED') ? 1 : 0;
    return;
  }
  if (!baseUrl) {
    console.error(
      'npm run bench measures against PostgreSQL: set DATABASE_URL, for example\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- --quick',
    );
    process.exit(2);
  }
  if (!Number.isInteger(events) || events < 1000) throw new Error('--events takes a whole number of at least 1000');
  if (!Number.isInteger(labelCount) || labelCount < 10_000) throw new Error('--label-count takes a whole number of at least 10000');
  if (webhooksOnly) {
    const webhooks = await measureWebhooks(baseUrl, { ...webhookLoad, log: console.log });
    printTable(webhookRows(webhooks));
    writeResultsPart({ webhooks });
    console.log('\nWrote the webhook figures to bench/results.json');
    process.exitCode = webhooks.passed ? 0 : 1;
    return;
  }
  if (countsOnly) {
    const counts = await measureCounts(baseUrl, { events, reads: quick ? 5 : 20, log: console.log });
    printTable(countRows(counts));
    writeResultsPart({ counts });
    console.log('\nWrote the stock count figures to bench/results.json');
    process.exitCode = counts.passed ? 0 : 1;
    return;
  }
  if (soakOnly) {
    if (!Number.isInteger(soakMinutes) || soakMinutes < 1) throw new Error('--soak-minutes takes a whole number of at least 1');
    const name = `stockledger_soak_${process.pid}`;
    await admin(`create database ${name}`);
    try {
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const figures = await soak(url.toString(), soakMinutes, console.log, soakMinutes < 5 ? 45 : 300);
      console.log(
        `\nSoak, ${figures.minutes} minutes: ${figures.errors} errors; RSS ${figures.samples[0]?.rssMb} → ${figures.samples.at(-1)?.rssMb} MB (second half ${figures.rssSlopeMbPerMinute} MB/min); handles ${figures.samples[0]?.handles} → ${figures.samples.at(-1)?.handles} (${figures.handleSlopePerMinute}/min); p99 ${Math.min(...figures.samples.map((s) => s.p99Ms))}–${Math.max(...figures.samples.map((s) => s.p99Ms))} ms: ${figures.passed ? 'PASSED' : 'FAILED'}`,
      );
      writeResultsPart({ soak: figures });
      process.exitCode = figures.passed ? 0 : 1;
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
    return;
  }
  if (labelImportOnly) {
    const labelImport = await measureLabelImport(baseUrl, { rows: quick ? 20_000 : 100_000, log: console.log });
    printTable(labelImportRows(labelImport));
    writeResultsPart({ labelImport });
    console.log('\nWrote the label import figures to bench/results.json');
    return;
  }
  if (sealOnly) {
    const seal = await measureSeal(baseUrl, { seconds, rounds: quick ? 2 : 4, bundleEvents: quick ? 10_000 : 100_000, log: console.log });
    printTable(sealRows(seal));
    writeResultsPart({ seal: { ...seal, bundle: { ...seal.bundle, auditOutput: seal.bundle.auditOutput.trim().split('\n') } } });
    console.log('\nWrote the seal figures to bench/results.json');
    return;
  }
  if (mixedOnly) {
    const mixed = withPeer ? await mixedBesidePeer(baseUrl, seconds, PEER_PAIRS) : { ours: await measureMixedOurs(baseUrl, seconds) };
    printTable(mixedRows(mixed));
    writeResultsPart({ mixed });
    console.log('\nWrote the mixed-load figures to bench/results.json');
    return;
  }
  if (labelsOnly) {
    const labels = await measureLabels(baseUrl, { labels: labelCount, seconds, log: console.log });
    printTable(labelRows(labels));
    writeResultsPart({ labels });
    console.log('\nWrote the labels figures to bench/results.json');
    return;
  }
  // One at a time, so neither measures the other's load.
  const { fresh, peer, pairs } = withPeer
    ? await freshBesidePeer(baseUrl, seconds)
    : { fresh: await measureFresh(baseUrl, seconds), peer: null, pairs: undefined };
  const mixed = withPeer ? await mixedBesidePeer(baseUrl, seconds, PEER_PAIRS) : { ours: await measureMixedOurs(baseUrl, seconds) };
  const dbName = `stockledger_bench_${process.pid}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const benchUrl = url.toString();
  await admin(`drop database if exists ${dbName}`);
  await admin(`create database ${dbName}`);
  const runtime = await openRuntime({ databaseUrl: benchUrl, dataDir: '', poolSize: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const { rows: version } = await sql<{ v: string }>`select version() as v`.execute(runtime.database.db);
    console.log(`Generating ${events.toLocaleString('en')} events…`);
    let lastPrint = 0;
    const site = await generateHistory(runtime.store, { projects: 50, users: 200, parts: 5000, events, batch: 2000 }, (done) => {
      if (done - lastPrint >= 100_000) {
        lastPrint = done;
        console.log(`  ${done.toLocaleString('en')} events`);
      }
    });
    console.log(
      `  written in ${site.seconds.toFixed(1)} s (${Math.round(site.events / site.seconds).toLocaleString('en')} events/s through append and inline projections)`,
    );
    const { userId: adminId } = await registerUser(
      runtime.store,
      { email: 'bench-admin@bench.stockledger.local', firstName: 'Bench', lastName: 'Admin', role: 'superadmin', password: 'bench-admin-password' },
      SYSTEM_ACTOR,
    );
    await changeMembership(runtime.store, site.busiestProjectId, { type: 'add', userId: adminId, role: 'admin' }, { metadata: SYSTEM_ACTOR });
    await sql`analyze`.execute(runtime.database.db);

    server = await startServer({ DATABASE_URL: benchUrl, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', DB_POOL_SIZE: '20' });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-admin@bench.stockledger.local', password: 'bench-admin-password' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie };
    // A running site seals as it goes; this one was written before its server started, so its
    // sealer first catches up on the whole history. Reads are measured after that, in the steady state.
    console.log('Sealing the history…');
    const sealStarted = performance.now();
    for (;;) {
      const status = (await (await fetch(`${server.url}/api/ledger/status`, { headers })).json()) as { events: number; sealed: number };
      if (status.sealed >= status.events) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`  sealed in ${((performance.now() - sealStarted) / 1000).toFixed(1)} s`);

    const project = site.busiestProjectId;
    console.log('Reads under load (32 connections)…');
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

    console.log('Export…');
    const before = memoryOf(server.pid).rssMb;
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

    const labels = await measureLabels(baseUrl, { labels: labelCount, seconds, log: console.log });
    const scanBatch = await measureScanBatch(baseUrl, { runs: scanBatchRuns, log: console.log });
    const scanDecode = await measureScanDecode({ log: console.log });
    const labelPrint = await measureLabelPrint(baseUrl, { ...labelPrintSizes, log: console.log });
    const webhooks = await measureWebhooks(baseUrl, { ...webhookLoad, log: console.log });

    console.log('Rebuild and verify…');
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

    const report: BenchReport = {
      when: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: version[0]!.v.split(' on ')[0]!,
      },
      history: { events: totalEvents, generatorSeconds: site.seconds, projects: 50, users: 200, parts: 5000 },
      fresh: { receives: { ...fresh.receives, baseline: fresh.rawInsert }, inventoryReads: fresh.inventoryReads },
      peer,
      peerPairs: pairs,
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
      labels,
      scanDecode,
    };
    console.log(`\n${formatReport(report)}`);
    printTable(mixedRows(mixed));
    printTable(scanBatchRows([scanBatch]));
    printTable(labelPrintRows([labelPrint]));
    printTable(webhookRows(webhooks));
    const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
    // The embedded database's batch and print figures come from their own runs (`--scan-batch`, `--label-print`
    // without DATABASE_URL) and are kept.
    const kept = { scanBatchPglite: previous.scanBatchPglite, labelPrintPglite: previous.labelPrintPglite };
    writeFileSync(resultsFile, `${JSON.stringify({ ...report, mixed, scanBatch, labelPrint, webhooks, ...kept }, null, 2)}\n`);
    console.log('\nWrote bench/results.json');
  } finally {
    await server?.stop();
    await runtime.close();
    if (!args.includes('--keep')) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
