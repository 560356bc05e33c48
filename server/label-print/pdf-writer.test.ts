import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../contract/label-media.ts';
import type { LabelContent, PrintJob } from './display-list.ts';
import { writePdf } from './pdf-writer.ts';

const job = (id: string, startAt = 1): PrintJob => ({ medium: findPreset(id)!.medium, startAt, minFontPt: 6 });

function cable(i: number): LabelContent {
  const id = `C-${100_000 + i}`;
  return {
    name: id,
    lines: [`DH1-R${i % 40}-U${i % 42}`, `Cable ${id} to PP-${i % 500}`, 'Cat6A 2 m blue'],
    code: i % 3 === 0 ? { symbology: 'code128', value: id } : undefined,
  };
}

async function* labels(count: number, each: (i: number) => LabelContent = cable) {
  for (let i = 0; i < count; i++) yield each(i);
}

/** A reader that counts bytes and takes each chunk a turn of the event loop later (a slow client). */
function slowCounter() {
  const seen = { bytes: 0, head: '', tail: '' };
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      if (seen.bytes === 0) seen.head = chunk.subarray(0, 8).toString('latin1');
      seen.bytes += chunk.length;
      seen.tail = (seen.tail + chunk.toString('latin1')).slice(-16);
      setImmediate(done);
    },
  });
  return { out, seen };
}

describe('writing labels as PDF', () => {
  it('writes a whole PDF and counts its labels and pages, starting part way down a sheet', async () => {
    const { out, seen } = slowCounter();
    // L7160 has 21 labels a sheet: starting at position 5, 17 labels fill the first sheet and 18 need a second.
    expect(await writePdf(job('avery-l7160', 5), labels(17), out)).toEqual({ labels: 17, pages: 1 });
    expect(seen.head).toBe('%PDF-1.3');
    expect(seen.tail.trim().endsWith('%%EOF')).toBe(true);
    const second = slowCounter();
    expect(await writePdf(job('avery-l7160', 5), labels(18), second.out)).toEqual({ labels: 18, pages: 2 });
  });

  it('prints a roll one label a page', async () => {
    const { out } = slowCounter();
    expect(await writePdf(job('roll-62x29'), labels(7), out)).toEqual({ labels: 7, pages: 7 });
  });

  it('keeps memory flat over 20,000 labels into a slow reader', async () => {
    // Live memory, not garbage: collected before each sample.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const { out, seen } = slowCounter();
    const samples: number[] = [];
    async function* sampled() {
      for (let i = 0; i < 20_000; i++) {
        if (i % 2_000 === 0) {
          collect();
          samples.push(process.memoryUsage().heapUsed);
        }
        yield cable(i);
      }
    }
    const result = await writePdf(job('avery-l7651'), sampled(), out);
    expect(result).toEqual({ labels: 20_000, pages: Math.ceil(20_000 / 65) });
    expect(seen.bytes).toBeGreaterThan(500_000);
    // From the 2,000th label on (fonts loaded, caches warm), live memory grows by the bounded width cache at most.
    const growth = (Math.max(...samples.slice(2)) - samples[1]!) / 1e6;
    expect(growth, `heap ${Math.round(samples[1]! / 1e6)} MB at label 2,000, then ${growth.toFixed(1)} MB more`).toBeLessThan(10);
  }, 120_000);

  it('stops with the reader’s error when it fails part way, and closes the source', async () => {
    let taken = 0;
    const failing = new Writable({
      write(chunk: Buffer, _encoding, done) {
        taken += chunk.length;
        done(taken > 200_000 ? new Error('client went away') : undefined);
      },
    });
    let read = 0;
    let closed = false;
    async function* source() {
      try {
        for (; read < 20_000; read++) yield cable(read);
      } finally {
        closed = true;
      }
    }
    await expect(writePdf(job('avery-l7651'), source(), failing)).rejects.toThrow('client went away');
    // The source (a database cursor, in a print) is closed as soon as the failure is seen, not read to its end.
    expect(closed).toBe(true);
    expect(read).toBeLessThan(20_000);
  }, 60_000);
});
