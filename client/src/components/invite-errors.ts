/**
 * What an invitation failure tells the person inviting (spec 01 §8): the rate limit and an
 * existing account have their own texts, the company-domain rule is shown at the e-mail field,
 * anything else is "Invite failed". The server's message is matched by content, as specified.
 */
import { MAX_LENGTH, lengthError } from '../shared/field-limits.ts';
import { EMAIL_REQUIRED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED } from '@contract/messages.ts';

export const INVITE_TEXT = {
  sent: 'Invite sent',
  rateLimited: "You've hit the invite rate limit. Please wait a few minutes.",
  exists: 'This user already exists.',
  failed: 'Invite failed',
} as const;

export interface InviteFailure {
  /** The toast to show. */
  toast: string;
  /** Text for the e-mail field, when the failure is about the address. */
  emailError: string | null;
}

const DOMAIN_RULE = /must be in the .+ domain/i;

export function inviteFailure(serverMessage: string | null): InviteFailure {
  const message = serverMessage ?? '';
  const lower = message.toLowerCase();
  if (lower.includes('rate limit')) return { toast: INVITE_TEXT.rateLimited, emailError: null };
  if (lower.includes('already registered')) {
    return { toast: INVITE_TEXT.exists, emailError: INVITE_TEXT.exists };
  }
  if (DOMAIN_RULE.test(message)) return { toast: INVITE_TEXT.failed, emailError: message };
  return { toast: INVITE_TEXT.failed, emailError: null };
}

export interface InviteFields {
  first_name: string;
  last_name: string;
  email: string;
}

export type InviteFieldErrors = Partial<Record<keyof InviteFields, string>>;

/** First name, last name and e-mail are required (spec 01 §5); the domain is the server's rule. */
export function validateInvite(fields: InviteFields): InviteFieldErrors {
  const errors: InviteFieldErrors = inviteLengthErrors(fields);
  if (fields.first_name.trim() === '') errors.first_name = FIRST_NAME_REQUIRED;
  if (fields.last_name.trim() === '') errors.last_name = LAST_NAME_REQUIRED;
  const email = fields.email.trim();
  if (email === '') errors.email = EMAIL_REQUIRED;
  else if (!errors.email && !/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'Enter a valid email address';
  return errors;
}

/** Boxes past their limits, said while typing. */
export function inviteLengthErrors(fields: InviteFields): InviteFieldErrors {
  const errors: InviteFieldErrors = {};
  const firstName = lengthError('First name', MAX_LENGTH.firstName, fields.first_name);
  const lastName = lengthError('Last name', MAX_LENGTH.lastName, fields.last_name);
  const email = lengthError('Email', MAX_LENGTH.email, fields.email);
  if (firstName) errors.first_name = firstName;
  if (lastName) errors.last_name = lastName;
  if (email) errors.email = email;
  return errors;
}
