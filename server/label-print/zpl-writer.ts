/**
 * ZPL II for thermal printers: each laid-out label becomes one ^XA…^XZ format in dots at the
 * roll's dpi, its text in the printer's scalable font 0 fitted to the same boxes the PDF uses, its
 * codes as the printer's own Code 128 (^BC) and QR (^BQ) so they print sharp at any resolution.
 * Data is UTF-8 (^CI28); ZPL's own control characters in data go through ^FH hex escapes.
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MM_PER_INCH } from '../../contract/label-media.ts';
import { PRINT_MESSAGES } from '../../contract/label-print.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { LabelContent, LaidOutLabel, Mark, PrintJob } from './display-list.ts';
import { layoutLabel } from './layout.ts';
import { drainedOrClosed } from './output.ts';

/** ^FH's escape character: `_XX` in a ^FD stands for the byte 0xXX. */
const HEX_ESCAPE = '_';
/** ^BQ's magnification goes from 1 to 10 dots per module. */
const QR_MAGNIFICATION = { min: 1, max: 10 } as const;

/** ^ starts a command, ~ a control command and _ our hex escape: each is written as its hex code. */
export function escapeFieldData(value: string): string {
  return value.replace(/[\^~_]/g, (c) => `${HEX_ESCAPE}${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A position or a page side: the nearest dot. */
const dotsOf = (mm: number, dpi: number) => Math.round((mm * dpi) / MM_PER_INCH);

/**
 * A size (a module, a font, a box): whole dots, never more than the layout gave it, so nothing
 * grows past its box (the epsilon only absorbs floating-point error, so 2 in stays 600 dots at 300 dpi).
 */
const dotsWithin = (mm: number, dpi: number) => Math.max(1, Math.floor((mm * dpi) / MM_PER_INCH + 1e-9));
const MM_PER_POINT = MM_PER_INCH / 72;

function markCommands(mark: Mark, originX: number, originY: number, dpi: number): string {
  const x = dotsOf(mark.x_mm - originX, dpi);
  const y = dotsOf(mark.top_mm - originY, dpi);
  switch (mark.kind) {
    case 'text': {
      const height = dotsWithin(mark.size_pt * MM_PER_POINT, dpi);
      const box = dotsWithin(mark.box_width_mm, dpi);
      return `^FO${x},${y}^A0N,${height},${height}^FB${box},1,0,L,0^FH${HEX_ESCAPE}^FD${escapeFieldData(mark.text)}^FS\n`;
    }
    case 'code128': {
      const height = dotsWithin(mark.height_mm, dpi);
      return `^BY${dotsWithin(mark.module_mm, dpi)}^FO${x},${y}^BCN,${height},N,N,N,A^FH${HEX_ESCAPE}^FD${escapeFieldData(mark.value)}^FS\n`;
    }
    case 'qr': {
      const magnification = Math.min(QR_MAGNIFICATION.max, Math.max(QR_MAGNIFICATION.min, dotsWithin(mark.module_mm, dpi)));
      // MA: error correction M (what the layout sized the symbol for), automatic data mode.
      return `^FO${x},${y}^BQN,2,${magnification}^FH${HEX_ESCAPE}^FDMA,${escapeFieldData(mark.value)}^FS\n`;
    }
    default: {
      const never: never = mark;
      throw new Error(`unknown mark ${(never as Mark).kind}`);
    }
  }
}

/** One label as a ZPL II format: the label's own size in dots, each mark placed from its top-left corner. */
export function zplForLabel(job: PrintJob, laid: LaidOutLabel): string {
  if (job.medium.kind !== 'roll') throw new DomainError('VALIDATION', PRINT_MESSAGES.zplNeedsRoll, 'format');
  const { dpi } = job.medium;
  const { rect } = laid;
  let zpl = `^XA\n^CI28\n^PW${dotsOf(rect.width_mm, dpi)}\n^LL${dotsOf(rect.height_mm, dpi)}\n^LH0,0\n`;
  for (const mark of laid.marks) zpl += markCommands(mark, rect.x_mm, rect.y_mm, dpi);
  return `${zpl}^XZ\n`;
}

/**
 * Streams the labels as ZPL II into `out` (and ends it): one ^XA…^XZ per label, UTF-8 (^CI28),
 * positions in dots. One label at a time: a slow reader holds the source back instead of filling
 * memory, and an output that fails or closes early stops the job with an error.
 */
export async function writeZpl(job: PrintJob, labels: AsyncIterable<LabelContent>, out: Writable): Promise<{ labels: number; pages: number }> {
  if (job.medium.kind !== 'roll') throw new DomainError('VALIDATION', PRINT_MESSAGES.zplNeedsRoll, 'format');
  let outError: Error | null = null;
  const onError = (error: Error) => {
    outError = error;
  };
  out.once('error', onError);
  const failed = () => outError ?? (out.destroyed && !out.writableFinished ? new Error('The output closed before the ZPL was written.') : null);
  try {
    let count = 0;
    for await (const content of labels) {
      const zpl = zplForLabel(job, layoutLabel(job, content, count));
      count += 1;
      if (!out.write(zpl, 'utf8')) await drainedOrClosed(out);
      const error = failed();
      if (error) throw error;
    }
    out.end();
    await finished(out, { readable: false });
    return { labels: count, pages: count };
  } finally {
    out.off('error', onError);
  }
}
