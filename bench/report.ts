/** The benchmark's one table: each figure, its target, and its baseline, the peer's figure and the ratio where there are. */
import { labelRows, type LabelFigures } from './labels.ts';
import type { LoadFigures } from './measure.ts';
import type { PeerFigures } from './peer.ts';
import { scanDecodeRows, type ScanDecodeFigures } from './scan-decode.ts';

export interface BenchReport {
  when: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres: string };
  history: { events: number; generatorSeconds: number; projects: number; users: number; parts: number };
  /** On a fresh database with 100 parts, as the peer measures. */
  fresh: {
    receives: LoadFigures & { lostOrDoubled: number; baseline: LoadFigures };
    inventoryReads: LoadFigures;
  };
  /** The Emmett peer's figures from the same run (`--peer`), else null. */
  peer: PeerFigures | null;
  /** With `--peer`: every pair measured, the peer then ours; `fresh` and `peer` are the pair of the middle receive ratio. */
  peerPairs?: PeerPair[];
  rebuild: { seconds: number; eventsPerSecond: number; projections: number; baseline: { seconds: number; rowsPerSecond: number }; ratio: number };
  verify: { seconds: number; chainProblems: number; differences: number };
  reads: {
    inventoryPage: LoadFigures;
    /** If-None-Match with the list's ETag: 304 expected; a 200 counts as not revalidated. */
    revalidate: LoadFigures & { notRevalidated: number };
    logs: LoadFigures;
    asOf: LoadFigures;
  };
  export: { rows: number; seconds: number; rowsPerSecond: number; memoryGrowthMb: number };
  serverPeakRssMb: number;
  /** The Label Manager on 1,000,000 labels (its own database). */
  labels?: LabelFigures;
  /** The camera's code reader in Chromium, on the built client. */
  scanDecode?: ScanDecodeFigures;
}

export interface PeerPair {
  receives: number;
  peerReceives: number;
  receiveRatio: number;
  reads: number;
  peerReads: number;
  readRatio: number;
  /** Each pair's own checks, so that one outside the middle pair cannot go unseen. */
  lostOrDoubled: number;
  failedReceives: number;
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value: number) => `${n(value, 1)} ms`;
const pct = (value: number) => `${n(value * 100, 0)}%`;
const times = (value: number) => `${n(value, 2)}×`;
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Rows as lines of aligned columns; with `rule`, a line of dashes under the first (the heading). */
export function alignColumns(rows: string[][], { rule = false }: { rule?: boolean } = {}): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const lines = rows.map(line);
  if (rule) lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines;
}

