/** At most `atOnce` parses run; the next wait in a short queue for a short time, then are told to retry. */
import { describe, expect, it } from 'vitest';
import { ParserBusyError, ParseSlots } from './parse-slots.ts';

/** A parse that runs until `finish` is called. */
function heldParse() {
  let finish: () => void = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('parsed');
  });
  return { run: () => done, finish };
}

describe('ParseSlots', () => {
  it('runs two at once and starts a waiting one, first come first served, when a slot frees', async () => {
    const slots = new ParseSlots({ atOnce: 2, queueLength: 2, maxWaitMs: 5000 });
    const [a, b, c, d] = [heldParse(), heldParse(), heldParse(), heldParse()];
    const started: string[] = [];
    const run = (name: string, parse: ReturnType<typeof heldParse>) =>
      slots.run(() => {
        started.push(name);
        return parse.run();
      });
    const answers = [run('a', a), run('b', b), run('c', c), run('d', d)];
    await Promise.resolve();
    expect({ running: slots.running, waiting: slots.waiting, started }).toEqual({ running: 2, waiting: 2, started: ['a', 'b'] });
    b.finish();
    await expect(answers[1]).resolves.toBe('parsed');
    expect(started).toEqual(['a', 'b', 'c']);
    for (const parse of [a, c, d]) parse.finish();
    await Promise.all(answers);
    expect({ running: slots.running, waiting: slots.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, and after the longest wait', async () => {
    const slots = new ParseSlots({ atOnce: 1, queueLength: 1, maxWaitMs: 50 });
    const held = heldParse();
    const running = slots.run(held.run);
    const waiting = slots.run(async () => 'never');
    const refused = slots.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(ParserBusyError);
    await expect(refused).rejects.toThrow('The server is reading 1 import file already; try again in 1 second.');
    await expect(waiting).rejects.toBeInstanceOf(ParserBusyError);
    expect(slots.waiting).toBe(0);
    held.finish();
    await running;
  });

  it('lets a patient parse (an import job) wait as long as it takes, past a full queue', async () => {
    const slots = new ParseSlots({ atOnce: 1, queueLength: 0, maxWaitMs: 10 });
    const held = heldParse();
    const running = slots.run(held.run);
    const patient = slots.run(async () => 'job parsed', { patient: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slots.waiting).toBe(1);
    held.finish();
    await running;
    await expect(patient).resolves.toBe('job parsed');
  });

  it('frees the slot of a parse that fails', async () => {
    const slots = new ParseSlots({ atOnce: 1, queueLength: 1, maxWaitMs: 1000 });
    await expect(slots.run(async () => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
