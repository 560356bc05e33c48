/** Interface placeholder while the print dialog is written on its branch. */
import type { PrintSourceInput } from '@contract/label-print.ts';
import { AppModal } from '../../components/app-modal.tsx';

export interface LabelPrintDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What to print: labels, assets, parts or locations (contract/label-print.ts). */
  source: PrintSourceInput;
  /** Records the source names (before copies), for the heading: "Print 30 labels". */
  count: number;
  /** The project whose label templates may format the labels; none offers the built-in layout only. */
  templateProjectId?: string;
}

export function LabelPrintDialog({ opened, onClose, count }: LabelPrintDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={`Print ${count} labels`}>
      {null}
    </AppModal>
  );
}
