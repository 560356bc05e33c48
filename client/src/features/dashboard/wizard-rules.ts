/**
 * The material wizards (spec 01 §2 "Receive / return / assign wizards", §5): their steps, what each
 * step checks before Next, and what is sent. Pure, so every message is tested; the server checks
 * the same rules again and its answer is shown when it differs.
 */
import {
  ASSIGN_USER_REQUIRED,
  EXCEEDS_ASSIGNED,
  INSUFFICIENT_QUANTITY,
  NEW_PART_NEEDS_NAMES,
  PART_NOT_FOUND,
  PART_NOT_IN_CATALOG,
  PART_NUMBER_TAKEN,
  PART_REQUIRED,
  QUANTITY_POSITIVE,
} from '@contract/messages.ts';
import type { CatalogPart, InventoryRow } from '../../api/material-types.ts';
import { MAX_LENGTH, lengthError, quantityError as quantityProblem, wholeQuantity } from '../../shared/field-limits.ts';

export type StockAction = 'receive' | 'return' | 'assign' | 'unassign';
export type WizardStep = 'mode' | 'details' | 'part' | 'user' | 'bin' | 'confirm';
export type ReceiveMode = 'existing' | 'new';

export const ACTION_VERBS: Record<StockAction, string> = {
  receive: 'Receive',
  return: 'Return',
  assign: 'Assign',
  unassign: 'Unassign',
};

export const STEP_LABELS: Record<WizardStep, string> = {
  mode: 'Part type',
  details: 'Details',
  part: 'Part',
  user: 'User',
  bin: 'Rack & shelf',
  confirm: 'Confirm',
};

export const MESSAGES = {
  enterPart: PART_REQUIRED,
  quantity: QUANTITY_POSITIVE,
  notInProject: PART_NOT_FOUND,
  notInCatalog: PART_NOT_IN_CATALOG,
  newPartFields: NEW_PART_NEEDS_NAMES,
  partExists: PART_NUMBER_TAKEN,
  insufficient: INSUFFICIENT_QUANTITY,
  selectAssignUser: ASSIGN_USER_REQUIRED,
  selectUnassignUser: 'Choose a user to unassign from',
  exceedsAssigned: EXCEEDS_ASSIGNED,
} as const;

/** Receive: part type, then its details. Return: the part, then rack and shelf when the project manages logistics. */
export function wizardSteps(action: StockAction, managingLogistics: boolean): WizardStep[] {
  switch (action) {
    case 'receive':
      return ['mode', 'details', 'confirm'];
    case 'return':
      return managingLogistics ? ['part', 'bin', 'confirm'] : ['part', 'confirm'];
    case 'assign':
    case 'unassign':
      return ['part', 'user', 'confirm'];
    default: {
      const unknown: never = action;
      throw new Error(`Unknown action ${String(unknown)}`);
    }
  }
}

export interface WizardValues {
  mode: ReceiveMode;
  partNumber: string;
  partName: string;
  nickname: string;
  quantity: string;
  userId: string | null;
  rack: string;
  shelf: string;
}

export const EMPTY_WIZARD: WizardValues = {
  mode: 'existing',
  partNumber: '',
  partName: '',
  nickname: '',
  quantity: '1',
  userId: null,
  rack: '',
  shelf: '',
};

export interface WizardContext {
  /** The shared catalogue, for receiving (a new part number must not be in it, an existing one must). */
  catalogPart: (number: string) => CatalogPart | undefined;
  /** The project's stock, for returning, assigning and unassigning. */
  projectPart: (number: string) => InventoryRow | undefined;
  /** Assign: on hand, the most that can be assigned. Unassign: what the chosen user holds. */
  limit: number | null;
}

export type WizardField = 'partNumber' | 'partName' | 'nickname' | 'quantity' | 'userId' | 'rack' | 'form';
/** A message, or true for a field that is only marked (the message is shown once, for the form). */
export type WizardErrors = Partial<Record<WizardField, string | true>>;

/** A whole number from 1 to the largest quantity, else null. */
export const parseQuantity = wholeQuantity;

function quantityError(values: WizardValues, limit: number | null, overLimit: string): string | undefined {
  const problem = quantityProblem(values.quantity, MESSAGES.quantity);
  if (problem) return problem;
  if (limit !== null && (parseQuantity(values.quantity) ?? 0) > limit) return overLimit;
  return undefined;
}

/**
 * Texts past their limits, said while typing (the wizard shows these at once) and checked again
 * on Next. Rack and shelf are stored together as one bin text.
 */
export function lengthErrors(values: WizardValues): WizardErrors {
  const errors: WizardErrors = {};
  const partNumber = lengthError('Part number', MAX_LENGTH.partNumber, values.partNumber);
  const partName = lengthError('Part name', MAX_LENGTH.partName, values.partName);
  const nickname = lengthError('Nickname', MAX_LENGTH.partNickname, values.nickname);
  const bin = lengthError('Rack and shelf text', MAX_LENGTH.binInfo, binInfo(values.rack, values.shelf) ?? '');
  if (partNumber) errors.partNumber = partNumber;
  if (partName) errors.partName = partName;
  if (nickname) errors.nickname = nickname;
  if (bin) errors.rack = bin;
  return errors;
}