export function formatReport(r: BenchReport): string {
  const rows: string[][] = [['Figure', 'Measured', 'Baseline', 'Peer (Emmett)', 'vs peer', 'Target', '']];
  const peer = r.peer;
  const { receives, inventoryReads } = r.fresh;
  const receiveRatio = peer ? receives.requestsPerSecond / peer.cmd_per_s : null;
  rows.push([
    'Receives/s (HTTP, 16 conn, fresh DB)',
    n(receives.requestsPerSecond),
    `${n(receives.baseline.requestsPerSecond)} raw INSERT/s (${pct(receives.requestsPerSecond / receives.baseline.requestsPerSecond)})`,
    peer ? n(peer.cmd_per_s) : '',
    receiveRatio === null ? '' : times(receiveRatio),
    `≥ 1,000/s${peer ? ', ≥ 2× peer' : ''}`,
    mark(receives.requestsPerSecond >= 1000 && (receiveRatio === null || receiveRatio >= 2)),
  ]);
  rows.push([
    '  latency p50 / p95 / p99',
    `${ms(receives.p50)} / ${ms(receives.p95)} / ${ms(receives.p99)}`,
    `p99 ${ms(receives.baseline.p99)}`,
    peer ? `p99 ${ms(peer.cmd_p99_ms)}` : '',
    '',
    'p99 ≤ 50 ms',
    mark(receives.p99 <= 50),
  ]);
  // With pairs, every pair's receives must pass these, not only the pair shown (which is one of them).
  const runs = r.peerPairs ?? [{ lostOrDoubled: receives.lostOrDoubled, failedReceives: receives.errors }];
  rows.push(['  lost or doubled', n(receives.lostOrDoubled), '', peer ? n(peer.lost_or_doubled) : '', '', '0', mark(runs.every((p) => p.lostOrDoubled === 0))]);
  rows.push(['  failed requests', n(receives.errors), n(receives.baseline.errors), '', '', '0', mark(runs.every((p) => p.failedReceives === 0))]);
  const readRatio = peer ? inventoryReads.requestsPerSecond / peer.read_per_s : null;
  rows.push([
    'Inventory reads, 100 parts (32 conn)',
    `${n(inventoryReads.requestsPerSecond)} req/s`,
    '',
    peer ? `${n(peer.read_per_s)} req/s` : '',
    readRatio === null ? '' : times(readRatio),
    peer ? '≥ 3× peer' : '',
    mark(inventoryReads.errors === 0 && (readRatio === null || readRatio >= 3)),
  ]);
  rows.push([
    '  latency p50 / p95 / p99',
    `${ms(inventoryReads.p50)} / ${ms(inventoryReads.p95)} / ${ms(inventoryReads.p99)}`,
    '',
    peer ? `p99 ${ms(peer.read_p99_ms)}` : '',
    '',
    'p99 ≤ 30 ms',
    mark(inventoryReads.p99 <= 30),
  ]);

  const history = `${n(r.history.events)} events`;
  const read = (label: string, f: LoadFigures, target: string, ok: (f: LoadFigures) => boolean) => {
    rows.push([label, `${n(f.requestsPerSecond)} req/s`, '', '', '', target, mark(f.requests > 0 && ok(f) && f.errors === 0)]);
    rows.push(['  latency p50 / p95 / p99', `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}`, '', '', '', '', '']);
  };
  read(`Inventory page of 100, ${n(r.history.parts)} parts, ${history} (32 conn)`, r.reads.inventoryPage, 'p99 ≤ 30 ms', (f) => f.p99 <= 30);
  const revalidate = r.reads.revalidate;
  rows.push([
    `Inventory revalidated (If-None-Match → 304)`,
    `${n(revalidate.requestsPerSecond)} req/s`,
    '',
    '',
    '',
    'p99 ≤ 30 ms',
    mark(revalidate.requests > 0 && revalidate.p99 <= 30 && revalidate.errors === 0),
  ]);
  rows.push(['  latency p50 / p95 / p99', `${ms(revalidate.p50)} / ${ms(revalidate.p95)} / ${ms(revalidate.p99)}`, '', '', '', '', '']);
  rows.push(['  not revalidated (200 instead of 304)', n(revalidate.notRevalidated), '', '', '', '0', mark(revalidate.notRevalidated === 0)]);
  read('Inventory as_of, page of 100 (32 conn)', r.reads.asOf, 'p95 ≤ 100 ms', (f) => f.p95 <= 100);
  read('Logs page, filtered (32 conn)', r.reads.logs, 'p99 ≤ 30 ms', (f) => f.p99 <= 30);
  rows.push([
    `Rebuild, ${r.rebuild.projections} projections (events/s)`,
    n(r.rebuild.eventsPerSecond),
    `${n(r.rebuild.baseline.rowsPerSecond)} rows/s scan (${pct(r.rebuild.ratio)})`,
    '',
    '',
    '≥ 100,000/s',
    mark(r.rebuild.eventsPerSecond >= 100_000),
  ]);
  rows.push(['Verify, whole history', `${n(r.verify.seconds, 1)} s`, '', '', '', '≤ 20 s', mark(r.verify.seconds <= 20)]);
  rows.push(['  problems found', n(r.verify.chainProblems + r.verify.differences), '', '', '', '0', mark(r.verify.chainProblems + r.verify.differences === 0)]);
  rows.push([
    'CSV export, busiest project',
    `${n(r.export.rowsPerSecond)} rows/s (${n(r.export.rows)} rows)`,
    '',
    '',
    '',
    '≥ 100,000 rows/s',
    mark(r.export.rowsPerSecond >= 100_000),
  ]);
  rows.push(['  server memory growth while streaming', `${n(r.export.memoryGrowthMb, 1)} MB`, '', '', '', '< 100 MB', mark(r.export.memoryGrowthMb < 100)]);
  if (r.labels) rows.push(...labelRows(r.labels));
  if (r.scanDecode) rows.push(...scanDecodeRows(r.scanDecode));
  rows.push(['Server peak RSS', `${n(r.serverPeakRssMb)} MB`, '', '', '', '< 250 MB', mark(r.serverPeakRssMb < 250)]);
  const header = `${history}; ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GiB; Node ${r.machine.node}; ${r.machine.postgres}`;
  const pairs = (r.peerPairs ?? []).map(
    (p, i) =>
      `Pair ${i + 1}: receives ${n(p.receives)}/s against ${n(p.peerReceives)}/s (${times(p.receiveRatio)}; ${n(p.lostOrDoubled)} lost or doubled, ${n(p.failedReceives)} failed), reads ${n(p.reads)}/s against ${n(p.peerReads)}/s (${times(p.readRatio)})`,
  );
  const table = [header, '', ...alignColumns(rows, { rule: true })];
  return [
    ...table,
    ...(pairs.length > 0 ? ['', 'Against the peer, each pair the peer then ours; the table shows the pair of the middle receive ratio:', ...pairs] : []),
  ].join('\n');
}
