/**
 * The one formatting function of label templates (spec 02 §5, Template), shared by the server's
 * import and the template editor's live preview so the two can never disagree:
 *
 * - a field whose value is missing or blank is skipped (its prepend and append text too);
 * - casing applies to the value only, never to the prepend or append text;
 * - prepend and append text wrap the value;
 * - the formatted fields of a line are joined by the line's separator;
 * - a line with no values is dropped from an imported label, unless the line says
 *   `leaveBlankIfNoData`, which keeps it as a blank line (so later lines keep their places);
 * - the editor shows such a line as an empty line either way, so the author sees it exists.
 */

export type Casing = 'none' | 'uppercase' | 'lowercase';

export interface TemplateFieldSpec {
  name: string;
  prependText: string;
  appendText: string;
}

export interface TemplateLineSpec {
  id: string;
  fields: readonly TemplateFieldSpec[];
  separator: string;
  casing: Casing;
  leaveBlankIfNoData?: boolean;
}

/** One data row: column name → text (a raw import row, or a sample row in the editor). */
export type DataRow = Readonly<Record<string, string | null | undefined>>;

/** `import` drops lines with no values (unless leaveBlankIfNoData); `editor` shows them empty. */
export type FormatMode = 'import' | 'editor';

export const DEFAULT_SEPARATOR = ' ';

function applyCasing(value: string, casing: Casing): string {
  if (casing === 'uppercase') return value.toUpperCase();
  if (casing === 'lowercase') return value.toLowerCase();
  return value;
}

/** One line of a label from one data row, or null when the line has no value. */
export function formatLine(line: TemplateLineSpec, row: DataRow): string | null {
  const parts: string[] = [];
  for (const field of line.fields) {
    const value = (row[field.name] ?? '').trim();
    if (value === '') continue;
    parts.push(`${field.prependText}${applyCasing(value, line.casing)}${field.appendText}`);
  }
  return parts.length === 0 ? null : parts.join(line.separator);
}

/** The lines of one label formatted from one data row by a template's lines. */
export function formatLabel(lines: readonly TemplateLineSpec[], row: DataRow, mode: FormatMode): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const text = formatLine(line, row);
    if (text !== null) out.push(text);
    else if (mode === 'editor' || line.leaveBlankIfNoData) out.push('');
  }
  return out;
}
