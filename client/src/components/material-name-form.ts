/** The rules of editing a part's names (spec 01 §5 "Material edit"). Pure, so tested directly. */
import { PART_NAMES_REQUIRED } from '@contract/messages.ts';
import type { InventoryRow } from '../api/material-types.ts';
import { MAX_LENGTH, lengthError } from '../shared/field-limits.ts';

export interface MaterialNameValues {
  partNumber: string;
  partName: string;
  nickname: string;
  note: string;
}

export interface MaterialEditBody {
  part_name: string;
  part_nickname: string;
  new_part_number?: string;
  note?: string;
}

export function initialNameValues(row: Pick<InventoryRow, 'PartNumber' | 'PartName' | 'StandardName'>): MaterialNameValues {
  return { partNumber: row.PartNumber, partName: row.PartName, nickname: row.StandardName, note: '' };
}

/** Each box past its limit, with the message to show under it while typing. */
export function materialNameLengthErrors(values: MaterialNameValues): Partial<Record<keyof MaterialNameValues, string>> {
  const errors: Partial<Record<keyof MaterialNameValues, string>> = {};
  const checks: Array<[keyof MaterialNameValues, string, number]> = [
    ['partNumber', 'Part number', MAX_LENGTH.partNumber],
    ['partName', 'Part name', MAX_LENGTH.partName],
    ['nickname', 'Nickname', MAX_LENGTH.partNickname],
    ['note', 'Note', MAX_LENGTH.note],
  ];
  for (const [field, label, max] of checks) {
    const message = lengthError(label, max, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The message to show, or null when the values may be saved. */
export function validateMaterialNames(values: MaterialNameValues): string | null {
  if (values.partNumber.trim() === '' || values.partName.trim() === '') return PART_NAMES_REQUIRED;
  return Object.values(materialNameLengthErrors(values))[0] ?? null;
}

/** The request body: a new part number only when it changed and is not blank after trimming. */
export function materialEditBody(originalNumber: string, values: MaterialNameValues): MaterialEditBody {
  const body: MaterialEditBody = { part_name: values.partName.trim(), part_nickname: values.nickname.trim() };
  const number = values.partNumber.trim();
  if (number !== '' && number !== originalNumber.trim()) body.new_part_number = number;
  const note = values.note.trim();
  if (note !== '') body.note = note;
  return body;
}
