import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { MaterialCommand } from './commands.ts';
import { decide, materialDecider } from './decide.ts';
import { evolve } from './evolve.ts';
import { materialStreamId, type MaterialEvent } from './events.ts';

const spec = deciderSpec(materialDecider);
const materialId = 'm-1';

const defined: MaterialEvent = {
  type: 'MaterialDefined',
  data: { materialId, partNumber: 'PN-100', partName: 'Copper wire', partNickname: 'Cu' },
};

const define = (partNumber: string, partName: string, partNickname = ''): MaterialCommand => ({
  type: 'DefineMaterial',
  data: { materialId, partNumber, partName, partNickname },
});

const edit = (data: { partName: string; partNickname: string; newPartNumber?: string | null; note?: string | null }): MaterialCommand => ({
  type: 'EditMaterialDetails',
  data,
});

const edited = (data: { partNumber: string; partName: string; partNickname: string; previousPartNumber: string; note: string | null }): MaterialEvent => ({
  type: 'MaterialDetailsEdited',
  data: { materialId, ...data },
});

describe('material stream id', () => {
  it('names the stream by material id', () => {
    expect(materialStreamId('m-1')).toBe('material:m-1');
  });
});

describe('define', () => {
  it('defines a material with every value trimmed', () => {
    spec
      .given([])
      .when(define('  PN-100 ', ' Copper wire ', ' Cu '))
      .then([defined]);
  });

  it('allows an empty nickname', () => {
    spec
      .given([])
      .when(define('PN-100', 'Copper wire', '   '))
      .then([{ type: 'MaterialDefined', data: { materialId, partNumber: 'PN-100', partName: 'Copper wire', partNickname: '' } }]);
  });

  it('requires a part number', () => {
    spec.given([]).when(define('   ', 'Copper wire')).thenThrows('Part Number and Part Name are required', 'VALIDATION');
  });

  it('requires a part name', () => {
    spec.given([]).when(define('PN-100', '  ')).thenThrows('Part Number and Part Name are required', 'VALIDATION');
  });

  it('refuses to define the same material twice', () => {
    spec.given([defined]).when(define('PN-100', 'Copper wire')).thenThrows('Part number already exists', 'CONFLICT');
  });
});

describe('edit details', () => {
  it('renames and renumbers, carrying the full resulting values and the trimmed note', () => {
    spec
      .given([defined])
      .when(edit({ partName: ' Copper wire 12 AWG ', partNickname: ' Cu12 ', newPartNumber: ' PN-101 ', note: '  supplier renamed it ' }))
      .then([
        edited({ partNumber: 'PN-101', partName: 'Copper wire 12 AWG', partNickname: 'Cu12', previousPartNumber: 'PN-100', note: 'supplier renamed it' }),
      ]);
  });

  it('keeps the part number when no new one is given', () => {
    spec
      .given([defined])
      .when(edit({ partName: 'Copper wire 12 AWG', partNickname: 'Cu' }))
      .then([edited({ partNumber: 'PN-100', partName: 'Copper wire 12 AWG', partNickname: 'Cu', previousPartNumber: 'PN-100', note: null })]);
  });

  it('ignores a new part number that is blank after trimming', () => {
    spec
      .given([defined])
      .when(edit({ partName: 'Copper wire', partNickname: '', newPartNumber: '   ', note: '' }))
      .then([edited({ partNumber: 'PN-100', partName: 'Copper wire', partNickname: '', previousPartNumber: 'PN-100', note: null })]);
  });

  it('records nothing when nothing changes, even with a note', () => {
    spec
      .given([defined])
      .when(edit({ partName: ' Copper wire', partNickname: 'Cu ', newPartNumber: ' PN-100 ', note: 'checked' }))
      .then([]);
    spec
      .given([defined])
      .when(edit({ partName: 'Copper wire', partNickname: 'Cu', newPartNumber: null }))
      .then([]);
  });

  it('requires a part name', () => {
    spec
      .given([defined])
      .when(edit({ partName: '   ', partNickname: 'Cu' }))
      .thenThrows('Part Number and Part Name are required', 'VALIDATION');
  });

  it('refuses a material that was never defined', () => {
    spec
      .given([])
      .when(edit({ partName: 'Copper wire', partNickname: 'Cu' }))
      .thenThrows('Part number not found', 'NOT_FOUND');
  });

  it('folds the latest values into state', () => {
    const state = foldEvents(materialDecider, [
      defined,
      edited({ partNumber: 'PN-101', partName: 'Copper wire 12 AWG', partNickname: 'Cu12', previousPartNumber: 'PN-100', note: null }),
    ]);
    expect(state).toEqual({ defined: true, materialId, partNumber: 'PN-101', partName: 'Copper wire 12 AWG', partNickname: 'Cu12' });
  });
});

describe('material details over random edit sequences', () => {
  const text = fc.constantFrom('', '  ', 'PN-1', ' PN-2 ', 'Wire', 'Cable ', ' Cu');
  const commandArb = fc.oneof(
    fc.record({ partNumber: text, partName: text, partNickname: text }).map((d): MaterialCommand => ({ type: 'DefineMaterial', data: { materialId, ...d } })),
    fc
      .record({ partName: text, partNickname: text, newPartNumber: fc.option(text), note: fc.option(text) })
      .map((d): MaterialCommand => ({ type: 'EditMaterialDetails', data: d })),
  );

  it('always hold a trimmed, non-empty part number and name, and every edit changes something', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 20, size: 'max' }), (commands) => {
        let state = materialDecider.initialState();
        for (const command of commands) {
          let events: MaterialEvent[];
          try {
            events = decide(command, state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            continue;
          }
          for (const event of events) {
            const before = state;
            state = evolve(state, event);
            expect(state.defined).toBe(true);
            expect(state.partNumber).not.toBe('');
            expect(state.partName).not.toBe('');
            expect(state.partNumber).toBe(state.partNumber.trim());
            expect(state.partName).toBe(state.partName.trim());
            expect(state.partNickname).toBe(state.partNickname.trim());
            if (event.type === 'MaterialDetailsEdited') {
              expect(event.data.previousPartNumber).toBe(before.partNumber);
              expect([state.partNumber, state.partName, state.partNickname]).not.toEqual([before.partNumber, before.partName, before.partNickname]);
            }
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
