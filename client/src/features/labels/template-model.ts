/**
 * The template editor's state and its changes (spec 02 §2.12), as pure functions: a new template
 * starts with one empty line (separator a space, casing none) that is active; fields are added to
 * the active line from the available columns; a used field's x takes it out of every line.
 */
import { type Casing, DEFAULT_SEPARATOR } from '@contract/label-format.ts';
import { hasAField, LABEL_MESSAGES, type TemplateBody, type TemplateData, type TemplateLine } from '@contract/labels.ts';

export interface TemplateDraft {
  name: string;
  columns: string[];
  lines: TemplateLine[];
  /** The line fields are added to. */
  activeLineId: string | null;
  /** Lines shown open. */
  expanded: string[];
  /** Numbers the next new line's id. */
  nextLine: number;
}

const emptyLine = (n: number): TemplateLine => ({ id: `line-${n}`, fields: [], separator: DEFAULT_SEPARATOR, casing: 'none' });

export function newDraft(columns: readonly string[] = []): TemplateDraft {
  const line = emptyLine(1);
  return { name: '', columns: [...columns], lines: [line], activeLineId: line.id, expanded: [line.id], nextLine: 2 };
}

export function draftOf(template: { name: string; template_data: TemplateData }): TemplateDraft {
  const lines = template.template_data.lines.map((l) => ({ ...l, fields: l.fields.map((f) => ({ ...f })) }));
  const first = lines[0]?.id ?? null;
  const numbers = lines.map((l) => Number(/^line-(\d+)$/.exec(l.id)?.[1] ?? 0));
  return {
    name: template.name,
    columns: [...template.template_data.columns],
    lines,
    activeLineId: first,
    expanded: first ? [first] : [],
    nextLine: Math.max(0, ...numbers) + 1,
  };
}

export const usedColumns = (draft: TemplateDraft): string[] => [...new Set(draft.lines.flatMap((l) => l.fields.map((f) => f.name)))];
export const availableColumns = (draft: TemplateDraft): string[] => {
  const used = new Set(usedColumns(draft));
  return draft.columns.filter((c) => !used.has(c));
};

export function addColumn(draft: TemplateDraft, name: string): TemplateDraft {
  const column = name.trim();
  if (!column || draft.columns.includes(column)) return draft;
  return { ...draft, columns: [...draft.columns, column] };
}

export function removeColumn(draft: TemplateDraft, name: string): TemplateDraft {
  return removeFieldEverywhere({ ...draft, columns: draft.columns.filter((c) => c !== name) }, name);
}

const mapLine = (draft: TemplateDraft, id: string, change: (line: TemplateLine) => TemplateLine): TemplateDraft => ({
  ...draft,
  lines: draft.lines.map((l) => (l.id === id ? change(l) : l)),
});

export function addLine(draft: TemplateDraft): TemplateDraft {
  const line = emptyLine(draft.nextLine);
  return { ...draft, lines: [...draft.lines, line], activeLineId: line.id, expanded: [...draft.expanded, line.id], nextLine: draft.nextLine + 1 };
}

export function removeLine(draft: TemplateDraft, id: string): TemplateDraft {
  const lines = draft.lines.filter((l) => l.id !== id);
  const activeLineId = draft.activeLineId === id ? (lines[0]?.id ?? null) : draft.activeLineId;
  return { ...draft, lines, activeLineId, expanded: draft.expanded.filter((e) => e !== id) };
}

/** A click on a line's header: it becomes the active line and opens, or closes if it was open. */
export function toggleLine(draft: TemplateDraft, id: string): TemplateDraft {
  const open = draft.expanded.includes(id);
  return { ...draft, activeLineId: id, expanded: open ? draft.expanded.filter((e) => e !== id) : [...draft.expanded, id] };
}

/** Adds a column to the active line (the first line when none is active). */
export function addFieldToActiveLine(draft: TemplateDraft, name: string): TemplateDraft {
  const id = draft.activeLineId ?? draft.lines[0]?.id;
  if (!id) return draft;
  const withColumn = draft.columns.includes(name) ? draft : { ...draft, columns: [...draft.columns, name] };
  return mapLine(withColumn, id, (l) => ({ ...l, fields: [...l.fields, { name, prependText: '', appendText: '' }] }));
}

export function removeFieldEverywhere(draft: TemplateDraft, name: string): TemplateDraft {
  return { ...draft, lines: draft.lines.map((l) => ({ ...l, fields: l.fields.filter((f) => f.name !== name) })) };
}

export function removeField(draft: TemplateDraft, lineId: string, index: number): TemplateDraft {
  return mapLine(draft, lineId, (l) => ({ ...l, fields: l.fields.filter((_, i) => i !== index) }));
}

export function updateField(draft: TemplateDraft, lineId: string, index: number, patch: { prependText?: string; appendText?: string }): TemplateDraft {
  return mapLine(draft, lineId, (l) => ({ ...l, fields: l.fields.map((f, i) => (i === index ? { ...f, ...patch } : f)) }));
}

export function updateLine(draft: TemplateDraft, lineId: string, patch: { separator?: string; casing?: Casing; leaveBlankIfNoData?: boolean }): TemplateDraft {
  return mapLine(draft, lineId, (l) => ({ ...l, ...patch }));
}

/** Why the draft cannot be saved yet, or null when it can. */
export function draftProblem(draft: TemplateDraft): string | null {
  if (!draft.name.trim()) return LABEL_MESSAGES.templateNameRequired;
  if (draft.lines.length === 0) return LABEL_MESSAGES.templateLineRequired;
  if (!hasAField(draft.lines)) return LABEL_MESSAGES.templateFieldRequired;
  return null;
}

export function draftBody(draft: TemplateDraft): TemplateBody {
  return { name: draft.name.trim(), template_data: { columns: draft.columns, lines: draft.lines } };
}
