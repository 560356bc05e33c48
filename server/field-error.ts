/** A refusal of one input the schema could not see (a cell inside an uploaded file): 400 with its field. */
import { DomainError } from '../ledger/errors.ts';

export class FieldError extends DomainError {
  declare readonly field: string;
  constructor(field: string, message: string) {
    super('VALIDATION', message, field);
  }
}
