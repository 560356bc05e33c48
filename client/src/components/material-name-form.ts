/** The rules of editing a part's names (spec 01 §5 "Material edit"). Pure, so tested directly. */
import type { InventoryRow } from '../api/material-types.ts';

export const NAMES_REQUIRED = 'Part Number and Part Name are required';

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

/** The message to show, or null when the values may be saved. */
export function validateMaterialNames(values: MaterialNameValues): string | null {
  return values.partNumber.trim() === '' || values.partName.trim() === '' ? NAMES_REQUIRED : null;
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
