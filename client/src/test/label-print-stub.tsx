/**
 * A stand-in for the label print dialog in component tests of the screens that open it: it shows
 * the heading the real dialog shows ("Print 30 labels", "Print 1 label") and, as JSON, the source and template
 * project it was opened with, so a test reads what would be printed.
 */
import type { ReactElement } from 'react';
import { AppModal } from '../components/app-modal.tsx';
import { LabelPrintContext, type LabelPrintDialogSlotProps } from '../components/codes/label-print-slot.ts';

function StubPrintDialog({ opened, onClose, source, count, templateProjectId }: LabelPrintDialogSlotProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={`Print ${count} label${count === 1 ? '' : 's'}`}>
      <pre data-print="source">{JSON.stringify(source)}</pre>
      <pre data-print="template-project">{templateProjectId ?? ''}</pre>
    </AppModal>
  );
}

/** `ui` inside an app that offers the print dialog. */
export const withPrintDialog = (ui: ReactElement) => <LabelPrintContext.Provider value={StubPrintDialog}>{ui}</LabelPrintContext.Provider>;

/** What the open print dialog was asked to print. */
export function printedSource(dialog: HTMLElement): unknown {
  return JSON.parse(shown(dialog, 'source'));
}

/** The project whose templates the open print dialog offers ('' for none). */
export const printedTemplateProject = (dialog: HTMLElement): string => shown(dialog, 'template-project');

function shown(dialog: HTMLElement, what: string): string {
  const element = dialog.querySelector(`pre[data-print="${what}"]`);
  if (!element) throw new Error('no print dialog is open');
  return element.textContent ?? '';
}
