/** What the PDF and ZPL writers share about the stream they write into. */
import type { Writable } from 'node:stream';

/** Waits until the output takes more, or closes or fails (a client that went away never drains). */
export async function drainedOrClosed(out: Writable): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}
