/** The benchmark's one table: each figure, its target, and its baseline and ratio where it has one. */
import type { LoadFigures } from './measure.ts';

export interface BenchReport {
  when: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres: string };
  history: { events: number; generatorSeconds: number; projects: number; users: number; parts: number };
  commands: LoadFigures & { baseline: LoadFigures; ratio: number };
  rebuild: { seconds: number; eventsPerSecond: number; projections: number; baseline: { seconds: number; rowsPerSecond: number }; ratio: number };
  verify: { seconds: number; chainProblems: number; differences: number };
  reads: Record<string, LoadFigures>;
  export: { rows: number; seconds: number; rowsPerSecond: number; memoryGrowthMb: number };
  serverPeakRssMb: number;
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value: number) => `${n(value, 1)} ms`;
const pct = (value: number) => `${n(value * 100, 0)}%`;
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function formatReport(r: BenchReport): string {
  const rows: string[][] = [['Figure', 'Measured', 'Baseline', 'Ratio', 'Target', '']];
  const c = r.commands;
  rows.push(['Commands/s (receive, HTTP, 16 conn)', n(c.requestsPerSecond), `${n(c.baseline.requestsPerSecond)} raw INSERT/s`, pct(c.ratio), '≥ 1,000/s, ≥ 50%', mark(c.requestsPerSecond >= 1000 && c.ratio >= 0.5)]);
  rows.push(['  latency p50 / p95 / p99', `${ms(c.p50)} / ${ms(c.p95)} / ${ms(c.p99)}`, `${ms(c.baseline.p50)} / ${ms(c.baseline.p95)} / ${ms(c.baseline.p99)}`, '', 'p99 ≤ 50 ms', mark(c.p99 <= 50)]);
  rows.push(['  failed requests', n(c.errors), n(c.baseline.errors), '', '0', mark(c.errors === 0)]);
  rows.push([`Rebuild, ${r.rebuild.projections} projections (events/s)`, n(r.rebuild.eventsPerSecond), `${n(r.rebuild.baseline.rowsPerSecond)} rows/s scan`, pct(r.rebuild.ratio), '≥ 100,000/s, ≥ 25%', mark(r.rebuild.eventsPerSecond >= 100_000 && r.rebuild.ratio >= 0.25)]);
  rows.push(['Verify, whole history', `${n(r.verify.seconds, 1)} s`, '', '', `≤ 30 s at 1M`, mark(r.verify.seconds <= 30 * (r.history.events / 1_000_000) || r.verify.seconds <= 30)]);
  rows.push(['  problems found', n(r.verify.chainProblems + r.verify.differences), '', '', '0', mark(r.verify.chainProblems + r.verify.differences === 0)]);
  const read = (label: string, f: LoadFigures | undefined, target: string, ok: (f: LoadFigures) => boolean) => {
    if (!f) return;
    rows.push([label, `${n(f.requestsPerSecond)} req/s`, '', '', target, mark(ok(f) && f.errors === 0)]);
    rows.push(['  latency p50 / p95 / p99', `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}`, '', '', '', '']);
  };
  read('Inventory, 5,000 parts (32 conn)', r.reads.inventory, 'p99 ≤ 30 ms', (f) => f.p99 <= 30);
  read('Logs page, filtered (32 conn)', r.reads.logs, 'p99 ≤ 30 ms', (f) => f.p99 <= 30);
  read('Inventory as_of (32 conn)', r.reads.asOf, 'p95 ≤ 100 ms', (f) => f.p95 <= 100);
  rows.push(['CSV export, busiest project', `${n(r.export.rowsPerSecond)} rows/s (${n(r.export.rows)} rows)`, '', '', '≥ 100,000 rows/s', mark(r.export.rowsPerSecond >= 100_000)]);
  rows.push(['  server memory growth while streaming', `${n(r.export.memoryGrowthMb, 1)} MB`, '', '', '< 100 MB', mark(r.export.memoryGrowthMb < 100)]);
  rows.push(['Server peak RSS', `${n(r.serverPeakRssMb)} MB`, '', '', '< 300 MB', mark(r.serverPeakRssMb < 300)]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  const header = `${n(r.history.events)} events; ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GiB; Node ${r.machine.node}; ${r.machine.postgres}`;
  return [header, '', line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
