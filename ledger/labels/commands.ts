import type { ImportedLabel } from './events.ts';

/** Commands of a project's label database; ids are chosen by the caller, so decide stays pure. */
export type LabelCommand =
  | { type: 'ImportLabels'; data: { projectId: string; importId: string; labels: ImportedLabel[]; templateId?: string | null } }
  | { type: 'DeleteLabels'; data: { projectId: string; ids: string[] } }
  /** `ids` are the import's labels; those still live are removed, the rest were deleted since. */
  | { type: 'UndoLabelImport'; data: { projectId: string; importId: string; ids: string[] } };
