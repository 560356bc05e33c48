/**
 * Receive materials into a warehouse (spec 02 §2.4, §5): details, location, summary. Pure, so each
 * message is tested; the server checks the same rules again and its answer is shown when it differs.
 */
import type { CatalogPart } from '../../api/material-types.ts';
import { MAX_LENGTH, lengthError, quantityError } from '../../shared/field-limits.ts';
import type { PlaceInput } from '../../api/warehouse-types.ts';
import { EMPTY_LOCATION, hasPlace, locationBody, locationLengthError, type LocationValues } from './location.ts';
import { WAREHOUSE_MESSAGES as M } from './warehouse-messages.ts';

export type ReceiveStep = 'details' | 'location' | 'summary';
export const RECEIVE_STEPS: readonly ReceiveStep[] = ['details', 'location', 'summary'];
export const RECEIVE_STEP_LABELS: Record<ReceiveStep, string> = { details: 'Details', location: 'Location', summary: 'Summary' };

export interface ReceiveValues {
  newPart: boolean;
  partNumber: string;
  partName: string;
  nickname: string;
  quantity: string;
  location: LocationValues;
}

export const EMPTY_RECEIVE: ReceiveValues = { newPart: false, partNumber: '', partName: '', nickname: '', quantity: '1', location: EMPTY_LOCATION };

export type ReceiveField = 'partNumber' | 'partName' | 'nickname' | 'quantity' | 'location' | 'form';
export type ReceiveErrors = Partial<Record<ReceiveField, string | true>>;

/** What stops Next on `step`; empty when nothing does. */
export function receiveStepErrors(step: ReceiveStep, values: ReceiveValues, catalogPart: (number: string) => CatalogPart | undefined): ReceiveErrors {
  const errors: ReceiveErrors = {};
  if (step === 'details') {
    const number = values.partNumber.trim();
    const tooLong =
      lengthError('Part number', MAX_LENGTH.partNumber, values.partNumber) ??
      (values.newPart
        ? (lengthError('Part name', MAX_LENGTH.partName, values.partName) ?? lengthError('Nickname', MAX_LENGTH.partNickname, values.nickname))
        : undefined);
    if (tooLong) errors.form = tooLong;
    else if (!values.newPart) {
      if (number === '') errors.partNumber = M.selectMaterialToReceive;
      else if (!catalogPart(number)) errors.partNumber = M.notInCatalog;
    } else if ([number, values.partName.trim(), values.nickname.trim()].some((v) => v === '')) {
      errors.form = M.newPartFields;
      if (number === '') errors.partNumber = true;
      if (values.partName.trim() === '') errors.partName = true;
      if (values.nickname.trim() === '') errors.nickname = true;
    } else if (catalogPart(number)) {
      errors.partNumber = M.partExists;
    }
    const quantity = quantityError(values.quantity, M.quantityAtLeastOne);
    if (quantity) errors.quantity = quantity;
  } else if (step === 'location') {
    const tooLong = locationLengthError(values.location);
    if (tooLong) errors.location = tooLong;
    else if (!hasPlace(values.location)) errors.location = M.locationField;
  }
  return errors;
}

export interface ReceiveBody {
  part_number: string;
  quantity: number;
  part_name?: string;
  part_nickname?: string;
  location: PlaceInput;
}

export function receiveBody(values: ReceiveValues): ReceiveBody {
  const body: ReceiveBody = { part_number: values.partNumber.trim(), quantity: Number(values.quantity.trim()), location: locationBody(values.location) };
  if (values.newPart) {
    body.part_name = values.partName.trim();
    body.part_nickname = values.nickname.trim();
  }
  return body;
}
