/**
 * The template editor's live preview: up to five sample rows formatted by the lines being edited,
 * with the same function the server formats imports with; a line with no values shows empty.
 */
import { formatLabel, type DataRow } from '../../../../contract/label-format.ts';
import { TEMPLATE_PREVIEW_ROWS, type TemplateData } from '../../../../contract/labels.ts';

export function previewLabels(data: Pick<TemplateData, 'lines'>, samples: readonly DataRow[]): string[][] {
  return samples.slice(0, TEMPLATE_PREVIEW_ROWS).map((row) => formatLabel(data.lines, row, 'editor'));
}

/** Sample rows for a template with no file at hand: each column's own name and a row number. */
export function sampleRows(columns: readonly string[], count = TEMPLATE_PREVIEW_ROWS): DataRow[] {
  return Array.from({ length: count }, (_, i) => Object.fromEntries(columns.map((c) => [c, `${c} ${i + 1}`])));
}
