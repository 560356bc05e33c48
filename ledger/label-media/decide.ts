/**
 * The site's saved label media: saved, changed and deleted by id. Names are unique without regard
 * to case (a person picks a medium by its name), and a site keeps at most MEDIA_LIMITS.saved.
 */
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../contract/label-media.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { LabelMediaCommand } from './commands.ts';
import type { LabelMediaEvent, StoredMedium } from './events.ts';
import { evolve } from './evolve.ts';
import { initialLabelMediaState, type LabelMediaState, type SavedMediumState } from './state.ts';

const nameKey = (name: string) => name.trim().toLowerCase();

function requireNameFree(state: LabelMediaState, name: string, mediumId: string): void {
  const key = nameKey(name);
  for (const [id, saved] of state.media) {
    if (id !== mediumId && nameKey(saved.name) === key) throw new DomainError('CONFLICT', MEDIA_MESSAGES.nameTaken, 'name');
  }
}

function requireSaved(state: LabelMediaState, mediumId: string): SavedMediumState {
  const saved = state.media.get(mediumId);
  if (!saved) throw new DomainError('NOT_FOUND', MEDIA_MESSAGES.notFound);
  return saved;
}

/** Media are flat records; a medium read back from jsonb has its keys in another order. */
function sameMedium(a: StoredMedium, b: StoredMedium): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

export function decide(command: LabelMediaCommand, state: LabelMediaState): LabelMediaEvent[] {
  switch (command.type) {
    case 'SaveLabelMedium': {
      const { mediumId, name } = command.data;
      if (state.media.has(mediumId)) throw new DomainError('CONFLICT', 'A saved media with this id already exists.');
      requireNameFree(state, name, mediumId);
      if (state.media.size >= MEDIA_LIMITS.saved) throw new DomainError('DOMAIN_RULE', MEDIA_MESSAGES.tooMany);
      return [{ type: 'LabelMediumSaved', data: command.data }];
    }
    case 'ChangeLabelMedium': {
      const saved = requireSaved(state, command.data.mediumId);
      requireNameFree(state, command.data.name, command.data.mediumId);
      if (saved.name === command.data.name && sameMedium(saved.medium, command.data.medium)) return [];
      return [{ type: 'LabelMediumChanged', data: command.data }];
    }
    case 'DeleteLabelMedium':
      requireSaved(state, command.data.mediumId);
      return [{ type: 'LabelMediumDeleted', data: command.data }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const labelMediaDecider: Decider<LabelMediaCommand, LabelMediaEvent, LabelMediaState> = {
  initialState: initialLabelMediaState,
  decide,
  evolve,
};
