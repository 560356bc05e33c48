/**
 * Labels from the rows of an import file (spec 02 §5, Label import): a preformatted row keeps its
 * non-blank cells, trimmed, as lines; a raw row is formatted by a template's lines with the one
 * formatting function the template editor previews with (contract/label-format.ts). The file's
 * System and Cluster/Pod, when given, tag every label.
 */
import { formatLabel, type DataRow, type TemplateLineSpec } from '../../contract/label-format.ts';
import type { LabelToImport } from './label-commands.ts';

export interface ImportTags {
  system?: string | null;
  clusterPod?: string | null;
}

/** Preformatted rows: each row's non-blank cells, trimmed, are its lines; empty rows are skipped. */
export function preformattedLabels(rows: ReadonlyArray<readonly unknown[]>, tags: ImportTags = {}): LabelToImport[] {
  const labels: LabelToImport[] = [];
  for (const row of rows) {
    const lines = row.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim())).filter((cell) => cell !== '');
    if (lines.length > 0) labels.push({ lines, system: tags.system ?? null, clusterPod: tags.clusterPod ?? null });
  }
  return labels;
}

/** Raw rows formatted by a template: lines with no values are dropped unless the line keeps them blank. */
export function templatedLabels(lines: readonly TemplateLineSpec[], rows: readonly DataRow[], tags: ImportTags = {}): LabelToImport[] {
  const labels: LabelToImport[] = [];
  for (const row of rows) {
    const formatted = formatLabel(lines, row, 'import');
    if (formatted.some((line) => line !== '')) labels.push({ lines: formatted, system: tags.system ?? null, clusterPod: tags.clusterPod ?? null });
  }
  return labels;
}
