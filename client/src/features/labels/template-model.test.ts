import { describe, expect, it } from 'vitest';
import {
  addColumn,
  addFieldToActiveLine,
  addLine,
  availableColumns,
  draftBody,
  draftProblem,
  newDraft,
  removeFieldEverywhere,
  removeLine,
  toggleLine,
  updateField,
  usedColumns,
} from './template-model.ts';

describe('template editor state', () => {
  it('starts with one empty, active, open line: separator a space, casing none', () => {
    const draft = newDraft(['Rack']);
    expect(draft.lines).toEqual([{ id: 'line-1', fields: [], separator: ' ', casing: 'none' }]);
    expect(draft.activeLineId).toBe('line-1');
    expect(draft.expanded).toEqual(['line-1']);
  });

  it('adds an available field to the active line, and its x takes it out of every line', () => {
    let draft = addColumn(addColumn(newDraft(), 'Rack'), 'Port');
    draft = addFieldToActiveLine(draft, 'Rack');
    expect(usedColumns(draft)).toEqual(['Rack']);
    expect(availableColumns(draft)).toEqual(['Port']);
    draft = addLine(draft);
    expect(draft.activeLineId).toBe('line-2');
    draft = addFieldToActiveLine(draft, 'Port');
    expect(draft.lines.map((l) => l.fields.map((f) => f.name))).toEqual([['Rack'], ['Port']]);
    expect(availableColumns(removeFieldEverywhere(draft, 'Rack'))).toEqual(['Rack']);
  });

  it('toggles a line open and closed on click, making it active', () => {
    let draft = addLine(newDraft());
    draft = toggleLine(draft, 'line-1');
    expect(draft.activeLineId).toBe('line-1');
    expect(draft.expanded).toEqual(['line-2']);
    draft = toggleLine(draft, 'line-1');
    expect(draft.expanded).toEqual(['line-2', 'line-1']);
  });

  it('needs a name, at least one line and a field on a line before it can be saved', () => {
    const draft = newDraft(['Rack']);
    expect(draftProblem(draft)).toBe('Template name is required');
    expect(draftProblem(removeLine({ ...draft, name: 'T' }, 'line-1'))).toBe('At least one template line is required');
    expect(draftProblem({ ...draft, name: 'T' })).toBe('Template lines need at least one field');
    expect(draftProblem(addLine(addFieldToActiveLine({ ...draft, name: 'T' }, 'Rack')))).toBeNull();
  });

  it('keeps prepend and append text as typed', () => {
    const draft = updateField(addFieldToActiveLine(newDraft(['A']), 'A'), 'line-1', 0, { prependText: ' [', appendText: '] ' });
    expect(draftBody({ ...draft, name: ' T ' })).toEqual({
      name: 'T',
      template_data: {
        columns: ['A'],
        lines: [{ id: 'line-1', fields: [{ name: 'A', prependText: ' [', appendText: '] ' }], separator: ' ', casing: 'none' }],
      },
    });
  });
});
