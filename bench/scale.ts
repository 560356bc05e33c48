/**
 * The scale run (`npm run bench -- --events N`, N above a million): the history figures at N events
 * beside a million events' from the same run, each with its ratio and its bound. Reads
 * should not slow with history (p99 within 1.5×), rebuild and verify should grow no faster than the
 * history (within 1.1× of linear: 11× for ten times the events), the sealer should seal faster than
 * the history was appended, and the server's peak memory should not grow with it.
 */
import type { HistoryFigures } from './history-run.ts';
import type { LoadFigures } from './measure.ts';

/** What the million-event run left in bench/results.json (the seal was not measured before). */
export type ScaleBaseline = Pick<HistoryFigures, 'history' | 'rebuild' | 'verify' | 'reads' | 'export' | 'serverPeakRssMb'> &
  Partial<Pick<HistoryFigures, 'seal'>>;

export interface ScaleCheck {
  figure: string;
  baseline: number | null;
  measured: number;
  unit: string;
  /** measured / baseline (null without a baseline). */
  ratio: number | null;
  bound: string;
  met: boolean;
}

export function scaleChecks(at: HistoryFigures, base: HistoryFigures): ScaleCheck[] {
  const growth = at.history.events / base.history.events;
  const linear = 1.1 * growth;
  const check = (
    figure: string,
    measured: number,
    baseline: number | null,
    unit: string,
    bound: string,
    met: (ratio: number | null) => boolean,
  ): ScaleCheck => {
    const ratio = baseline ? measured / baseline : null;
    return { figure, baseline, measured, unit, ratio, bound, met: met(ratio) };
  };
  const p99 = (figure: string, pick: (reads: HistoryFigures['reads']) => LoadFigures) =>
    check(`${figure} p99`, pick(at.reads).p99, pick(base.reads).p99, 'ms', '≤ 1.5×', (r) => r !== null && r <= 1.5 && pick(at.reads).errors === 0);
  return [
    p99('Inventory page of 100', (r) => r.inventoryPage),
    p99('Inventory revalidated (304)', (r) => r.revalidate),
    p99('Logs page, filtered', (r) => r.logs),
    p99('Inventory as_of, page of 100', (r) => r.asOf),
    check(
      `Rebuild, ${at.rebuild.projections} projections`,
      at.rebuild.seconds,
      base.rebuild.seconds,
      's',
      `≤ ${linear.toFixed(1)}× (linear)`,
      (r) => r !== null && r <= linear,
    ),
    check('Verify, whole history', at.verify.seconds, base.verify.seconds, 's', `≤ ${linear.toFixed(1)}× (linear)`, (r) => r !== null && r <= linear),
    check(
      '  problems found',
      at.verify.chainProblems + at.verify.differences,
      base.verify.chainProblems + base.verify.differences,
      '',
      '0',
      () => at.verify.chainProblems + at.verify.differences === 0,
    ),
    check(
      'Seal catch-up (events/s)',
      at.seal.eventsPerSecond,
      base.seal.eventsPerSecond,
      '/s',
      `≥ appends (${Math.round(at.history.events / at.history.generatorSeconds).toLocaleString('en')}/s)`,
      () => at.seal.eventsPerSecond >= at.history.events / at.history.generatorSeconds,
    ),
    check(
      'Appends through the command path (events/s)',
      at.history.events / at.history.generatorSeconds,
      base.history.events / base.history.generatorSeconds,
      '/s',
      '',
      () => true,
    ),
    check('CSV export, busiest project (rows/s)', at.export.rowsPerSecond, base.export.rowsPerSecond, '/s', '', () => true),
    check('Server peak RSS', at.serverPeakRssMb, base.serverPeakRssMb, 'MB', '≤ 1.25× (unchanged)', (r) => r !== null && r <= 1.25),
    // Where the peak was reached: each figure is the peak so far, so the phase after which it first
    // shows is the one that grew it (the export's is the row above).
    ...(at.serverPeakByPhase
      ? [
          check('  peak once the seal caught up', at.serverPeakByPhase.sealed, base.serverPeakByPhase?.sealed ?? null, 'MB', '', () => true),
          check('  peak once the reads ran', at.serverPeakByPhase.read, base.serverPeakByPhase?.read ?? null, 'MB', '', () => true),
        ]
      : []),
  ];
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const shown = (value: number | null, unit: string) =>
  value === null ? '—' : `${n(value, unit === 'ms' || unit === 's' ? 1 : 0)}${unit && unit !== '/s' ? ` ${unit}` : ''}`;

/** The checks as rows of the benchmark's table. */
export function scaleRows(at: HistoryFigures, base: HistoryFigures, checks: ScaleCheck[]): string[][] {
  return [
    ['Figure', `${n(base.history.events)} events`, `${n(at.history.events)} events`, 'Ratio', 'Bound', ''],
    ...checks.map((c) => [
      c.figure,
      shown(c.baseline, c.unit),
      shown(c.measured, c.unit),
      c.ratio === null ? '—' : `${n(c.ratio, 2)}×`,
      c.bound,
      c.bound ? (c.met ? 'met' : 'MISSED') : '',
    ]),
  ];
}
