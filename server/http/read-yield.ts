/**
 * Reads give way to writes. A command batch makes five round trips to the database, and the answer
 * to each waits until the event loop comes round to its socket; under a steady load of reads every
 * turn of the loop first runs the reads that arrived meanwhile, so a receive waited behind a hundred
 * reads. While a batch is being written, at most `perTurn` reads start per turn of the loop and the
 * rest wait their turn, oldest first; the turns stay short and the batch's answers are taken up
 * sooner. With no batch in flight every read starts at once.
 *
 * Measured with `npm run bench -- --mixed` (24 connections reading, 8 receiving): receives 232–268/s
 * with p99 79–91 ms without it; 347–468/s with p99 46–55 ms at four reads a turn, reads staying
 * near 4,000/s with p99 20–29 ms. One read a turn starved the reads (1,682/s, p99 61 ms); twelve
 * gave the receives back most of their wait.
 */
export const READS_PER_TURN = 4;

export class ReadYield {
  private startedThisTurn = 0;
  private readonly waiting: Array<() => void> = [];
  private turnScheduled = false;

  constructor(
    /** Whether a command batch is being written now. */
    private readonly writing: () => boolean,
    private readonly perTurn = READS_PER_TURN,
  ) {}

  /** Nothing when the read may start now; else a promise that resolves when it may. */
  admit(): Promise<void> | undefined {
    if (this.waiting.length === 0 && !this.writing()) return undefined;
    this.scheduleTurn();
    if (this.waiting.length === 0 && this.startedThisTurn < this.perTurn) {
      this.startedThisTurn += 1;
      return undefined;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Reads waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    // setImmediate runs once per turn, after the loop has taken up the sockets that were ready.
    setImmediate(() => this.nextTurn());
  }

  private nextTurn(): void {
    this.turnScheduled = false;
    const allowance = this.writing() ? this.perTurn : this.waiting.length;
    const go = this.waiting.splice(0, allowance);
    this.startedThisTurn = go.length;
    for (const resolve of go) resolve();
    // A turn that started reads is followed by one more, which gives the next turn's arrivals a
    // fresh allowance instead of this one's count.
    if (this.waiting.length > 0 || this.startedThisTurn > 0) this.scheduleTurn();
  }
}
