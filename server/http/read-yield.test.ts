import { describe, expect, it } from 'vitest';
import { ReadYield } from './read-yield.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Admits `count` reads and records the order in which they start. */
function admitMany(reads: ReadYield, count: number, started: number[]): void {
  for (let i = 0; i < count; i += 1) {
    const wait = reads.admit();
    if (wait) void wait.then(() => started.push(i));
    else started.push(i);
  }
}

describe('ReadYield', () => {
  it('lets every read start at once while nothing is being written', () => {
    const reads = new ReadYield(() => false, 2);
    const started: number[] = [];
    admitMany(reads, 10, started);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(reads.queued).toBe(0);
  });

  it('starts at most its allowance a turn while a batch is written, oldest first', async () => {
    const reads = new ReadYield(() => true, 2);
    const started: number[] = [];
    admitMany(reads, 7, started);
    expect(started).toEqual([0, 1]);
    expect(reads.queued).toBe(5);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(reads.queued).toBe(0);
  });

  it('a read that arrives while others wait queues behind them, even once nothing is written', async () => {
    let writing = true;
    const reads = new ReadYield(() => writing, 2);
    const started: number[] = [];
    admitMany(reads, 3, started);
    expect(started).toEqual([0, 1]);
    writing = false;
    // Nothing is written any more, but read 2 still waits: a newcomer must not overtake it.
    const late = reads.admit();
    expect(late).toBeInstanceOf(Promise);
    let lateStarted = false;
    void late!.then(() => {
      lateStarted = true;
    });
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    expect(lateStarted).toBe(true);
  });

  it('lets every waiting read go in the turn after the batch ends', async () => {
    let writing = true;
    const reads = new ReadYield(() => writing, 1);
    const started: number[] = [];
    admitMany(reads, 5, started);
    expect(started).toEqual([0]);
    writing = false;
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // And the next read, with nothing written and nobody waiting, starts at once again.
    expect(reads.admit()).toBeUndefined();
  });

  it('gives a new allowance each turn to reads that arrive in it', async () => {
    const reads = new ReadYield(() => true, 2);
    const first: number[] = [];
    admitMany(reads, 2, first);
    expect(first).toEqual([0, 1]);
    await nextTurn();
    await nextTurn();
    const second: number[] = [];
    admitMany(reads, 3, second);
    expect(second).toEqual([0, 1]);
    await nextTurn();
    expect(second).toEqual([0, 1, 2]);
  });
});
