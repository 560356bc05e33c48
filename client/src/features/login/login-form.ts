/** Validation of the sign-in form (spec 01 §5: email and password are required). */

export interface LoginFields {
  email: string;
  password: string;
}

export type LoginFieldErrors = Partial<Record<keyof LoginFields, string>>;

export function validateLogin(fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (fields.email.trim() === '') errors.email = 'Email is required';
  if (fields.password === '') errors.password = 'Password is required';
  return errors;
}
