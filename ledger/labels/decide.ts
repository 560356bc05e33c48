/** A project's label database: imports in batches of events, deletes all or nothing. */
import { LABEL_MESSAGES } from '../../contract/labels.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { LabelCommand } from './commands.ts';
import { LABELS_PER_EVENT, type LabelEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialLabelsState, type LabelsState } from './state.ts';

export const LABELS_NOT_IN_PROJECT = 'Some of these labels are not in this project (or were already deleted); nothing was deleted.';

function importLabels(command: Extract<LabelCommand, { type: 'ImportLabels' }>, state: LabelsState): LabelEvent[] {
  const { projectId, importId, labels, templateId } = command.data;
  if (labels.length === 0) throw new DomainError('VALIDATION', LABEL_MESSAGES.noLabelsToImport);
  const seen = new Set<string>();
  for (const label of labels) {
    if (seen.has(label.id) || state.live.has(label.id)) throw new DomainError('CONFLICT', 'A label with this id already exists.');
    seen.add(label.id);
  }
  const events: LabelEvent[] = [];
  for (let start = 0; start < labels.length; start += LABELS_PER_EVENT) {
    const batch = labels.slice(start, start + LABELS_PER_EVENT);
    events.push({ type: 'LabelsImported', data: templateId ? { projectId, importId, labels: batch, templateId } : { projectId, importId, labels: batch } });
  }
  return events;
}

function deleteLabels(command: Extract<LabelCommand, { type: 'DeleteLabels' }>, state: LabelsState): LabelEvent[] {
  const ids = [...new Set(command.data.ids)];
  if (ids.length === 0) throw new DomainError('VALIDATION', LABEL_MESSAGES.selectLabels);
  // All or nothing: an id of another project (or one already deleted) refuses the whole delete.
  if (ids.some((id) => !state.live.has(id))) throw new DomainError('DOMAIN_RULE', LABELS_NOT_IN_PROJECT);
  const labels = ids.map((id) => ({ id, ...state.live.get(id)! }));
  return [{ type: 'LabelsDeleted', data: { projectId: command.data.projectId, labels } }];
}

export const NOTHING_TO_UNDO = 'Nothing of this import is left to undo.';

function undoImport(command: Extract<LabelCommand, { type: 'UndoLabelImport' }>, state: LabelsState): LabelEvent[] {
  const { projectId, importId } = command.data;
  // Labels deleted since the import stay deleted; the undo takes back what is left of it.
  const labels = [...new Set(command.data.ids)].filter((id) => state.live.has(id)).map((id) => ({ id, ...state.live.get(id)! }));
  if (labels.length === 0) throw new DomainError('DOMAIN_RULE', NOTHING_TO_UNDO);
  return [{ type: 'LabelsImportUndone', data: { projectId, importId, labels } }];
}

export function decide(command: LabelCommand, state: LabelsState): LabelEvent[] {
  switch (command.type) {
    case 'ImportLabels':
      return importLabels(command, state);
    case 'DeleteLabels':
      return deleteLabels(command, state);
    case 'UndoLabelImport':
      return undoImport(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const labelsDecider: Decider<LabelCommand, LabelEvent, LabelsState> = { initialState: initialLabelsState, decide, evolve };
