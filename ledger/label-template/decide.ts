/**
 * A label template: created once, changed, deleted; only within the project it belongs to. A
 * template formats at least one field, else every label it made would be empty.
 */
import { hasAField, LABEL_MESSAGES } from '../../contract/labels.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { LabelTemplateCommand } from './commands.ts';
import type { LabelTemplateEvent, TemplateDataValue } from './events.ts';
import { evolve } from './evolve.ts';
import { initialLabelTemplateState, type LabelTemplateState } from './state.ts';

export const TEMPLATE_NOT_FOUND = LABEL_MESSAGES.templateNotFound;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function requireLive(state: LabelTemplateState, projectId: string): Extract<LabelTemplateState, { status: 'live' | 'deleted' }> {
  // A template of another project is as good as absent to this one.
  if (state.status !== 'live' || state.projectId !== projectId) throw new DomainError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return state;
}

function requireAField(templateData: TemplateDataValue): void {
  if (!hasAField(templateData.lines)) throw new DomainError('VALIDATION', LABEL_MESSAGES.templateFieldRequired, 'template_data.lines');
}

export function decide(command: LabelTemplateCommand, state: LabelTemplateState): LabelTemplateEvent[] {
  switch (command.type) {
    case 'CreateLabelTemplate':
      if (state.status !== 'absent') throw new DomainError('CONFLICT', 'A template with this id already exists.');
      requireAField(command.data.templateData);
      return [{ type: 'LabelTemplateCreated', data: command.data }];
    case 'ChangeLabelTemplate': {
      const live = requireLive(state, command.data.projectId);
      requireAField(command.data.templateData);
      if (live.name === command.data.name && same(live.templateData, command.data.templateData)) return [];
      return [{ type: 'LabelTemplateChanged', data: command.data }];
    }
    case 'DeleteLabelTemplate':
      requireLive(state, command.data.projectId);
      return [{ type: 'LabelTemplateDeleted', data: command.data }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const labelTemplateDecider: Decider<LabelTemplateCommand, LabelTemplateEvent, LabelTemplateState> = {
  initialState: initialLabelTemplateState,
  decide,
  evolve,
};
