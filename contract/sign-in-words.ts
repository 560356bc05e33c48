/**
 * The plain facts of signing in that the sign-in page needs before anything else: the second
 * step's methods, the limits and the words. No schema here, so the first load carries no
 * validation library; contract/sign-in.ts re-exports all of it beside the schemas.
 */

/** How the second step may be passed: a passkey, an authenticator app's code, or a recovery code. */
export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const SIGN_IN_LIMITS = {
  /** A sign-in between its steps lives this long. */
  attemptSeconds: 300,
  /** Wrong second factors one attempt may take before it is void. */
  attemptTries: 5,
  /** Second-factor checks per person per window, across attempts and processes. */
  perUserTries: 10,
  perUserWindowSeconds: 900,
  maxPasskeys: 10,
  passkeyName: 60,
  recoveryCodes: 10,
  /** An authenticator code is 6 digits; a recovery code 10 characters shown as xxxxx-xxxxx. */
  totpDigits: 6,
  recoveryCodeLength: 10,
  /** A WebAuthn answer (JSON) is small; anything larger is refused before it is parsed. */
  webauthnResponseBytes: 16_384,
} as const;

export const SIGN_IN_MESSAGES = {
  /** The second step refused: the same words whether the password, the factor or both were wrong. */
  refused: 'Invalid email, password or code',
  attemptExpired: 'Your sign-in took too long. Please sign in again.',
  tooManyTries: 'Too many attempts. Please wait a few minutes and sign in again.',
  passwordSignInOff: 'Invalid email or password. Password sign-in is turned off for this site: sign in with your company account.',
  mustEnrol: 'Your site requires a second factor. Add a passkey or an authenticator app to continue.',
  lastFactorRequired: 'Your site requires a second factor: add another one before removing this one.',
  passkeyNotFound: 'Passkey not found',
  passkeyNameRequired: 'Passkey name is required',
  passkeyNameTaken: 'You already have a passkey with this name.',
  tooManyPasskeys: `You can have at most ${SIGN_IN_LIMITS.maxPasskeys} passkeys.`,
  passkeyRefused: 'The passkey could not be verified. Please try again.',
  passkeyNotUserVerifying: 'This passkey did not verify you (no PIN or biometric); sign in with your password first.',
  totpAlreadyEnrolled: 'An authenticator app is already set up. Remove it first to set up another.',
  totpNotEnrolled: 'No authenticator app is set up.',
  totpCodeRefused: 'That code is not right. Check the time on your phone and try the newest code.',
  noRecoveryCodesLeft: 'No recovery codes are left.',
  nothingToReset: 'This person has no second factors to reset.',
  ssoProviderUnknown: 'Unknown sign-in provider',
  ssoFailed: 'Single sign-on failed. Please try again.',
  ssoNoAccount: 'There is no account for this e-mail address. Ask an administrator to invite you.',
  ssoEmailUnverified: 'Your company account did not confirm your e-mail address.',
  ssoDeactivated: 'This account is deactivated.',
} as const;

/** Why a single sign-on was refused: /login?sso_error=<code> shows the matching words. */
export const SSO_ERROR_CODES = ['failed', 'unavailable', 'denied', 'expired', 'no_account', 'email_unverified', 'deactivated', 'unknown_provider'] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const SSO_MESSAGES = {
  unavailable: 'The sign-in provider could not be reached. Please try again in a moment.',
  denied: 'The sign-in was cancelled at your company account.',
} as const;

export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  failed: SIGN_IN_MESSAGES.ssoFailed,
  unavailable: SSO_MESSAGES.unavailable,
  denied: SSO_MESSAGES.denied,
  expired: SIGN_IN_MESSAGES.attemptExpired,
  no_account: SIGN_IN_MESSAGES.ssoNoAccount,
  email_unverified: SIGN_IN_MESSAGES.ssoEmailUnverified,
  deactivated: SIGN_IN_MESSAGES.ssoDeactivated,
  unknown_provider: SIGN_IN_MESSAGES.ssoProviderUnknown,
};

/** The words for a code from the address bar; anything unknown reads as a plain failure. */
export function ssoErrorMessage(code: string): string {
  return (SSO_ERROR_MESSAGES as Record<string, string>)[code] ?? SIGN_IN_MESSAGES.ssoFailed;
}
