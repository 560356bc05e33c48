/** The material catalogue aggregate: a part number, its name and nickname, and their edits. */
import { PART_NAMES_REQUIRED, PART_NOT_IN_CATALOG, PART_NUMBER_TAKEN } from '../../contract/messages.ts';
import { DomainError } from '../errors.ts';
import type { Decider } from '../decider.ts';
import type { MaterialCommand } from './commands.ts';
import type { MaterialEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialMaterialState, type MaterialState } from './state.ts';

export { initialMaterialState } from './state.ts';

const REQUIRED = PART_NAMES_REQUIRED;

const trimmedOrNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

export function decide(command: MaterialCommand, state: MaterialState): MaterialEvent[] {
  switch (command.type) {
    case 'DefineMaterial': {
      const { materialId } = command.data;
      const partNumber = command.data.partNumber.trim();
      const partName = command.data.partName.trim();
      const partNickname = command.data.partNickname.trim();
      if (partNumber === '' || partName === '') throw new DomainError('VALIDATION', REQUIRED);
      if (state.defined) throw new DomainError('CONFLICT', PART_NUMBER_TAKEN);
      return [{ type: 'MaterialDefined', data: { materialId, partNumber, partName, partNickname } }];
    }
    case 'EditMaterialDetails': {
      if (!state.defined || state.materialId === null) throw new DomainError('NOT_FOUND', PART_NOT_IN_CATALOG);
      const partName = command.data.partName.trim();
      const partNickname = command.data.partNickname.trim();
      const requested = trimmedOrNull(command.data.newPartNumber);
      const partNumber = requested !== null && requested !== state.partNumber ? requested : state.partNumber;
      if (partNumber === '' || partName === '') throw new DomainError('VALIDATION', REQUIRED);
      if (partNumber === state.partNumber && partName === state.partName && partNickname === state.partNickname) return [];
      return [
        {
          type: 'MaterialDetailsEdited',
          data: {
            materialId: state.materialId,
            partNumber,
            partName,
            partNickname,
            previousPartNumber: state.partNumber,
            note: trimmedOrNull(command.data.note),
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const materialDecider: Decider<MaterialCommand, MaterialEvent, MaterialState> = {
  initialState: initialMaterialState,
  decide,
  evolve,
};
