/**
 * The contract's input limits as the forms use them: a message as soon as a text is too long or
 * a quantity is out of bounds, in the same words the server would answer with, so a person
 * meets the limit in the form rather than in a refused save.
 */
import { quantity, tooLongMessage } from '../../../contract/fields.ts';
import { MAX_LENGTH, MAX_QUANTITY } from '../../../contract/limits.ts';

export { MAX_LENGTH, MAX_QUANTITY };

/** "Part name is too long (at most 200 characters)." once `value` passes `max`, else undefined. */
export function lengthError(label: string, max: number, value: string): string | undefined {
  return value.trim().length > max ? tooLongMessage(label, max) : undefined;
}

/**
 * The problem with a typed quantity, or undefined when it is a whole number from 1 to
 * MAX_QUANTITY. `positive` is the form's own words for zero or less, `required` for a blank box.
 */
export function quantityError(text: string, positive: string, required = positive): string | undefined {
  const result = quantity({ positive, required }).safeParse(text.trim());
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The quantity typed, when `quantityError` finds nothing. */
export function wholeQuantity(text: string): number | null {
  return quantityError(text, 'invalid') === undefined ? Number(text.trim()) : null;
}
