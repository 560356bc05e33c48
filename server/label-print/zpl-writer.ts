/** Interface placeholder while the ZPL writer is written on its branch. */
import type { Writable } from 'node:stream';
import type { LabelContent, PrintJob } from './display-list.ts';

/** Streams the labels as ZPL II into `out`: one ^XA…^XZ per label, UTF-8 (^CI28), positions in dots. */
export async function writeZpl(_job: PrintJob, _labels: AsyncIterable<LabelContent>, _out: Writable): Promise<{ labels: number; pages: number }> {
  throw new Error('writeZpl is written on the print-zpl-media branch');
}
