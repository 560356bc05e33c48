/**
 * Whether a preformatted file's first row names its columns instead of being a label. A sheet
 * often starts with a row such as `Line1,Line2,Line3` or `Label,System,Cluster/Pod`: every cell of
 * it is a numbered column name (line, column, col, field or label followed by a number) or the name
 * of a label's field, and some later row is not made only of such names, so the first row stands
 * apart from the data. A file whose every row looks like that is taken as labels.
 */
const NUMBERED_COLUMN = /^(line|column|col|field|label)[\s_#.-]*\d{1,3}$/i;
const LABEL_FIELD_NAMES = new Set(['line', 'lines', 'label', 'labels', 'labellines', 'labeltext', 'text', 'system', 'clusterpod', 'cluster', 'pod']);

/** "Cluster/Pod", "cluster_pod" and "Cluster Pod" are one name. */
const bare = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

export const isColumnName = (cell: string): boolean => NUMBERED_COLUMN.test(cell.trim()) || LABEL_FIELD_NAMES.has(bare(cell));

/** `rows` are the file's non-blank rows, their blank cells already left out; the first is judged. */
export function looksLikeHeader(rows: ReadonlyArray<{ readonly cells: readonly string[] }>): boolean {
  const first = rows[0]?.cells ?? [];
  return first.length > 0 && first.every(isColumnName) && rows.some((row, i) => i > 0 && !row.cells.every(isColumnName));
}
