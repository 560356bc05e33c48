/**
 * The label print dialog, handed down from the composition root: it lives in the label-print
 * feature, and the screens of other features that print labels (the Label Database, the dashboard,
 * Asset Details, warehouse inventory) open it.
 */
import type { PrintSourceInput } from '@contract/label-print.ts';
import { type ComponentType, createContext, useContext } from 'react';

export interface LabelPrintDialogSlotProps {
  opened: boolean;
  onClose: () => void;
  /** What to print: labels, assets, parts or locations. */
  source: PrintSourceInput;
  /** Records the source names (before copies), for the heading. */
  count: number;
  /** The project whose label templates may format the labels. */
  templateProjectId?: string;
}

export const LabelPrintContext = createContext<ComponentType<LabelPrintDialogSlotProps> | null>(null);

/** The print dialog, or null where none is provided (a test, a screen outside the app). */
export const useLabelPrintDialog = () => useContext(LabelPrintContext);
