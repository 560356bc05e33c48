/**
 * Follows an import job (spec 02 §4.6, §9): polls its status every second until success or error,
 * and between polls moves the bar by the estimate every 250 ms.
 */
import { useEffect, useRef, useState } from 'react';
import { IMPORT_ESTIMATE, IMPORT_MESSAGES, IMPORT_STATUS_POLL_MS } from '@contract/label-import.ts';
import { messageOr } from '../../api/error-message.ts';
import { useLazyLabelImportStatusQuery } from '../../api/label-import-api.ts';
import { shownImported } from './import-progress.ts';

const FULL_BAR_MS = 600;

export type JobOutcome = { ok: true; imported: number } | { ok: false; message: string };

export function useImportJob(job: { id: string; rows: number } | null, onDone: (outcome: JobOutcome) => void) {
  const [fetchStatus] = useLazyLabelImportStatusQuery();
  const [progress, setProgress] = useState({ imported: 0, total: job?.rows ?? 0 });
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!job) return;
    const startedAt = Date.now();
    let server: { imported: number; total: number } | null = null;
    let finished = false;
    let finishing: ReturnType<typeof setTimeout> | undefined;
    setProgress({ imported: 0, total: job.rows });
    const tick = setInterval(() => setProgress(shownImported(Date.now() - startedAt, job.rows, server)), IMPORT_ESTIMATE.tickMs);
    const finish = (outcome: JobOutcome) => {
      if (finished) return;
      finished = true;
      clearInterval(tick);
      clearInterval(poll);
      done.current(outcome);
    };
    const poll = setInterval(async () => {
      const answer = await fetchStatus(job.id);
      if (finished || finishing) return;
      if (answer.error) {
        finish({ ok: false, message: IMPORT_MESSAGES.status(messageOr(answer.error, 'no answer')) });
        return;
      }
      const status = answer.data!;
      server = { imported: status.imported, total: status.total };
      if (status.status === 'success') {
        // The full bar stays a moment, so the person sees the import reach its end before the dialog closes.
        setProgress({ imported: status.imported, total: status.total });
        clearInterval(tick);
        clearInterval(poll);
        finishing = setTimeout(() => finish({ ok: true, imported: status.result?.imported_count ?? status.imported }), FULL_BAR_MS);
      } else if (status.status === 'error') {
        finish({ ok: false, message: status.message || IMPORT_MESSAGES.jobFailed });
      } else {
        setProgress(shownImported(Date.now() - startedAt, job.rows, server));
      }
    }, IMPORT_STATUS_POLL_MS);
    return () => {
      finished = true;
      clearTimeout(finishing);
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [job, fetchStatus]);

  return progress;
}
