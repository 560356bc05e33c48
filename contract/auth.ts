/** Signing in and the account flows: the current user, login, codes, links and passwords. */
import { z } from 'zod';
import { GLOBAL_ROLES } from './roles.ts';
import { email, text } from './fields.ts';
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from './limits.ts';
import { INVALID_LINK, OTP_FIELDS_REQUIRED, PASSWORD_REQUIRED } from './messages.ts';

export const globalRole = z.enum(GLOBAL_ROLES, { error: 'Choose guest, user, admin, superadmin or auditor' });

/** Where the signed-in person stands with the site's second-factor policy (contract/sign-in.ts). */
export const secondFactorStatus = z.object({
  /** The site's policy asks this person for a second factor. */
  required: z.boolean(),
  /** How many they have (passkeys and an authenticator app). */
  enrolled: z.number(),
  /** Required and none yet: nothing but enrolment until they add one. */
  must_enrol: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

/** The signed-in user as GET /api/users/me returns it. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_email: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  role: globalRole,
  emails: z.boolean(),
  stock_emails: z.boolean(),
  second_factor: secondFactorStatus,
});
export type Me = z.infer<typeof meSchema>;

/** Sign-in takes the address as typed (no format check), so a typo gets the same answer as a wrong password. */
export const loginBody = z.object({
  email: email(),
  password: text({ label: 'Password', max: MAX_LENGTH.password, required: PASSWORD_REQUIRED, trim: false }),
});

export const sessionReply = z.object({ user: meSchema });

export const inviteTokenParams = z.object({
  id: text({ label: 'Link', max: MAX_LENGTH.linkToken, required: 'Link is required' }).pipe(z.string().min(10, INVALID_LINK)),
});
export const inviteTokenAnswer = z.object({ email: z.string(), type: z.literal('invite') });

export const verifyOtpBody = z.object({
  email: email({ required: OTP_FIELDS_REQUIRED }),
  token: text({ label: 'Code', max: MAX_LENGTH.oneTimeCode, required: OTP_FIELDS_REQUIRED }),
  type: z.enum(['email', 'recovery'], { error: 'Type must be email or recovery.' }).default('email'),
});

export const exchangeBody = z.object({
  token: text({ label: 'Token', max: MAX_LENGTH.linkToken, required: 'token is required' }),
  flow: z.enum(['invite', 'reset'], { error: 'Flow must be invite or reset.' }),
});

export const passwordTooShort = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const updatePasswordBody = z.object({
  password: text({ label: 'Password', max: MAX_LENGTH.password, required: PASSWORD_REQUIRED, trim: false }).pipe(
    z.string().min(MIN_PASSWORD_LENGTH, passwordTooShort),
  ),
});

export const resetRequestBody = z.object({ email: email() });

export const ok = z.object({ ok: z.literal(true) });
