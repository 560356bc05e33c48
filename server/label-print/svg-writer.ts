/** Interface placeholder while the preview writer is written on its branch. */
import type { PrintPreview } from '../../contract/label-print.ts';
import type { LabelContent, PrintJob } from './display-list.ts';

/** The first page as SVG and every label's warnings (lays out all labels, draws one page). */
export async function previewPage(_job: PrintJob, _labels: AsyncIterable<LabelContent>): Promise<PrintPreview> {
  throw new Error('previewPage is written on the print-render branch');
}
