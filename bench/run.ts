/**
 * `npm run bench [-- --events N] [-- --quick] [-- --peer]` (`-- --mixed`, `-- --labels`, `-- --soak`, `-- --scan`, `-- --scan-batch`, `-- --label-print`, `-- --counts` and `-- --webhooks`
 * measure only those; the scan batch and the label print also on the embedded database when DATABASE_URL is unset): on PostgreSQL (DATABASE_URL), measures
 * receives and reads on a fresh database (beside the Emmett peer's with --peer), then builds a
 * synthetic history and measures reads, rebuild and verify at its size, each figure beside its
 * baseline in the same run; prints one table and writes bench/results.json. Each phase works in a
 * database of its own, created and dropped here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureFresh, type FreshFigures } from './fresh.ts';
import { labelRows, measureLabels } from './labels.ts';
import { labelImportRows, measureLabelImport } from './label-import.ts';
import { admin } from './bench-server.ts';
import { measureHistory } from './history-run.ts';
import { scaleChecks, scaleRows } from './scale.ts';
import { measurePeer, type PeerFigures } from './peer.ts';
import { soak } from './soak.ts';
import { measureSeal, sealRows } from './seal.ts';
import { measureScanBatch, scanBatchRows } from './scan-batch.ts';
import { alignColumns, formatReport, type BenchReport, type PeerPair } from './report.ts';
import { measureScanDecode, requireBuiltClient, scanDecodeRows } from './scan-decode.ts';
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
// `--events N` above a million measures only the history phase, at a million events and then at N,
// and sets each figure beside the million's (bench/results.json's `scale` part).
const scaleRun = events > 1_000_000;
const resultsFile = path.join(import.meta.dirname, 'results.json');
const baseUrl = process.env.DATABASE_URL;

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
    await admin(baseUrl, `create database ${name}`);
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
      await admin(baseUrl, `drop database if exists ${name} with (force)`);
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
  if (scaleRun) {
    // Both sizes in the same run, on the same machine state: the million first, then N.
    const base = await measureHistory(baseUrl, { events: 1_000_000, seconds, log: console.log });
    const at = await measureHistory(baseUrl, { events, seconds, keep: args.includes('--keep'), log: console.log });
    const checks = scaleChecks(at, base);
    printTable(scaleRows(at, base, checks));
    writeResultsPart({ scale: { when: new Date().toISOString(), baseline: base, measured: at, checks } });
    console.log('\nWrote the scale figures to bench/results.json');
    process.exitCode = checks.every((c) => c.met) ? 0 : 1;
    return;
  }
  // The full run ends with the scanner's decode in the built client: say so before, not after twenty minutes.
  requireBuiltClient();
  // One at a time, so neither measures the other's load.
  const { fresh, peer, pairs } = withPeer
    ? await freshBesidePeer(baseUrl, seconds)
    : { fresh: await measureFresh(baseUrl, seconds), peer: null, pairs: undefined };
  const mixed = withPeer ? await mixedBesidePeer(baseUrl, seconds, PEER_PAIRS) : { ours: await measureMixedOurs(baseUrl, seconds) };
  const history = await measureHistory(baseUrl, { events, seconds, keep: args.includes('--keep'), log: console.log });
  const labels = await measureLabels(baseUrl, { labels: labelCount, seconds, log: console.log });
  const scanBatch = await measureScanBatch(baseUrl, { runs: scanBatchRuns, log: console.log });
  const scanDecode = await measureScanDecode({ log: console.log });
  const labelPrint = await measureLabelPrint(baseUrl, { ...labelPrintSizes, log: console.log });
  const webhooks = await measureWebhooks(baseUrl, { ...webhookLoad, log: console.log });
  const report: BenchReport = {
    when: new Date().toISOString(),
    machine: history.machine,
    history: history.history,
    fresh: { receives: { ...fresh.receives, baseline: fresh.rawInsert }, inventoryReads: fresh.inventoryReads },
    peer,
    peerPairs: pairs,
    rebuild: history.rebuild,
    verify: history.verify,
    reads: history.reads,
    export: history.export,
    serverPeakRssMb: history.serverPeakRssMb,
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
  const kept = { scanBatchPglite: previous.scanBatchPglite, labelPrintPglite: previous.labelPrintPglite, scale: previous.scale };
  writeFileSync(resultsFile, `${JSON.stringify({ ...report, seal: history.seal, mixed, scanBatch, labelPrint, webhooks, ...kept }, null, 2)}\n`);
  console.log('\nWrote bench/results.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