function receiveErrors(values: WizardValues, context: WizardContext): WizardErrors {
  const { partNumber, partName, nickname } = lengthErrors(values);
  // An existing part is named by its number alone; the name boxes are not shown then.
  const tooLong: WizardErrors = values.mode === 'existing' ? { partNumber } : { partNumber, partName, nickname };
  for (const field of Object.keys(tooLong) as WizardField[]) if (!tooLong[field]) delete tooLong[field];
  if (Object.keys(tooLong).length > 0) {
    const quantity = quantityError(values, null, MESSAGES.quantity);
    return quantity ? { ...tooLong, quantity } : tooLong;
  }
  const errors: WizardErrors = {};
  const number = values.partNumber.trim();
  if (values.mode === 'existing') {
    if (number === '') errors.partNumber = MESSAGES.enterPart;
    else if (!context.catalogPart(number)) errors.partNumber = MESSAGES.notInCatalog;
  } else {
    const missing = [number, values.partName.trim(), values.nickname.trim()].some((v) => v === '');
    if (missing) {
      errors.form = MESSAGES.newPartFields;
      if (number === '') errors.partNumber = true;
      if (values.partName.trim() === '') errors.partName = true;
      if (values.nickname.trim() === '') errors.nickname = true;
    } else if (context.catalogPart(number)) {
      errors.partNumber = MESSAGES.partExists;
    }
  }
  const quantity = quantityError(values, null, MESSAGES.quantity);
  if (quantity) errors.quantity = quantity;
  return errors;
}

function projectPartErrors(values: WizardValues, context: WizardContext): WizardErrors {
  const number = values.partNumber.trim();
  const tooLong = lengthErrors(values).partNumber;
  if (tooLong) return { partNumber: tooLong };
  if (number === '') return { partNumber: MESSAGES.enterPart };
  if (!context.projectPart(number)) return { partNumber: MESSAGES.notInProject };
  return {};
}

/** What stops the user from leaving `step` with Next (or submitting from it); empty when nothing. */
export function stepErrors(action: StockAction, step: WizardStep, values: WizardValues, context: WizardContext): WizardErrors {
  switch (step) {
    case 'mode':
    case 'confirm':
      return {};
    case 'bin': {
      const rack = lengthErrors(values).rack;
      return rack ? { rack } : {};
    }
    case 'details':
      return receiveErrors(values, context);
    case 'part': {
      const errors = projectPartErrors(values, context);
      if (action !== 'return' || errors.partNumber) return errors;
      const onHand = context.projectPart(values.partNumber.trim())?.QtyOnHand ?? 0;
      const quantity = quantityError(values, onHand, MESSAGES.insufficient);
      return quantity ? { quantity } : {};
    }
    case 'user': {
      const assign = action === 'assign';
      const errors: WizardErrors = {};
      if (!values.userId) errors.userId = assign ? MESSAGES.selectAssignUser : MESSAGES.selectUnassignUser;
      const quantity = quantityError(values, values.userId ? context.limit : null, assign ? MESSAGES.insufficient : MESSAGES.exceedsAssigned);
      if (quantity) errors.quantity = quantity;
      return errors;
    }
    default: {
      const unknown: never = step;
      throw new Error(`Unknown step ${String(unknown)}`);
    }
  }
}

/** "Rack A3, Shelf 2" from the logistics step, or null when neither was given. */
export function binInfo(rack: string, shelf: string): string | null {
  const parts = [rack.trim() && `Rack ${rack.trim()}`, shelf.trim() && `Shelf ${shelf.trim()}`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export type WizardRequest =
  | { action: 'receive'; part_number: string; quantity: number; part_name?: string; standard_name?: string }
  | { action: 'return'; part_number: string; quantity: number; bin_info: string | null }
  | { action: 'assign' | 'unassign'; part_number: string; quantity: number; user_id: string };

/** The body to send once every step has passed its checks. */
export function wizardRequest(action: StockAction, values: WizardValues): WizardRequest {
  const part_number = values.partNumber.trim();
  const quantity = parseQuantity(values.quantity) ?? 0;
  switch (action) {
    case 'receive':
      return values.mode === 'new'
        ? { action, part_number, quantity, part_name: values.partName.trim(), standard_name: values.nickname.trim() }
        : { action, part_number, quantity };
    case 'return':
      return { action, part_number, quantity, bin_info: binInfo(values.rack, values.shelf) };
    case 'assign':
    case 'unassign':
      return { action, part_number, quantity, user_id: values.userId ?? '' };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown action ${String(unknown)}`);
    }
  }
}
