/**
 * A box of scanned serials received in one batch: 500 new serials posted to /api/scan/assets/receive
 * over HTTP, a few times, on a fresh database (PostgreSQL when a URL is given, else the embedded
 * one). Each answer must apply every line (one command); the promise is an answer within 1 s.
 */
import { SCAN_BATCH_MAX, SCAN_PATHS, type ScanBatchAnswer } from '../contract/scan.ts';
import { withBenchServer } from './bench-server.ts';

/** The promise the batch is measured against. */
export const SCAN_BATCH_BUDGET_MS = 1000;

export interface ScanBatchFigures {
  database: 'postgresql' | 'pglite';
  lines: number;
  runs: number;
  /** Answer times of the measured runs (a warm-up run before them is not counted), in order. */
  answerMs: number[];
  medianMs: number;
  p95Ms: number;
  passed: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureScanBatch(
  baseUrl: string | null,
  { runs, lines = SCAN_BATCH_MAX, log }: { runs: number; lines?: number; log: (line: string) => void },
): Promise<ScanBatchFigures> {
  return withBenchServer(baseUrl, { name: 'scan', poolSize: 20 }, async ({ post }) => {
    const warehouse = await post<{ id: string }>('/api/warehouses', { name: 'Bench Yard' });
    const category = await post<{ id: string }>('/api/assets/categories', { category: 'Bench radios', kind: 'serialized' });
    await post('/api/assets/catalog', { asset_number: 'BENCH-RAD', asset_name: 'Bench radio', category: category.id });

    log(`Batch receive of ${lines} scanned serials (${baseUrl ? 'PostgreSQL' : 'PGlite'}, ${runs} runs after a warm-up)…`);
    const answerMs: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      const body = {
        to_owner_type: 'warehouse',
        to_owner_id: warehouse.id,
        asset_number: 'BENCH-RAD',
        lines: Array.from({ length: lines }, (_, i) => ({ serial_number: `SN-${run}-${String(i).padStart(4, '0')}` })),
      };
      const started = performance.now();
      const answer = await post<ScanBatchAnswer>(SCAN_PATHS.receive, body);
      const ms = performance.now() - started;
      if (!answer.applied || answer.summary.ok !== lines) throw new Error(`run ${run}: not applied: ${JSON.stringify(answer.summary)}`);
      if (run > 0) answerMs.push(Math.round(ms));
    }
    const sorted = [...answerMs].sort((a, b) => a - b);
    const medianMs = percentile(sorted, 50);
    const p95Ms = percentile(sorted, 95);
    return { database: baseUrl ? 'postgresql' : 'pglite', lines, runs, answerMs, medianMs, p95Ms, passed: p95Ms <= SCAN_BATCH_BUDGET_MS };
  });
}

export function scanBatchRows(figures: ScanBatchFigures[]): string[][] {
  return [
    ['Batch receive (scanned serials, one command)', 'lines', 'runs', 'median', 'p95', `≤ ${SCAN_BATCH_BUDGET_MS} ms`],
    ...figures.map((f) => [f.database, String(f.lines), String(f.runs), `${f.medianMs} ms`, `${f.p95Ms} ms`, f.passed ? 'yes' : 'NO']),
  ];
}
