import { describe, expect, it } from 'vitest';
import { PART_NAMES_REQUIRED as NAMES_REQUIRED } from '@contract/messages.ts';
import { initialNameValues, materialEditBody, validateMaterialNames } from './material-name-form.ts';

const row = { PartNumber: 'P-100', PartName: 'Hex bolt M8', StandardName: 'Bolt' };

describe('material name edit', () => {
  it('starts from the part as it is, with an empty note', () => {
    expect(initialNameValues(row)).toEqual({ partNumber: 'P-100', partName: 'Hex bolt M8', nickname: 'Bolt', note: '' });
  });

  it('requires a part number and a part name', () => {
    const values = initialNameValues(row);
    expect(validateMaterialNames(values)).toBeNull();
    expect(validateMaterialNames({ ...values, partNumber: '  ' })).toBe(NAMES_REQUIRED);
    expect(validateMaterialNames({ ...values, partName: '' })).toBe(NAMES_REQUIRED);
    expect(validateMaterialNames({ ...values, nickname: '' })).toBeNull();
  });

  it('sends a new part number only when it changed, and the note only when written', () => {
    const values = initialNameValues(row);
    expect(materialEditBody('P-100', { ...values, partName: ' Hex bolt M10 ' })).toEqual({
      part_name: 'Hex bolt M10',
      part_nickname: 'Bolt',
    });
    expect(materialEditBody('P-100', { ...values, partNumber: ' P-100 ' })).not.toHaveProperty('new_part_number');
    expect(materialEditBody('P-100', { ...values, partNumber: 'P-101', note: ' renumbered ' })).toEqual({
      part_name: 'Hex bolt M8',
      part_nickname: 'Bolt',
      new_part_number: 'P-101',
      note: 'renumbered',
    });
  });
});
