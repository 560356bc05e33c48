/** Interface placeholder while the PDF writer is written on its branch. */
import type { Writable } from 'node:stream';
import type { LabelContent, PrintJob } from './display-list.ts';

/** Streams the labels as a PDF into `out`, page by page; never holds more than one page. */
export async function writePdf(_job: PrintJob, _labels: AsyncIterable<LabelContent>, _out: Writable): Promise<{ labels: number; pages: number }> {
  throw new Error('writePdf is written on the print-render branch');
}
