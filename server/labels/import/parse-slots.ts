/**
 * How many import files one server process parses at once. Each parse holds a worker thread with a
 * heap of up to a gigabyte for up to its time limit, so unbounded they would take the machine's
 * memory and cores from everything else. The next parses wait in a short queue for a short time;
 * past either, a preview is told to retry (429). An import job waits as long as it takes: it runs in
 * the background, and failing it for a busy moment would lose the user's import.
 */

export interface ParseSlotLimits {
  /** Parses that run at the same time. */
  atOnce: number;
  /** Parses that may wait for a turn; one more is refused at once. */
  queueLength: number;
  /** How long a waiting parse waits before it is refused. */
  maxWaitMs: number;
}

export const DEFAULT_PARSE_SLOT_LIMITS: ParseSlotLimits = { atOnce: 2, queueLength: 4, maxWaitMs: 10_000 };

/** All slots taken and the queue full, or the wait too long: try again later. */
export class ParserBusyError extends Error {
  constructor(
    readonly atOnce: number,
    readonly retryAfterSeconds: number,
  ) {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    super(`The server is reading ${plural(atOnce, 'import file')} already; try again in ${plural(retryAfterSeconds, 'second')}.`);
    this.name = 'ParserBusyError';
  }
}

interface Waiter {
  start: () => void;
  patient: boolean;
}

export class ParseSlots {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(readonly limits: ParseSlotLimits = DEFAULT_PARSE_SLOT_LIMITS) {}

  /** Parses running now. */
  get running(): number {
    return this.active;
  }

  /** Parses waiting for a turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs `parse` in a slot; `patient` waits as long as it takes instead of giving up with ParserBusyError. */
  async run<T>(parse: () => Promise<T>, options: { patient?: boolean } = {}): Promise<T> {
    await this.turn(options.patient ?? false);
    try {
      return await parse();
    } finally {
      this.active -= 1;
      this.queue.shift()?.start();
    }
  }

  private turn(patient: boolean): Promise<void> {
    if (this.active < this.limits.atOnce && this.queue.length === 0) {
      this.active += 1;
      return Promise.resolve();
    }
    const busy = () => new ParserBusyError(this.limits.atOnce, Math.ceil(this.limits.maxWaitMs / 1000));
    if (!patient && this.queue.filter((w) => !w.patient).length >= this.limits.queueLength) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        patient,
        start: () => {
          clearTimeout(timer);
          this.active += 1;
          resolve();
        },
      };
      if (!patient) {
        timer = setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(busy());
        }, this.limits.maxWaitMs);
      }
      this.queue.push(waiter);
    });
  }
}
