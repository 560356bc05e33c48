/**
 * Verify-now: a check of the sealed chain run in the background of this process, its progress
 * read by polling. One runs at a time (asking again while it runs answers the running one); the
 * last few finished ones are kept for their readers.
 */
import { randomUUID } from 'node:crypto';
import type { PublicKey, VerifyJob } from '../../contract/ledger.ts';
import type { Db } from '../../ledger/event-store/event-store.ts';
import { verifyHashChains } from '../../ledger/event-store/verify-chains.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { verifySeal } from '../../ledger/seal/verify-seal.ts';

const KEEP = 10;

export class VerifyJobs {
  private readonly jobs = new Map<string, VerifyJob>();
  private running: VerifyJob | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly publicKey: () => PublicKey,
  ) {}

  get(id: string): VerifyJob | null {
    return this.jobs.get(id) ?? null;
  }

  start(): VerifyJob {
    if (this.running) return this.running;
    const job: VerifyJob = {
      job_id: randomUUID(),
      state: 'running',
      checked: 0,
      total: 0,
      started_at: new Date().toISOString(),
      finished_at: null,
      problems: [],
    };
    this.running = job;
    this.jobs.set(job.job_id, job);
    for (const id of [...this.jobs.keys()].slice(0, Math.max(0, this.jobs.size - KEEP))) this.jobs.delete(id);
    void this.run(job, this.store.db);
    return job;
  }

  private async run(job: VerifyJob, db: Db): Promise<void> {
    try {
      const seal = await verifySeal(db, {
        publicKey: this.publicKey(),
        onProgress: (checked, total) => {
          job.checked = checked;
          job.total = total;
        },
      });
      // The per-stream chains catch an edit the seal alone would only see as a changed hash.
      const chains = await verifyHashChains(this.store);
      job.problems = [
        ...seal.problems,
        ...chains.problems.map((p) => `stream ${p.streamId} version ${p.streamVersion} (position ${p.globalPosition}): ${p.problem}`),
      ];
      job.state = job.problems.length === 0 ? 'passed' : 'failed';
    } catch (error) {
      job.problems = [`the check could not finish: ${error instanceof Error ? error.message : String(error)}`];
      job.state = 'failed';
    } finally {
      job.finished_at = new Date().toISOString();
      this.running = null;
    }
  }
}
