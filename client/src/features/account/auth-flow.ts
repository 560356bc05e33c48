/**
 * Rules of the /auth screen (spec 02 §2.8, §4.2, §5, §8): which flow a link belongs to, the
 * title of the password step, what verification type the server expects, and the messages.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import { INVALID_CODE, INVALID_LINK, OTP_FIELDS_REQUIRED } from '@contract/messages.ts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { serverDetail } from '../../api/error-message.ts';

export type AuthFlowType = 'invite' | 'reset' | 'other';
export type OtpType = 'email' | 'recovery';
export type ExchangeFlow = 'invite' | 'reset';

export const AUTH_TEXT = {
  verifyTitle: 'Verify your email',
  missingFields: OTP_FIELDS_REQUIRED,
  invalidCode: INVALID_CODE,
  verifyFailedInline: 'Something went wrong. Please try again.',
  invalidLink: INVALID_LINK,
  mismatch: 'Passwords do not match',
  saved: 'Password saved. Redirecting…',
  saveFailed: 'Failed to update password',
  resetNotice: 'If an account exists, we just emailed you a one-time code. Please check your inbox (and spam) and enter it on the next screen.',
} as const;

/** Toast durations of spec 02 §9. */
export const PASSWORD_ERROR_DURATION = 8000;
export const RESET_NOTICE_DURATION = 7000;

export function authFlowType(value: string | null): AuthFlowType {
  return value === 'invite' || value === 'reset' ? value : 'other';
}

export function passwordStepTitle(type: AuthFlowType): string {
  switch (type) {
    case 'invite':
      return 'Set your password before logging in';
    case 'reset':
      return 'Reset your password';
    default:
      return 'Set your password';
  }
}

/** verify-otp's `type`: "recovery" for a reset, "email" otherwise. */
export function otpType(type: AuthFlowType): OtpType {
  return type === 'reset' ? 'recovery' : 'email';
}

/** exchange's `flow`: a link is either a reset link or an invitation. */
export function exchangeFlow(type: AuthFlowType): ExchangeFlow {
  return type === 'reset' ? 'reset' : 'invite';
}

/** The message for the verify step when a field is empty, else null. */
export function verifyFieldsError(email: string, code: string): string | null {
  return email.trim() === '' || code.trim() === '' ? AUTH_TEXT.missingFields : null;
}

/** The message for the password step when the two entries differ, else null. */
export function passwordMismatch(password: string, confirm: string): string | null {
  return password === confirm ? null : AUTH_TEXT.mismatch;
}

/** update-password failures: the server's detail, else its message, else the default. */
export function passwordFailureMessage(error: FetchBaseQueryError | SerializedError | undefined): string {
  return serverDetail(error) ?? AUTH_TEXT.saveFailed;
}

/** The one-time code a link may carry (otp or code). */
export function codeFromLink(params: URLSearchParams): string {
  return params.get('otp') ?? params.get('code') ?? '';
}

/** Where the reset-request screen continues. */
export function resetAuthPath(email: string): string {
  return `/auth?${new URLSearchParams({ type: 'reset', email }).toString()}`;
}

/** Where a valid invitation link continues. */
export function inviteAuthPath(email: string): string {
  return `/auth?${new URLSearchParams({ type: 'invite', email }).toString()}`;
}
