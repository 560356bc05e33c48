/** Validation of the sign-in form (spec 01 §5: email and password are required). */
import { EMAIL_REQUIRED, PASSWORD_REQUIRED } from '@contract/messages.ts';

export interface LoginFields {
  email: string;
  password: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginFields, string>>;

export function validateLogin(fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (fields.email.trim() === '') errors.email = EMAIL_REQUIRED;
  if (fields.password === '') errors.password = PASSWORD_REQUIRED;
  return errors;
}
