/**
 * The import's progress bar between polls (spec 02 §9): the job is expected to take 10 ms a row,
 * between 3 and 30 seconds; the bar follows that estimate, never past 95% of the rows, until the
 * server's counts say more.
 */
import { estimatedImportMs, IMPORT_ESTIMATE } from '@contract/label-import.ts';

/** Rows shown as imported `elapsedMs` after the start, by the estimate alone. */
export function estimatedImported(elapsedMs: number, total: number): number {
  const fraction = Math.min(IMPORT_ESTIMATE.cap, elapsedMs / estimatedImportMs(total));
  return Math.floor(fraction * total);
}

/** What the bar shows: the server's count once it is ahead of the estimate, else the estimate. */
export function shownImported(elapsedMs: number, total: number, server: { imported: number; total: number } | null): { imported: number; total: number } {
  const rows = server && server.total > 0 ? server.total : total;
  const estimate = estimatedImported(elapsedMs, rows);
  return { imported: server && server.imported >= estimate ? server.imported : estimate, total: rows };
}
