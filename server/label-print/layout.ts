/** Interface placeholder while the layout is written on its branch. */
import type { LabelContent, LaidOutLabel, PrintJob } from './display-list.ts';

/** Lays one label out: its code and its lines fitted to its rectangle, with warnings for what did not fit. */
export function layoutLabel(_job: PrintJob, _content: LabelContent, _index: number): LaidOutLabel {
  throw new Error('layoutLabel is written on the print-render branch');
}

/** Refuses (DomainError VALIDATION, with the numbers) a medium whose label cannot hold any text. */
export function checkTextRoom(_job: PrintJob, _withCode: boolean): void {
  throw new Error('checkTextRoom is written on the print-render branch');
}
